/**
 * The library folder's sync state as the app sees it (issue #28), for Settings → Sync. The app
 * never talks to the sync engine: everything here is what it sees in the folder.
 */
import type { TrashEntry } from './trash'

/** Sync engines the app recognises by the marker they keep in a synced folder. */
export type SyncEngineSeen = 'syncthing' | 'dropbox' | null

/** How the app notices changes in the library folder. */
export interface LibraryWatchState {
  /** The folder is watched (the OS reports changes as they happen). */
  watching: boolean
  /** The folder is polled, every this many seconds; null when it is not. */
  pollEverySec: number | null
  /** Why it is polled (a network share, a watch that failed); null when it is not. */
  reason: string | null
}

export interface LibrarySyncStatus {
  dir: string
  /** The engine whose marker is in the folder (`.stfolder`, `.dropbox`), if any. */
  engine: SyncEngineSeen
  /** Transfers under way: the engine's temporary files in the folder now. */
  arriving: number
  /** Files that arrived but are not complete yet (indexed once they are). */
  waiting: number
  /** Conflict copies merged back since the app started. */
  conflictsMerged: number
  /** ms since epoch, or null. */
  lastMergeAt: number | null
  /** When a change made outside this app (another machine) was last picked up; ms or null. */
  lastExternalChangeAt: number | null
  /** Conflict copies kept as they are: a sidecar's that could not be merged, a picture's or video's. */
  problems: Array<{ relPath: string; message: string }>
  /** How changes in the folder are noticed: watched, polled, or both (and why). */
  changes: LibraryWatchState
  /** The library's trash, newest first (at most 200 deletes). */
  trash: TrashEntry[]
  /** Deletes in the trash in all (when more than listed). */
  trashCount: number
}
