import { mkdirSync, renameSync } from 'node:fs'
import { dirname } from 'node:path'

import Database from 'better-sqlite3'

export type Db = Database.Database

/** One schema step; applied in order inside a transaction, tracked by `PRAGMA user_version`. */
export type Migration = (db: Db) => void

export interface OpenDatabaseOptions {
  path: string
  migrations: readonly Migration[]
  /**
   * FULL fsyncs every commit (money rows: the task journal); NORMAL is durable across app
   * crashes in WAL mode and much faster (rebuildable data: the library index).
   */
  synchronous?: 'NORMAL' | 'FULL'
  /**
   * What to do with a file SQLite says is not a database or is corrupt: `recreate` moves it aside
   * (`<name>.corrupt-<time>`) and starts empty, for data that can be rebuilt; `throw` leaves it.
   */
  onCorrupt?: 'recreate' | 'throw'
  /** Page cache size in KiB. */
  cacheKiB?: number
  /** The better-sqlite3 build to load (see nativeBinding.ts); default: node_modules' own. */
  nativeBinding?: string
}

/** Opens a database: `openDatabase` with the process's native binding filled in by the container. */
export type SqliteOpener = (options: OpenDatabaseOptions) => Db

/** An opener that loads the given better-sqlite3 build (undefined: the default one). */
export const sqliteOpener =
  (nativeBinding?: string): SqliteOpener =>
  (options) =>
    openDatabase({ nativeBinding, ...options })

const CORRUPT_CODES = new Set(['SQLITE_CORRUPT', 'SQLITE_NOTADB'])

function configure(db: Db, options: OpenDatabaseOptions): void {
  db.pragma('journal_mode = WAL')
  db.pragma(`synchronous = ${options.synchronous ?? 'NORMAL'}`)
  db.pragma('foreign_keys = ON')
  db.pragma('busy_timeout = 5000')
  db.pragma('temp_store = MEMORY')
  db.pragma(`cache_size = -${options.cacheKiB ?? 16384}`)
  const current = db.pragma('user_version', { simple: true }) as number
  const migrate = db.transaction(() => {
    for (let v = current; v < options.migrations.length; v++) options.migrations[v]!(db)
    db.pragma(`user_version = ${options.migrations.length}`)
  })
  if (current < options.migrations.length) migrate()
  if (current > options.migrations.length) {
    throw new Error(`${options.path} was written by a newer version (schema ${current}).`)
  }
}

/**
 * Opens (creating if needed) a better-sqlite3 database in WAL mode with a busy timeout and
 * foreign keys on, and brings its schema up to date. Shared by the library index and the task
 * journal so both get the same durability settings.
 */
export function openDatabase(options: OpenDatabaseOptions): Db {
  if (options.path !== ':memory:') mkdirSync(dirname(options.path), { recursive: true })
  const native = options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}
  const create = () => {
    try {
      return new Database(options.path, native)
    } catch (e) {
      // Start-up reports name the file that could not be opened (startup/startupFailure.ts).
      throw Object.assign(e as Error, { databasePath: options.path })
    }
  }
  let db = create()
  try {
    configure(db, options)
    return db
  } catch (e) {
    db.close()
    const code = (e as { code?: string }).code ?? ''
    if (options.onCorrupt !== 'recreate' || !CORRUPT_CODES.has(code) || options.path === ':memory:')
      throw Object.assign(e as Error, { databasePath: options.path })
    const aside = `${options.path}.corrupt-${Date.now()}`
    renameSync(options.path, aside)
    for (const suffix of ['-wal', '-shm']) {
      try {
        renameSync(options.path + suffix, aside + suffix)
      } catch {
        // Not every database has WAL/SHM files.
      }
    }
    db = create()
    configure(db, options)
    return db
  }
}

/** SQLite's "database is locked" family: SQLITE_BUSY and its extended codes (BUSY_SNAPSHOT…). */
export const isBusy = (e: unknown): boolean => {
  const code = (e as { code?: unknown } | null)?.code
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY')
}

/**
 * Runs `work` in an IMMEDIATE transaction when the write lock is free now; false, with nothing
 * written, when another connection holds it. For writes on main's thread that can wait (a cache's
 * rows): the library index's writer process holds the lock for a whole commit of a first index
 * (10,000 to 100,000 rows, seconds at 1M items), and `busy_timeout` would hold main's thread
 * that long.
 */
export function writeIfFree(db: Db, work: () => void): boolean {
  return withBusyTimeout(db, 0, () => {
    try {
      db.transaction(work).immediate()
      return true
    } catch (e) {
      if (isBusy(e)) return false
      throw e
    }
  })
}

/**
 * Runs `work` with the connection's `busy_timeout` set to `ms`, and gives the connection its own
 * back after (when it is still open), whether `work` returns or throws.
 */
export function withBusyTimeout<T>(db: Db, ms: number, work: () => T): T {
  const wait = db.pragma('busy_timeout', { simple: true }) as number
  db.pragma(`busy_timeout = ${ms}`)
  try {
    return work()
  } finally {
    if (db.open) db.pragma(`busy_timeout = ${wait}`)
  }
}
