// A worker thread for the library-index bench: writes rows into a fresh index with the app's
// schema (workerData.sql) in 500-row transactions when told to, and answers with the milliseconds
// it took. It shows what the index writes cost when they run beside the reads instead of after them.
import { parentPort, workerData } from 'node:worker_threads'

import Database from 'better-sqlite3'

const db = new Database(workerData.path)
db.pragma('journal_mode = WAL')
db.pragma('synchronous = NORMAL')
db.pragma('cache_size = -16384')
db.exec(workerData.sql)
const insert = db.prepare(
  `INSERT INTO items (rowid, id, rel_path, kind, media, ext, model, prompt, negative, params, bytes,
     sha256, created, month, file_mtime, file_size, sidecar_mtime)
   VALUES (@rowid, @id, @rel_path, @kind, @media, @ext, @model, @prompt, @negative, @params, @bytes,
     @sha256, @created, @month, 1, @bytes, 1)`,
)
const write = db.transaction((rows) => {
  for (const row of rows) insert.run(row)
})

parentPort.once('message', () => {
  const started = performance.now()
  const rows = workerData.rows
  for (let i = 0; i < rows.length; i += 500) write(rows.slice(i, i + 500))
  db.close()
  parentPort.postMessage(performance.now() - started)
})
