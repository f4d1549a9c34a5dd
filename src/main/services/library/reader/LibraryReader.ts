/**
 * reader/: reading a whole library folder for a first index or a restart's stat walk, the work
 * the worker threads do (workers/libraryReader.ts). It runs where Electron and native modules
 * must not be loaded: it only reads (fs and JSON), never writes the index, and imports nothing
 * but disk/ and index/ types.
 */
import type { DiskStamp, ScanProblem } from '../disk/scan'
import type { IndexRow } from '../index/LibraryIndex'

/**
 * What the library reader sends, in order: rows (or, for a restart, stamps) in chunks, then one
 * `done` (or `unreadable`).
 */
export type ReaderMessage =
  | { type: 'rows'; rows: IndexRow[] }
  /** A restart's stat walk: media files as scanFolder stamps them. */
  | { type: 'stamps'; files: Array<[string, DiskStamp]> }
  | {
      type: 'done'
      /**
       * Files the reader left to main's thread, stamped: no sidecar, a sidecar that does not parse
       * or no longer matches the file. They need measuring, hashing or a problem on their row
       * (sync/rowFromDisk.ts), which may load native code the reader thread must not.
       */
      others: Array<[string, DiskStamp]>
      errors: ScanProblem[]
      /**
       * Sync engines' conflict copies the walk passed (relative paths): merged on main's thread
       * before the files they are copies of are read, which the reader leaves in `others`.
       */
      conflicts?: string[]
    }
  /** The library folder itself could not be listed. */
  | { type: 'unreadable'; message: string }

/**
 * Reads a whole library folder off main's thread: every sidecar for a first index (`rows`, the
 * default) or every file's stamp for a restart (`stamps`); the app's is
 * adapters/threads/libraryReaderThread.ts. The next message is read only when the consumer asks
 * for it, which is what holds the reader back when the index writes fall behind; leaving the
 * loop early stops the reader.
 */
export type LibraryReader = (root: string, job?: ReaderJob) => AsyncIterable<ReaderMessage>

/** What a reader does with the folder: read every sidecar (a first index), or stamp every file. */
export type ReaderJob = 'rows' | 'stamps'
