/**
 * What the library has seen of a sync engine at work in its folder (issue #28), for the Sync
 * panel: transfers under way, files waiting to be complete, conflict copies merged, the last
 * change that came from outside the app. Kept in memory: it describes this run only.
 */
export interface SyncActivity {
  /** Temporary files of transfers under way (relative paths), as the watcher saw them appear. */
  arriving: Set<string>
  /** Media files not indexed yet because they are still being written (relative paths). */
  waiting: Set<string>
  /** Conflict copies merged back into their originals since the app started. */
  conflictsMerged: number
  lastMergeAt: number | null
  /** When a file changed by something other than this app (another machine) was last indexed. */
  lastExternalChangeAt: number | null
  /** Conflict copies that could not be merged, by relative path: kept, and shown. */
  problems: Map<string, string>
}

export const newSyncActivity = (): SyncActivity => ({
  arriving: new Set(),
  waiting: new Set(),
  conflictsMerged: 0,
  lastMergeAt: null,
  lastExternalChangeAt: null,
  problems: new Map(),
})
