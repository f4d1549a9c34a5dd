import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { isBusy, openDatabase, writeIfFree } from '@main/adapters/sqlite/openDatabase'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'open-db-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const open = () =>
  openDatabase({
    path: join(dir, 'db.sqlite'),
    migrations: [(db) => db.exec('CREATE TABLE t (k TEXT PRIMARY KEY, v INTEGER)')],
  })

describe('writeIfFree', () => {
  it('returns false at once, with nothing written, while another connection holds the write lock; writes once it is free', () => {
    const main = open()
    const writer = open()
    writer.exec('BEGIN IMMEDIATE')
    const t0 = performance.now()
    const written = writeIfFree(main, () => {
      main.prepare('INSERT INTO t VALUES (?, ?)').run('a', 1)
    })
    const waited = performance.now() - t0
    expect(written).toBe(false)
    // The connection's own busy_timeout is 5 s: the call did not wait for it…
    expect(waited).toBeLessThan(1000)
    // …and left it as it was for every other statement.
    expect(main.pragma('busy_timeout', { simple: true })).toBe(5000)
    writer.exec('COMMIT')
    expect(main.prepare('SELECT count(*) FROM t').pluck().get()).toBe(0)

    expect(
      writeIfFree(main, () => void main.prepare('INSERT INTO t VALUES (?, ?)').run('a', 1)),
    ).toBe(true)
    expect(writer.prepare('SELECT v FROM t WHERE k = ?').pluck().get('a')).toBe(1)
    main.close()
    writer.close()
  })

  it('throws what is not a lock (a constraint), rolling the transaction back', () => {
    const db = open()
    db.prepare('INSERT INTO t VALUES (?, ?)').run('a', 1)
    expect(() =>
      writeIfFree(db, () => {
        db.prepare('INSERT INTO t VALUES (?, ?)').run('b', 2)
        db.prepare('INSERT INTO t VALUES (?, ?)').run('a', 3)
      }),
    ).toThrow(/UNIQUE/)
    expect(db.prepare('SELECT count(*) FROM t').pluck().get()).toBe(1)
    expect(db.inTransaction).toBe(false)
    db.close()
  })

  it('isBusy knows the lock codes and nothing else', () => {
    expect(isBusy(Object.assign(new Error('x'), { code: 'SQLITE_BUSY' }))).toBe(true)
    expect(isBusy(Object.assign(new Error('x'), { code: 'SQLITE_BUSY_SNAPSHOT' }))).toBe(true)
    expect(isBusy(Object.assign(new Error('x'), { code: 'SQLITE_CONSTRAINT' }))).toBe(false)
    expect(isBusy(null)).toBe(false)
    expect(isBusy('SQLITE_BUSY')).toBe(false)
  })
})
