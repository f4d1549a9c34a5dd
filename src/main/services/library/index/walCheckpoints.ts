import { type Db, withBusyTimeout } from '../../../adapters/sqlite/openDatabase'

/** SQLite's default `wal_autocheckpoint`, in pages (https://www.sqlite.org/pragma.html#pragma_wal_autocheckpoint). */
const AUTOCHECKPOINT_PAGES = 1000

/** How often the writer process checkpoints the WAL while it has no transaction open, in ms. */
export const WRITER_CHECKPOINT_MS = 1000

/**
 * Main's connection to the library index leaves checkpoints to the index writer process. SQLite
 * runs an automatic checkpoint in whichever connection commits while the WAL is over 1000 pages
 * (https://www.sqlite.org/wal.html#automatic_checkpoint), and the writer's own checkpoint cannot
 * pass a snapshot that main's reads still hold: so main's next tiny commit (hashes, a rating)
 * copied the writer's last 10,000-row commit into the database on main's thread. During a 1M
 * build that held main 200–450 ms every few seconds. With automatic checkpoints off here, such a
 * commit takes 0.1–0.2 ms, and the writer checkpoints (`checkpointIfIdle`) what both wrote.
 */
export function leaveCheckpointsToWriter(db: Db): void {
  db.pragma('wal_autocheckpoint = 0')
}

/** Main checkpoints again: the writer process failed, and main writes in its place. */
export function takeCheckpointsBack(db: Db): void {
  if (db.open) db.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`)
}

/**
 * The writer process's checkpoint of what the WAL holds, between its transactions (a build keeps
 * one open across chunks, and commits checkpoint by themselves). PASSIVE: it waits for no lock and
 * copies what no reader still needs; the rest waits for the next turn. A failure only leaves the
 * WAL longer until then.
 */
export function checkpointIfIdle(db: Db): void {
  if (!db.open || db.inTransaction) return
  try {
    db.pragma('wal_checkpoint(PASSIVE)')
  } catch {
    // Busy or closing: the next turn tries again.
  }
}

/** The longest the writer waits for main's reads to finish before it empties the WAL, in ms. */
const TRUNCATE_WAIT_MS = 1000

/**
 * Copies the whole WAL into the database and empties the file, after a first index. Its last
 * commits (up to 100,000 rows, bulkCommits.ts) leave a WAL that SQLite reuses but never shrinks
 * until the last connection closes: 304 MB of disk after 1M rows written alone (100 MB at 300k),
 * kept for the whole session. Reads are as fast either way (a 200-row page at 1M: p50 0.160 ms,
 * p95 0.25, before and after). TRUNCATE waits for readers on older snapshots; should main's
 * reads outlast the wait, the file stays as it was until the app closes.
 */
export function truncateWal(db: Db): void {
  if (!db.open || db.inTransaction) return
  withBusyTimeout(db, TRUNCATE_WAIT_MS, () => {
    try {
      db.pragma('wal_checkpoint(TRUNCATE)')
    } catch {
      // Busy or closing: the WAL stays as it was.
    }
  })
}
