/**
 * The library index writer (issue #33): an Electron utility process started by
 * adapters/processes/utilityIndexWriter.ts with `utilityProcess.fork(path, args)`
 * (https://www.electronjs.org/docs/latest/api/utility-process). It does a library's bulk index
 * writes (a first index, a restart's reconcile, rows main made) so that no SQLite transaction
 * holds main's thread. It is a process, not a worker thread, because it loads better-sqlite3:
 * Electron's multithreading guide says loading native modules in worker threads is not safe
 * ("the process.dlopen function is not thread safe",
 * https://www.electronjs.org/docs/latest/tutorial/multithreading). Its own reader threads
 * (workers/libraryReader.js, plain fs and JSON) are started only after better-sqlite3 is loaded,
 * as that guide asks.
 *
 * Arguments (process.argv after the module path): the index file, the reader thread's script,
 * the thumbnail cache folder, and the better-sqlite3 build to load ('' for node_modules' own).
 * Protocol (services/library/writer/IndexWriter.ts): main posts WriterRequests through
 * `process.parentPort`; this process answers `{ ready: true }` once the index is open, then per
 * request its events and result (or `failed`), one request at a time, in order. `{ close: true }`
 * is taken at once, even mid-job: what was written is committed, the index closed, the process ends.
 * It runs below normal priority, every thread of it (adapters/processes/backgroundPriority.ts).
 */
import { Worker } from 'node:worker_threads'

import { runInBackground } from '../adapters/processes/backgroundPriority'
import { sqliteOpener } from '../adapters/sqlite/openDatabase'
import { libraryReaderThread, READER_LANES } from '../adapters/threads/libraryReaderThread'
import { Thumbnailer } from '../adapters/thumbnails/Thumbnailer'
import { LibraryIndex } from '../services/library/index/LibraryIndex'
import { checkpointIfIdle, WRITER_CHECKPOINT_MS } from '../services/library/index/walCheckpoints'
import type { WriterReply, WriterRequest } from '../services/library/writer/IndexWriter'
import { runWriterJob } from '../services/library/writer/writerJobs'

const port = process.parentPort
if (!port) throw new Error('The index writer runs only as a utility process.')

const [indexPath, readerPath, thumbsDir, binding] = process.argv.slice(2)
if (!indexPath || !readerPath || !thumbsDir)
  throw new Error('The index writer needs the index, reader and thumbnail paths.')

const send = (reply: WriterReply) => port.postMessage(reply)
// Below normal priority, before the reader threads start so that they inherit it: on busy cores
// main's thread runs first (backgroundPriority.ts).
runInBackground()
// better-sqlite3 is loaded here, before any reader thread starts.
const index = new LibraryIndex(indexPath, sqliteOpener(binding || undefined))
const thumbs = new Thumbnailer(thumbsDir)
const deps = {
  index,
  read: libraryReaderThread(() => new Worker(readerPath), READER_LANES),
  posterKnown: (sha256: string) => thumbs.has(sha256),
}

// An index written before schema 9 has its search terms read here, never on main (ftsTerms.ts);
// should it fail, searches keep their prefix queries and the next start tries again.
let queue: Promise<void> = Promise.resolve()
  .then(() => void index.terms.fill())
  .catch(() => undefined)
// Main's connection leaves checkpoints to this process (walCheckpoints.ts): its own commits and
// main's are copied into the database here, never on main's thread.
const checkpoints = setInterval(() => checkpointIfIdle(index.db), WRITER_CHECKPOINT_MS)
/** Commits what was written, closes the file and ends the process (main closing the library). */
function shutdown(): never {
  clearInterval(checkpoints)
  try {
    index.close()
  } finally {
    process.exit(0)
  }
}

port.on('message', ({ data }: { data: WriterRequest }) => {
  if ('close' in data) shutdown()
  queue = queue.then(async () => {
    try {
      const result = await runWriterJob(deps, data.job, (event) => send({ id: data.id, event }))
      send({ id: data.id, event: result })
    } catch (e) {
      send({ id: data.id, failed: e instanceof Error ? e.message : String(e) })
    }
  })
})
// Killed (SIGTERM: main's close waited in vain for the exit, or another process ended it).
process.once('SIGTERM', shutdown)
send({ ready: true })
