import type { Worker } from 'node:worker_threads'

import type { LibraryReader, ReaderMessage } from '../../services/library/reader/LibraryReader'

/**
 * The LibraryReader on a worker thread (workers/libraryReader.ts): `spawn` starts the thread (the
 * container's runs the built `libraryReader.js` beside main's bundle; tests and benches run the
 * TypeScript source). Messages are taken in order; asking for the next one acknowledges the one
 * before, which lets the thread send another. The thread is terminated when the loop ends, early
 * or not; a thread that fails or exits before `done` ends the loop with an error.
 */
export function libraryReaderThread(spawn: () => Worker): LibraryReader {
  return (root) => ({
    async *[Symbol.asyncIterator](): AsyncGenerator<ReaderMessage> {
      const worker = spawn()
      const queue: ReaderMessage[] = []
      let failure: Error | null = null
      let exited = false
      let wake: (() => void) | null = null
      const poke = () => {
        wake?.()
        wake = null
      }
      worker.on('message', (message: ReaderMessage) => {
        queue.push(message)
        poke()
      })
      worker.on('error', (e: Error) => {
        failure = e
        poke()
      })
      worker.on('exit', () => {
        exited = true
        poke()
      })
      try {
        worker.postMessage({ type: 'read', root })
        for (;;) {
          while (queue.length === 0 && !failure && !exited)
            await new Promise<void>((resolve) => (wake = resolve))
          const message = queue.shift()
          if (!message)
            throw failure ?? new Error('The library reader thread stopped before it finished.')
          yield message
          if (message.type !== 'rows') return
          worker.postMessage({ type: 'ack' })
        }
      } finally {
        worker.removeAllListeners()
        // Its error, if any, was reported above; a thread being stopped has nothing more to say.
        worker.on('error', () => {})
        void worker.terminate()
      }
    },
  })
}
