import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { type IndexRow, keyOf, LibraryIndex } from '@main/services/library/index/LibraryIndex'
import type { LibraryCursor, LibraryFilter } from '@shared/library/types'
import { libraryIndexRow } from '@test/support/libraryIndexRow'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

let dir: string
let index: LibraryIndex
const START = new Date(2025, 0, 1).getTime()
const WORDS = ['fox', 'whale', 'night', 'forest', 'city']

function row(i: number): IndexRow {
  const words = WORDS.filter((_, w) => (i * (w + 3)) % (w + 2) === 0)
  return libraryIndexRow(i, {
    prompt: `${words.join(' ')} item ${i}`,
    created: new Date(START + ((i * 7919) % 3000) * 3_600_000).toISOString(),
    ...(i % 4 === 0 ? { collections: ['c-x'] } : {}),
  })
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fts-bound-'))
  index = new LibraryIndex(join(dir, 'i.sqlite'))
  index.upsert(Array.from({ length: 3000 }, (_, i) => row(i)))
})
afterEach(() => {
  index.close()
  rmSync(dir, { recursive: true, force: true })
})

/** The page as a plain reading of the filter: matching rows, newest first, below the bound. */
function reference(word: string, below: number, from: number, to: number, collection: boolean) {
  return index.db
    .prepare(
      `SELECT id FROM items WHERE rowid IN (SELECT rowid FROM items_fts WHERE items_fts MATCH ?)
       AND rowid < ? AND rowid >= ? AND rowid < ?
       ${collection ? "AND rowid IN (SELECT item FROM item_collections WHERE collection = 'c-x')" : ''}
       ORDER BY rowid DESC LIMIT 50`,
    )
    .pluck()
    .all(`"${word}"*`, below, from, to) as string[]
}

describe('text filters bound on the FTS rowid (issue #33)', () => {
  it('give the same deep pages and date ranges as a plain reading of the filter', () => {
    const items = index.db
      .prepare('SELECT id, created, rowid FROM items ORDER BY rowid')
      .all() as Array<{
      id: string
      created: number
      rowid: number
    }>
    let compared = 0
    for (const word of ['fox', 'whale', 'night']) {
      for (const at of [0.1, 0.5, 0.9]) {
        const c = items[Math.floor(items.length * at)]!
        const after: LibraryCursor = { id: c.id, createdAt: c.created }
        for (const collection of [false, true]) {
          for (const [from, to] of [
            [undefined, undefined],
            [START + 500 * 3_600_000, START + 2500 * 3_600_000],
          ] as const) {
            const filter: LibraryFilter = {
              text: word,
              ...(collection ? { collectionId: 'c-x' } : {}),
              ...(from !== undefined ? { from, to } : {}),
            }
            const got = index.page(filter, after, 50).items.map((t) => t.id)
            const want = reference(
              word,
              c.rowid,
              from === undefined ? 0 : keyOf(from),
              to === undefined ? Number.MAX_SAFE_INTEGER : keyOf(to),
              collection,
            )
            expect(got, JSON.stringify({ filter, at })).toEqual(want)
            if (want.length) compared++
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(20)
  })
})
