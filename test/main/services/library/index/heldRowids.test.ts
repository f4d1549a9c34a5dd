import { join } from 'node:path'

import { COLLECT_ROWIDS } from '@main/services/library/index/collectRowids'
import { heldRead, HeldRowids } from '@main/services/library/index/heldRowids'
import { LibraryIndex } from '@main/services/library/index/LibraryIndex'
import { libraryIndexRow } from '@test/support/libraryIndexRow'
import { tempFolderPerTest } from '@test/support/tempFolderPerTest'
import type { Statement } from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

/**
 * Rowid lists held in main's memory (heldRowids.ts): each read once per state of the index, the
 * least recently used dropped first past the cap, and a list over the cap answered but not kept.
 */

const dir = tempFolderPerTest('held-rowids-')
let index: LibraryIndex
/** Side lists read, by collection. */
let reads: string[]
let held: HeldRowids

const SIZES: Record<string, number> = { a: 4, b: 4, c: 4, two: 2, ten: 10, big: 12 }
const SQL = `SELECT ${COLLECT_ROWIDS}(item) FROM item_collections WHERE collection = ?`

beforeEach(() => {
  index = new LibraryIndex(join(dir.path, 'index.sqlite'))
  let i = 0
  for (const [c, n] of Object.entries(SIZES))
    for (let k = 0; k < n; k++) index.upsert([libraryIndexRow(i++, { collections: [c] })])
  reads = []
  const st = index.db.prepare(SQL)
  const stmt = (sql: string): Statement => {
    expect(sql).toBe(SQL)
    return new Proxy(st, {
      get: (target, key) =>
        key === 'all'
          ? (...params: unknown[]) => {
              reads.push(String(params[0]))
              return target.all(...params)
            }
          : Reflect.get(target, key, target),
    })
  }
  held = new HeldRowids(index.db, stmt, 10)
})
afterEach(() => index.close())

const side = (c: string) => held.list(SQL, [c])
const kept = () => Object.keys(SIZES).filter((c) => held.heldList(SQL, [c]) !== undefined)

describe('HeldRowids', () => {
  it('reads a list once per state of the index, newest first', () => {
    const a = side('a')
    expect(a).toHaveLength(4)
    expect([...a]).toEqual([...a].sort((x, y) => y - x))
    expect(side('a')).toBe(a)
    expect(reads).toEqual(['a'])
    index.upsert([libraryIndexRow(99, { collections: ['a'] })])
    expect(side('a')).toHaveLength(5)
    expect(reads).toEqual(['a', 'a'])
  })

  it('drops the least recently used lists first once the cap would be passed', () => {
    side('a')
    side('b')
    // 8 of 10 held; `a` used again, so `b` is the oldest when `c` needs room.
    side('a')
    side('c')
    expect(kept()).toEqual(['a', 'c'])
    // `b` again: `a` (used before `c`) goes.
    side('b')
    expect(kept()).toEqual(['b', 'c'])
    expect(reads).toEqual(['a', 'b', 'c', 'b'])
  })

  it('fills the cap exactly, and keeps a list as long as the cap', () => {
    side('a')
    side('b')
    side('two')
    expect(kept()).toEqual(['a', 'b', 'two'])
    side('ten')
    expect(kept()).toEqual(['ten'])
  })

  it('counts from nothing again once a write drops what was held', () => {
    side('a')
    side('b')
    index.upsert([libraryIndexRow(99, { collections: ['c'] })])
    side('a')
    side('b')
    side('two')
    expect(kept()).toEqual(['a', 'b', 'two'])
  })

  it('answers a list longer than the cap without keeping it, or dropping what is held', () => {
    side('a')
    expect(side('big')).toHaveLength(12)
    expect(kept()).toEqual(['a'])
    side('big')
    expect(reads).toEqual(['a', 'big', 'big'])
  })
})

describe('heldRead', () => {
  it('reads up to `limit` held rowids from `top` down to `floor`, both included', () => {
    const read = heldRead(Float64Array.from([90, 70, 50, 30, 10]))
    expect(read(70, 0, 2)).toEqual([70, 50])
    expect(read(69, 30, 10)).toEqual([50, 30])
    expect(read(5, 0, 10)).toEqual([])
    expect(read(100, 0, 10)).toEqual([90, 70, 50, 30, 10])
  })
})

