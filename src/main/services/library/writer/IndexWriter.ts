/**
 * writer/: the index's bulk writes in a process of their own (issue #33). A first index of a
 * million items writes for minutes, and each SQLite transaction on main's thread held it for up to
 * 600 ms; in another process the reading and writing never hold main at all, and main keeps
 * reading the same file beside it (WAL: readers run beside one writer). What runs there
 * (writerJobs.ts) is plain Node and the index; the process itself is an adapter's
 * (adapters/processes/utilityIndexWriter.ts, Electron's utilityProcess).
 */
import type { DiskStamp, ScanProblem } from '../disk/scan'
import type { IndexRow } from '../index/LibraryIndex'

/** What main asks of the writer. Every job is safe to send again after a crash (see `build`). */
export type WriterJob =
  /**
   * The first index of `root`: list the folder and read every sidecar (reader threads in the
   * writer process), writing the rows as they come. Files already indexed with the same stamp are
   * skipped, so a build sent again after a crash resumes where the index stands.
   */
  | { type: 'build'; root: string }
  /**
   * A restart's reconcile of a large index: stamp every file, drop the rows of files gone, and
   * report the files whose stamp changed (main reads those: they may need native code).
   */
  | { type: 'restart'; root: string }
  /** Rows main made (files without a usable sidecar, changed files) written in one transaction. */
  | { type: 'upsert'; rows: IndexRow[] }
  /**
   * Brings the index file to this version's schema before main opens it. A migration that fills
   * a table reads every row: schema 8's month facets took 46 s at 1M items, all of it on main's
   * thread when main opened the file first. The process opens (and migrates) the index as it
   * starts, so by the time it takes this job the work is done.
   */
  | { type: 'open' }

/** The last event of a job. */
export type WriterResult =
  | {
      type: 'built'
      /** Rows written by this build (not counting those a crashed attempt wrote). */
      written: number
      /** The first ids written (for the grid's `reset` event; never the whole library). */
      ids: string[]
      /** Files left to main: no sidecar, a broken or outdated one, or one with a conflict copy. */
      others: Array<[string, DiskStamp]>
      errors: ScanProblem[]
      conflicts: string[]
    }
  | {
      type: 'restarted'
      /** Files new or changed since they were indexed, with their stamps now. */
      changed: Array<[string, DiskStamp]>
      /** How many rows went with the files gone, and the first of their ids. */
      removedCount: number
      removed: string[]
      errors: ScanProblem[]
    }
  | { type: 'upserted'; ids: string[] }
  /** The index is open in the writer at this version's schema (`open`). */
  | { type: 'opened' }
  /** The library folder itself could not be listed. */
  | { type: 'unreadable'; message: string }

/** What the writer says while a job runs, then its result. */
export type WriterEvent =
  | { type: 'progress'; written: number }
  /** The writer process ended in the middle of a job and was started again (the job resent). */
  | { type: 'restarted-writer'; attempt: number }
  | WriterResult

/**
 * What travels from main to the writer process: a job, or `close` (the library closed: commit,
 * close the index and exit, whatever job runs; main waits for the exit).
 */
export type WriterRequest = { id: number; job: WriterJob } | { close: true }

/** What travels back: an event of request `id`, or that the job failed inside the writer. */
export type WriterReply =
  | { id: number; event: WriterEvent }
  | { id: number; failed: string }
  /** Sent once, when the index is open and jobs can be taken. */
  | { ready: true }

/**
 * The index writer as the library sees it: `run` resolves with the job's result, having passed
 * every event to `onEvent`. A writer process that ends mid-job is started again and the job sent
 * again (each is safe to repeat); `run` rejects only when the job itself failed or the writer
 * could not be kept running, and the library then does the work on main's thread.
 */
export interface IndexWriter {
  run(job: WriterJob, onEvent?: (event: WriterEvent) => void): Promise<WriterResult>
  /** Ends the writer process (the library closed); running jobs reject. */
  close(): Promise<void>
}

/** How many ids a result carries: enough for the grid's change event, never a whole library. */
export const RESULT_IDS = 1000
