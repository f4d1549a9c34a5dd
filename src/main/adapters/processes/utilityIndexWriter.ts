import type {
  IndexWriter,
  WriterEvent,
  WriterJob,
  WriterReply,
  WriterRequest,
  WriterResult,
} from '../../services/library/writer/IndexWriter'

/**
 * The part of Electron's UtilityProcess this adapter uses
 * (https://www.electronjs.org/docs/latest/api/utility-process#class-utilityprocess): an
 * EventEmitter with `message` (what the child posted on `process.parentPort`) and `exit` (its exit
 * code), `postMessage` to the child and `kill()`.
 */
export interface UtilityChild {
  on(event: 'message', listener: (message: WriterReply) => void): unknown
  on(event: 'exit', listener: (code: number) => void): unknown
  postMessage(message: unknown): void
  kill(): boolean
}

/** Times the writer may end mid-job and be started again before the job is given up. */
export const WRITER_RESTARTS = 3

/**
 * How long `close` waits for the process to close the index and exit when asked, then again after
 * `kill()`. Bounded: the app's quit waits for it (index.ts DISPOSE_TIMEOUT_MS is 10 s in all).
 */
export const WRITER_CLOSE_MS = 3000

const RESULTS = new Set<WriterEvent['type']>([
  'built',
  'restarted',
  'upserted',
  'opened',
  'unreadable',
])

interface Running {
  id: number
  job: WriterJob
  onEvent: (event: WriterEvent) => void
  resolve: (result: WriterResult) => void
  reject: (error: Error) => void
  restarts: number
}

/**
 * The IndexWriter over a utility process (workers/indexWriter.ts): `fork` starts one (the app's
 * is `utilityProcess.fork` of the built `indexWriter.js`). The process is started with the first
 * job and kept for the next; jobs run one at a time. A process that ends while a job runs (a crash,
 * or killed from outside) is started again and the job sent again, which each job allows (a build
 * resumes from what is indexed); after WRITER_RESTARTS the job rejects and the library does the
 * work on main's thread.
 *
 * `close` asks the process to close the index and waits until it has exited, so main's own
 * connection closes last: SQLite checkpoints the WAL and removes it only when the last connection
 * to a database closes (https://www.sqlite.org/wal.html#the_wal_file), and a process still exiting
 * beside main left `library-index.sqlite-wal` behind at quit. It asks by message, not by signal:
 * `kill()` "uses SIGTERM" on POSIX (https://www.electronjs.org/docs/latest/api/utility-process), but
 * on Windows a process is ended abruptly, without handlers
 * (https://nodejs.org/api/child_process.html#subprocesskillsignal). A process that does not exit
 * within WRITER_CLOSE_MS is killed, and waited for as long again.
 */
export function utilityIndexWriter(
  fork: () => UtilityChild,
  restarts: number = WRITER_RESTARTS,
): IndexWriter {
  let child: UtilityChild | null = null
  let running: Running | null = null
  let queue: Promise<unknown> = Promise.resolve()
  let nextId = 1
  let closed = false

  const send = (r: Running) => child?.postMessage({ id: r.id, job: r.job })

  const start = (): void => {
    const current = fork()
    child = current
    current.on('message', (reply) => {
      if (current !== child) return
      if ('ready' in reply) {
        if (running) send(running)
        return
      }
      const r = running
      if (!r || reply.id !== r.id) return
      if ('failed' in reply) {
        running = null
        r.reject(new Error(reply.failed))
      } else if (RESULTS.has(reply.event.type)) {
        running = null
        r.resolve(reply.event as WriterResult)
      } else r.onEvent(reply.event)
    })
    current.on('exit', (code) => {
      if (current !== child) return
      child = null
      const r = running
      if (!r || closed) return
      if (r.restarts >= restarts) {
        running = null
        r.reject(new Error(`The index writer stopped (exit code ${code}) and was given up.`))
        return
      }
      r.restarts++
      r.onEvent({ type: 'restarted-writer', attempt: r.restarts })
      start()
    })
  }

  const run = (job: WriterJob, onEvent: (event: WriterEvent) => void = () => {}) =>
    new Promise<WriterResult>((resolve, reject) => {
      if (closed) return reject(new Error('The index writer is closed.'))
      running = { id: nextId++, job, onEvent, resolve, reject, restarts: 0 }
      // A process already up and ready takes the job now; a new one asks for it when ready.
      if (child) send(running)
      else start()
    })

  return {
    run(job, onEvent) {
      const next = queue.then(
        () => run(job, onEvent),
        () => run(job, onEvent),
      )
      queue = next.catch(() => {})
      return next
    },
    async close() {
      closed = true
      const r = running
      const current = child
      running = null
      child = null
      r?.reject(new Error('The index writer is closed.'))
      if (current) await stop(current)
    },
  }
}

/** Asks `child` to close and exit, then kills it if it has not; resolves once it exited (bounded). */
async function stop(child: UtilityChild): Promise<void> {
  const exit = new Promise<true>((resolve) => child.on('exit', () => resolve(true)))
  const exitedWithin = () =>
    Promise.race([
      exit,
      new Promise<false>((resolve) => setTimeout(() => resolve(false), WRITER_CLOSE_MS).unref()),
    ])
  child.postMessage({ close: true } satisfies WriterRequest)
  if (await exitedWithin()) return
  child.kill()
  await exitedWithin()
}