describe('HeldRowids: FTS5 matches across writes (FtsVersion)', () => {
  const MATCH = '"item"'
  let matches: HeldRowids
  beforeEach(() => {
    matches = new HeldRowids(index.db, (sql) => index.db.prepare(sql))
  })
  /** The match read straight from FTS5, newest first. */
  const plain = () =>
    index.db
      .prepare('SELECT rowid FROM items_fts WHERE items_fts MATCH ? ORDER BY rowid DESC')
      .pluck()
      .all(MATCH) as number[]
  const other = () => new LibraryIndex(join(dir.path, 'index.sqlite'))
  const organised = { tags: ['t'], collections: ['b'], favourite: true }

  it('keeps them across writes that leave the prompts alone, from this connection or another', () => {
    const read = matches.rowids(MATCH)
    expect([...read]).toEqual(plain())
    matches.list(SQL, ['a'])
    expect(index.organise.update('id-3', { rating: 4, ...organised }, 2)).toBe(true)
    expect(matches.rowids(MATCH)).toBe(read)
    // Side lists are dropped by any write: this one now has the item moved into `b`.
    expect(matches.list(SQL, ['b'])).toHaveLength(5)
    const writer = other()
    try {
      expect(writer.organise.update('id-5', { rating: 2, ...organised }, 3)).toBe(true)
    } finally {
      writer.close()
    }
    expect(index.get('id-5')?.rating).toBe(2)
    expect(matches.rowids(MATCH)).toBe(read)
  })

  it('reads them again after any write of the full-text index, from either connection', () => {
    const steps: Array<() => void> = [
      () => index.upsert([libraryIndexRow(200, { prompt: 'item new' })]),
      // The same path with another prompt: item 3 no longer matches.
      () => index.upsert([libraryIndexRow(3, { prompt: 'changed' })]),
      () => index.removePaths(['f/5.png']),
      () => {
        const writer = other()
        try {
          writer.upsert([libraryIndexRow(201, { prompt: 'item from the writer' })])
          writer.removePaths(['f/7.png'])
        } finally {
          writer.close()
        }
      },
    ]
    let before = matches.rowids(MATCH)
    for (const step of steps) {
      step()
      const after = matches.rowids(MATCH)
      expect(after).not.toBe(before)
      expect([...after]).toEqual(plain())
      before = after
    }
    // Two rows added, one prompt changed away from the word, two rows removed.
    const rows = Object.values(SIZES).reduce((a, b) => a + b, 0)
    expect(before).toHaveLength(rows + 2 - 3)
  })

  it('keeps nothing read inside a transaction once it ends, rolled back or committed', () => {
    const outside = matches.rowids(MATCH)
    index.db.exec('BEGIN IMMEDIATE')
    index.upsert([libraryIndexRow(300, { prompt: 'item pending', collections: ['a'] })])
    expect(matches.rowids(MATCH)).toHaveLength(outside.length + 1)
    expect(matches.list(SQL, ['a'])).toHaveLength(5)
    // Another write inside the same transaction: what was read there is read again.
    index.upsert([libraryIndexRow(302, { prompt: 'item pending too', collections: ['a'] })])
    expect(matches.rowids(MATCH)).toHaveLength(outside.length + 2)
    expect(matches.list(SQL, ['a'])).toHaveLength(6)
    index.db.exec('ROLLBACK')
    expect([...matches.rowids(MATCH)]).toEqual([...outside])
    expect(matches.list(SQL, ['a'])).toHaveLength(4)
    index.db.exec('BEGIN IMMEDIATE')
    index.upsert([libraryIndexRow(301, { prompt: 'item kept' })])
    const inside = matches.rowids(MATCH)
    index.db.exec('COMMIT')
    const committed = matches.rowids(MATCH)
    expect(committed).not.toBe(inside)
    expect([...committed]).toEqual(plain())
    expect(committed).toHaveLength(outside.length + 1)
  })
})
