import { promises as fs } from 'node:fs'
import { join } from 'node:path'

import type {
  LibrarySyncStatus,
  LibraryWatchState,
  SyncEngineSeen,
} from '@shared/library/syncStatus'
import type { TrashEntry } from '@shared/library/trash'

import type { LibraryCore } from '../core/LibraryCore'

/** Deletes the status lists; the rest are counted. */
const TRASH_LISTED = 200

const present = (path: string) =>
  fs.lstat(path).then(
    () => true,
    () => false,
  )

/** The engine whose marker the folder holds: Syncthing's `.stfolder`, Dropbox's `.dropbox`. */
export async function syncEngineOf(root: string): Promise<SyncEngineSeen> {
  if (await present(join(root, '.stfolder'))) return 'syncthing'
  if ((await present(join(root, '.dropbox'))) || (await present(join(root, '.dropbox.cache'))))
    return 'dropbox'
  return null
}

/**
 * The Sync panel's view of the folder (issue #28): the transfers the watcher saw start that are
 * still under way (their temp files still exist), files waiting to be complete, merges, the last
 * change from outside the app, and the library's trash.
 */
export async function syncStatusOf(
  core: LibraryCore,
  trash: TrashEntry[],
  changes: LibraryWatchState,
): Promise<LibrarySyncStatus> {
  const root = core.root ?? ''
  const a = core.activity
  for (const rel of [...a.arriving])
    if (!root || !(await present(join(root, rel)))) a.arriving.delete(rel)
  return {
    dir: root,
    engine: root ? await syncEngineOf(root) : null,
    arriving: a.arriving.size,
    waiting: a.waiting.size,
    conflictsMerged: a.conflictsMerged,
    lastMergeAt: a.lastMergeAt,
    lastExternalChangeAt: a.lastExternalChangeAt,
    problems: [...a.problems].slice(0, 100).map(([relPath, message]) => ({ relPath, message })),
    changes,
    trash: trash.slice(0, TRASH_LISTED),
    trashCount: trash.length,
  }
}
