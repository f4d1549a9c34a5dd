import type { Worker } from 'node:worker_threads'

import type {
  LibraryReader,
  ReaderJob,
  ReaderMessage,
} from '../../services/library/reader/LibraryReader'

/**
 * Reader threads for a first index. Each reads with synchronous calls, one file at a time, so
 * the lanes are what keeps several reads in flight on a cold disk. Measured on this project's
 * 2-core VM, 10k sidecars after dropping the page cache (then warm): 1 lane 1.29 s (0.25 s),
 * 2 lanes 0.98 s (0.27 s), 3 lanes 0.92 s (0.34 s), 4 lanes 0.92 s (0.41 s); the promise API
 * with libuv's pool of four: 0.96–0.99 s (1.0–1.2 s). Two lanes read a cold disk as fast as the
 * pool did and a warm one four times faster, and leave a core to main's index writes.
 */
export const READER_LANES = 2

type Done = Extract<ReaderMessage, { type: 'done' }>

/**
 * The LibraryReader on worker threads (workers/libraryReader.ts): `spawn` starts one thread (the
 * container's runs the built `libraryReader.js` beside main's bundle; tests and benches run the
 * TypeScript source), `lanes` of them each read a share of the folder. Their rows (or stamps) are handed on
 * as they arrive; asking for the next message acknowledges the one before to the thread that sent
 * it, which lets that thread send another. One `done` ends the loop once every lane is done, with
 * what they left to main and the problems they met. The threads are terminated when the loop
 * ends, early or not; a thread that fails or exits before its `done` ends the loop with an error.
 */
export function libraryReaderThread(spawn: () => Worker, lanes = 1): LibraryReader {
  return (root, job: ReaderJob = 'rows') => ({
    async *[Symbol.asyncIterator](): AsyncGenerator<ReaderMessage> {
      const workers = Array.from({ length: Math.max(1, lanes) }, () => spawn())
      const queue: Array<{ from: Worker; message: ReaderMessage }> = []
      const done: Done[] = []
      /** Threads that have sent their last message (`done` or `unreadable`). */
      const said = new Set<Worker>()
      let failure: Error | null = null
      let wake: (() => void) | null = null
      const poke = () => {
        wake?.()
        wake = null
      }
      for (const worker of workers) {
        worker.on('message', (message: ReaderMessage) => {
          if (message.type === 'done' || message.type === 'unreadable') said.add(worker)
          queue.push({ from: worker, message })
          poke()
        })
        worker.on('error', (e: Error) => {
          failure ??= e
          poke()
        })
        worker.on('exit', () => {
          // Its messages were all delivered before 'exit': without a last one it stopped early.
          if (!said.has(worker))
            failure ??= new Error('The library reader thread stopped before it finished.')
          poke()
        })
      }
      try {
        workers.forEach((worker, lane) =>
          worker.postMessage({ type: 'read', root, job, lane, lanes: workers.length }),
        )
        for (;;) {
          while (queue.length === 0 && !failure)
            await new Promise<void>((resolve) => (wake = resolve))
          const next = queue.shift()
          if (!next) throw failure ?? new Error('The library reader thread stopped.')
          const { from, message } = next
          if (message.type === 'unreadable') {
            yield message
            return
          }
          if (message.type === 'done') {
            done.push(message)
            if (done.length < workers.length) continue
            yield {
              type: 'done',
              others: done.flatMap((d) => d.others),
              errors: done.flatMap((d) => d.errors),
              conflicts: done.flatMap((d) => d.conflicts ?? []),
            }
            return
          }
          yield message
          from.postMessage({ type: 'ack' })
        }
      } finally {
        for (const worker of workers) {
          worker.removeAllListeners()
          // Its error, if any, was reported above; a thread being stopped has nothing more to say.
          worker.on('error', () => {})
          void worker.terminate()
        }
      }
    },
  })
}
