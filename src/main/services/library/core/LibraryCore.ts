/**
 * core/: what the library's parts share (the open index, the attached folder and its state, the
 * one queue every mutation runs through, the change events) and the service's options. It holds
 * state, not work: it never reads the folder or writes the index itself, and imports only types
 * from the other parts, so every part can depend on it without a cycle.
 */
import type { LibraryChange, LibraryStatus } from '@shared/library/types'

import type { SqliteOpener } from '../../../adapters/sqlite/openDatabase'
import type { Thumbnailer } from '../../../adapters/thumbnails/Thumbnailer'
import type { Trash } from '../../../adapters/trash/Trash'
import type { MainEvents } from '../../../events'
import type { DeleteHolding } from '../holding/DeleteHolding'
import type { LibraryIndex } from '../index/LibraryIndex'
import type { LibraryReader } from '../reader/LibraryReader'
import type { WatchFolder } from '../sync/folderWatch'
import type { IndexWriter } from '../writer/IndexWriter'
import { newSyncActivity } from './syncActivity'

export interface LibraryServiceOptions {
  /** Where the current library folder comes from (SettingsService). */
  settings: { settings(): Promise<{ libraryDir: string }> }
  events: MainEvents
  /** SQLite index file, in userData (never inside the library folder). */
  indexPath: string
  /** Thumbnails and posters (sharp), cached outside the library (userData/cache/thumbs). */
  thumbs: Thumbnailer
  trash: Trash
  now?: () => number
  undoWindowMs?: number
  /** Watch the folder for files appearing or vanishing (default true). */
  watch?: boolean
  watchDebounceMs?: number
  /** How the folder is watched (sync/folderWatch.ts); default `watchFolderTree`. */
  watchFolder?: WatchFolder
  /**
   * Whether a folder is on a network share, where change events from other machines never
   * arrive: such a folder is polled as well as watched (sync/FolderPoller.ts; the container
   * passes adapters/fs/networkFilesystem.ts). None: the watcher is trusted.
   */
  networkShare?: (dir: string) => Promise<boolean>
  /** How often a polled folder is looked at, in ms (sync/FolderPoller.ts, POLL_MS). */
  pollMs?: number
  /** Where to report background problems (watcher, trash); defaults to console.warn. */
  log?: (message: string) => void
  /**
   * Reads a folder off main's thread (the container's worker threads): its first index, and a
   * restart's stat walk once the index holds `readerStampsFrom` items (sync/reconcile.ts,
   * STAMPS_ON_THREADS_FROM: below it starting the threads costs more than they save); none: both
   * on main's thread like any reconcile.
   */
  reader?: LibraryReader
  readerStampsFrom?: number
  /**
   * The index's bulk writes in a process of their own (writer/IndexWriter.ts: a first index, a
   * large restart's reconcile, rows main made); none: they are written on main's thread.
   */
  writer?: IndexWriter
  /** Opens the index database (the container's, with the process's native binding). */
  openDatabase?: SqliteOpener
  /**
   * When the background hashing for "find similar" starts, in ms (LibrarySimilar; tests: 0):
   * after the first reconcile, and after an item is added.
   */
  similar?: { startDelayMs?: number; addedDelayMs?: number }
}

/**
 * What the parts of the library share (folder, reconcile, ingest, edits, files out): the open
 * index, the attached folder and its state, the one queue every mutation runs through, and the
 * change events. The parts never keep their own copies of these.
 */
export class LibraryCore {
  index: LibraryIndex | null = null
  root: string | null = null
  closed = false
  state: LibraryStatus['state'] = 'ok'
  stateMessage: string | null = null
  reconciled = false
  /** Rows the writer has written so far while it builds the first index (null: not building). */
  indexing: number | null = null
  scanProblems: Array<{ relPath: string; message: string }> = []
  /** What a sync engine did in the folder, as the library saw it (the Sync panel, #28). */
  readonly activity = newSyncActivity()
  private queue: Promise<unknown> = Promise.resolve()

  constructor(
    readonly options: LibraryServiceOptions,
    readonly thumbs: Thumbnailer,
    readonly holding: DeleteHolding,
    readonly now: () => number,
    readonly log: (message: string) => void,
  ) {}

  idx(): LibraryIndex {
    if (!this.index) throw new Error('The library index is not open.')
    return this.index
  }

  dir(): string {
    if (!this.root) throw new Error('The library folder is not attached.')
    return this.root
  }

  /** Runs mutations one at a time, in call order. */
  serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work)
    this.queue = next.catch(() => {})
    return next
  }

  /** Resolves when every mutation queued so far has run. */
  drained(): Promise<unknown> {
    return this.queue
  }

  emit(change: LibraryChange): void {
    this.options.events.emit('library:changed', change)
  }

  setState(state: LibraryStatus['state'], message: string | null): void {
    this.state = state
    this.stateMessage = message
  }

  statusNow(): LibraryStatus {
    const index = this.idx()
    return {
      dir: this.root ?? '',
      ready: this.reconciled,
      itemCount: this.indexing ?? index.count(),
      state: this.state,
      message: this.stateMessage,
      // While the writer builds, the index's own problem rows wait for the end of the build: their
      // query reads the whole table, on main's thread.
      problems: [...this.scanProblems, ...(this.indexing === null ? index.problems() : [])].slice(
        0,
        100,
      ),
    }
  }

  emitStatus(): void {
    if (this.index) this.options.events.emit('library:status', this.statusNow())
  }

  /** Whether the folder can be read (it may still be read-only). */
  get usable(): boolean {
    return this.state === 'ok' || this.state === 'readonly'
  }
}
