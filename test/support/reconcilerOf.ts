import { join } from 'node:path'

import { Thumbnailer } from '@main/adapters/thumbnails/Thumbnailer'
import { MainEvents } from '@main/events'
import { LibraryCore, type LibraryServiceOptions } from '@main/services/library/core/LibraryCore'
import { DeleteHolding } from '@main/services/library/holding/DeleteHolding'
import { LibraryIndex } from '@main/services/library/index/LibraryIndex'
import { LibraryReconciler } from '@main/services/library/sync/reconcile'
import type { LibraryChange } from '@shared/library/types'
import { vi } from 'vitest'

/**
 * A LibraryReconciler over `root` on a core of its own, with a fresh index in `userData` (pushed
 * to `open` for the test to close): no LibraryService, no folder watch, so a test drives all()
 * and paths() itself and sees what they announce (`changes`) and ask of LibraryFolder
 * (`onWaiting`, `onUnreadable`). For the fast tests of sync/reconcile.ts.
 */
export function reconcilerOf(
  root: string,
  userData: string,
  open: LibraryIndex[],
  extra: Partial<Pick<LibraryServiceOptions, 'reader' | 'writer' | 'readerStampsFrom'>> = {},
) {
  const events = new MainEvents()
  const changes: LibraryChange[] = []
  events.forward((e, p) => {
    if (e === 'library:changed') changes.push(p as LibraryChange)
  })
  const trash = { trashItem: async () => {} }
  const options: LibraryServiceOptions = {
    settings: { settings: async () => ({ libraryDir: root }) },
    events,
    indexPath: join(userData, 'index.sqlite'),
    thumbs: new Thumbnailer(join(userData, 'thumbs')),
    trash,
    ...extra,
  }
  const core = new LibraryCore(
    options,
    options.thumbs,
    new DeleteHolding(trash, 1000),
    Date.now,
    () => {},
  )
  core.index = new LibraryIndex(options.indexPath)
  open.push(core.index)
  core.root = root
  const onUnreadable = vi.fn(async () => {})
  const onWaiting = vi.fn()
  const reconciler = new LibraryReconciler(core, onUnreadable, onWaiting)
  return { core, reconciler, changes, onWaiting, onUnreadable, indexPath: options.indexPath }
}

/** What reconcilerOf gives a test. */
export type Reconciling = ReturnType<typeof reconcilerOf>
