/**
 * The library reader thread (a worker_threads Worker of the main process, started by
 * adapters/threads/libraryReaderThread.ts): lists the library folder and reads its sidecars for
 * the first index while main's thread writes the rows (reader/readLibrary.ts). Electron's
 * multithreading guide (https://www.electronjs.org/docs/latest/tutorial/multithreading) says none
 * of Electron's modules work in such threads and loading native modules in them is not safe, so
 * this thread only uses Node's fs and JSON; lint and test/main/workers/libraryReader.test.ts keep
 * it that way.
 *
 * Protocol: main posts `{ type: 'read', root, job?, lane?, lanes? }` (`job: 'stamps'` for a
 * restart's stat walk; several threads may each take a share of the folder, reader/readLibrary.ts
 * `laneOf`); this thread answers with ReaderMessages
 * and sends each message after the first only once main has posted `{ type: 'ack' }` for the one
 * before.
 */
import { parentPort } from 'node:worker_threads'

import type { ReaderJob } from '../services/library/reader/LibraryReader'
import {
  type ReaderLane,
  readLibrary,
  stampLibrary,
  WHOLE_FOLDER,
} from '../services/library/reader/readLibrary'

const port = parentPort
if (!port) throw new Error('The library reader runs only as a worker thread.')

let credits = 1
let waiting: (() => void) | null = null

type Request =
  ({ type: 'read'; root: string; job?: ReaderJob } & Partial<ReaderLane>) | { type: 'ack' }

port.on('message', (message: Request) => {
  if (message.type === 'ack') {
    credits += 1
    waiting?.()
    waiting = null
    return
  }
  // Not caught here: a failure ends the thread, main hears it as the Worker's 'error' event and
  // reads what is left on its own thread.
  const { lane = WHOLE_FOLDER.lane, lanes = WHOLE_FOLDER.lanes } = message
  void (message.job === 'stamps' ? stampLibrary : readLibrary)(
    message.root,
    async (out) => {
      while (credits === 0) await new Promise<void>((resolve) => (waiting = resolve))
      credits -= 1
      port.postMessage(out)
    },
    { lane, lanes },
  )
})
