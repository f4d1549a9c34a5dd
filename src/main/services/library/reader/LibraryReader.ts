import type { IndexRow } from '../LibraryIndex'
import type { DiskStamp, ScanProblem } from '../scan'

/** What the library reader sends, in order: rows in chunks, then one `done` (or `unreadable`). */
export type ReaderMessage =
  | { type: 'rows'; rows: IndexRow[] }
  | {
      type: 'done'
      /**
       * Files the reader left to main's thread, stamped: no sidecar, a sidecar that does not parse
       * or no longer matches the file. They need measuring, hashing or a problem on their row
       * (rowFromDisk.ts), which may load native code the reader thread must not.
       */
      others: Array<[string, DiskStamp]>
      errors: ScanProblem[]
    }
  /** The library folder itself could not be listed. */
  | { type: 'unreadable'; message: string }

/**
 * Reads a whole library folder for its first index, off main's thread (the app's is
 * adapters/threads/libraryReaderThread.ts). The next message is read only when the consumer asks
 * for it, which is what holds the reader back when the index writes fall behind; leaving the
 * loop early stops the reader.
 */
export type LibraryReader = (root: string) => AsyncIterable<ReaderMessage>
