import { COLLECT_ROWIDS, rowidCollector } from '@main/services/library/index/collectRowids'
import { seededRandom } from '@test/support/seededRandom'
import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'

/**
 * Issue #33: held rowid lists (heldRowids.ts) are read through an aggregate that writes each row
 * into a reused buffer. Whatever order SQLite steps the rows in, the list comes back newest
 * first, whole, and the buffer left by a longer list never leaks into a shorter one.
 */

let db: Database.Database | undefined

afterEach(() => {
  db?.close()
  db = undefined
})

function open(values: number[]): Database.Database {
  db = new Database(':memory:')
  db.exec('CREATE TABLE t (k INTEGER PRIMARY KEY, g INTEGER)')
  const insert = db.prepare('INSERT INTO t (k, g) VALUES (?, ?)')
  db.transaction(() => values.forEach((v, i) => insert.run(v, i % 3)))()
  return db
}

describe('rowidCollector', () => {
  it('returns every rowid newest first, whatever order the rows arrive in', () => {
    const r = seededRandom(7)
    const values = new Set<number>()
    // Past the buffer's first 4,096 slots, and keys above 2^32 as keyOf makes them.
    while (values.size < 10_000) values.add(2 ** 40 + Math.floor(r() * 2 ** 45))
    const d = open([...values])
    const collector = rowidCollector(d)
    const all = [...values].sort((a, b) => b - a)
    for (const order of ['k ASC', 'k DESC', 'g, k DESC', 'g DESC, k']) {
      const st = d.prepare(`SELECT ${COLLECT_ROWIDS}(k) FROM (SELECT k FROM t ORDER BY ${order})`)
      expect([...collector.collect(st, [])], order).toEqual(all)
    }
    const some = d.prepare(`SELECT ${COLLECT_ROWIDS}(k) FROM t WHERE g = ?`)
    const ones = [...values].filter((_, i) => i % 3 === 1).sort((a, b) => b - a)
    expect([...collector.collect(some, [1])]).toEqual(ones)
    const none = d.prepare(`SELECT ${COLLECT_ROWIDS}(k) FROM t WHERE g = ?`)
    expect([...collector.collect(none, [9])]).toEqual([])
  })

  it('registers its aggregate once per connection and serves each connection its own rows', () => {
    const a = open([5, 1, 3])
    const b = new Database(':memory:')
    b.exec('CREATE TABLE t (k INTEGER PRIMARY KEY, g INTEGER); INSERT INTO t VALUES (8, 0), (9, 0)')
    try {
      expect(rowidCollector(a)).toBe(rowidCollector(a))
      const sql = `SELECT ${COLLECT_ROWIDS}(k) FROM t`
      expect([...rowidCollector(b).collect(b.prepare(sql), [])]).toEqual([9, 8])
      expect([...rowidCollector(a).collect(a.prepare(sql), [])]).toEqual([5, 3, 1])
    } finally {
      b.close()
    }
  })
})
