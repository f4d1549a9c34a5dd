import { LibraryIndex } from '@main/services/library/index/LibraryIndex'
import type {
  IndexWriter,
  WriterEvent,
  WriterJob,
  WriterResult,
} from '@main/services/library/writer/IndexWriter'
import { runWriterJob } from '@main/services/library/writer/writerJobs'

import { inProcessReader } from './inProcessReader'

/** What a test may put between the library and the writer's real job (`real` runs it). */
export type WriterScript = (
  job: WriterJob,
  onEvent: (event: WriterEvent) => void,
  real: () => Promise<WriterResult>,
) => Promise<WriterResult>

/** An index writer on the calling thread that records the jobs it was given. */
export interface InProcessWriter extends IndexWriter {
  /** Every job's type, in the order the library sent them. */
  readonly jobs: Array<WriterJob['type']>
  /** The rows of every `upsert` job, one entry per job. */
  readonly upserts: number[]
}

/**
 * The index writer without its process: the same jobs (writer/writerJobs.ts) on a connection of
 * its own to the index file, with the reader on this thread (inProcessReader.ts). For fast tests
 * of what main does with the writer's results (sync/reconcile.ts, sync/writerSync.ts); the process
 * itself is proven in writer/indexWriter.integration.test.ts. `script` can answer a job in place
 * of the real one (a writer that fails, stalls or reports an unreadable folder).
 */
export function inProcessWriter(indexPath: string, script?: WriterScript): InProcessWriter {
  let index: LibraryIndex | null = null
  let closed = false
  const jobs: Array<WriterJob['type']> = []
  const upserts: number[] = []
  return {
    jobs,
    upserts,
    async run(job, onEvent = () => {}) {
      if (closed) throw new Error('The index writer is closed.')
      jobs.push(job.type)
      if (job.type === 'upsert') upserts.push(job.rows.length)
      const real = () => {
        index ??= new LibraryIndex(indexPath)
        const deps = { index, read: inProcessReader, posterKnown: async () => false }
        return runWriterJob(deps, job, onEvent)
      }
      return script ? script(job, onEvent, real) : real()
    },
    async close() {
      closed = true
      index?.close()
      index = null
    },
  }
}
