import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { IndexQueries } from '@main/services/library/index/indexQueries'
import { type IndexRow, LibraryIndex } from '@main/services/library/index/LibraryIndex'
import type { LibraryCursor, LibraryFilter, LibraryKind } from '@shared/library/types'
import { libraryIndexRow } from '@test/support/libraryIndexRow'
import { allLibraryPages } from '@test/support/libraryPages'
import { plainLibraryIds } from '@test/support/plainLibraryWhere'
import { seededRandom } from '@test/support/seededRandom'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

/**
 * Issue #33: when a tag, collection or rating drives a read, the filter's `items` conditions
 * (kinds, media, model, favourites, batch, dates) are probes of `items`' own indexes on the side
 * row's item (IndexQueries.base). Those indexes change with the row, so a page read after an
 * item changed its kind, favourite, tags or rating, and a cursor whose item changed, must still
 * give exactly the rows a plain reading of `items` gives.
 */

let dir: string
let index: LibraryIndex

const KINDS: LibraryKind[] = ['image', 'art', 'video']
const DAY = 86_400_000
const START = new Date(2025, 0, 1).getTime()

function row(i: number, kind: LibraryKind, favourite: boolean): IndexRow {
  const video = kind === 'video'
  return libraryIndexRow(
    i,
    {
      kind,
      favourite,
      model: i % 2 ? 'm1' : 'm2',
      created: new Date(START + i * (DAY / 3)).toISOString(),
      tags: i % 3 ? ['cat'] : ['cat', 'dog'],
      collections: i % 4 ? [] : ['c-a'],
      rating: i % 5,
    },
    { relPath: `f/${i}.${video ? 'mp4' : 'png'}`, media: video ? 'video' : 'image' },
  )
}

const plainIds = (f: LibraryFilter, belowKey?: number) => plainLibraryIds(index.db, f, belowKey)
const restOf = (f: LibraryFilter, after: LibraryCursor | null, size: number) =>
  allLibraryPages(index, f, size, after)

const keyOfId = (id: string) =>
  index.db.prepare('SELECT rowid FROM items WHERE id = ?').pluck().get(id) as number

const FILTERS: LibraryFilter[] = [
  { tags: ['cat'], kinds: ['art'] },
  { tags: ['dog'], media: 'video' },
  { collectionId: 'c-a', favourites: true },
  { minRating: 2, kinds: ['image', 'video'], model: 'm1' },
  { tags: ['cat', 'dog'], favourites: true, kinds: ['art'] },
  // Matches nothing: an empty page, no cursor.
  { tags: ['nope'], kinds: ['art'] },
]

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'side-probes-'))
  index = new LibraryIndex(join(dir, 'i.sqlite'))
  index.upsert(Array.from({ length: 240 }, (_, i) => row(i, KINDS[i % 3]!, i % 7 === 0)))
})
afterEach(() => {
  index?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('side-driven reads with items conditions', () => {
  it('page through exactly the plainly filtered rows, at every page size', () => {
    for (const f of FILTERS)
      for (const size of [1, 7, 40, 500])
        expect(restOf(f, null, size), JSON.stringify(f)).toEqual(plainIds(f))
    expect(restOf(FILTERS[5]!, null, 10)).toEqual([])
  })

  it('continue a cursor exactly after items change kind, favourite, tags and rating', () => {
    const r = seededRandom(33)
    for (const f of FILTERS.slice(0, 5)) {
      const first = index.page(f, null, 1)
      // A cursor with rows after it (the filter matches more than one row).
      expect(first.next, JSON.stringify(f)).not.toBeNull()
      const cursor = first.next!
      const bound = keyOfId(cursor.id!)
      // Rows below the cursor change what they are (a re-read sidecar) and how they are
      // organised (an edit), including the cursor's own item.
      const changed = Array.from({ length: 240 }, (_, i) => i).filter(() => r() < 0.3)
      index.upsert(changed.map((i) => row(i, KINDS[Math.floor(r() * 3)]!, r() < 0.5)))
      index.organise.transaction(() => {
        for (const i of changed.filter(() => r() < 0.5))
          index.organise.update(
            `id-${i}`,
            {
              favourite: r() < 0.5,
              rating: Math.floor(r() * 6),
              tags: r() < 0.5 ? ['dog'] : ['cat'],
              collections: r() < 0.5 ? ['c-a'] : [],
            },
            2,
          )
      })
      index.organise.update(
        cursor.id!,
        { favourite: false, rating: 0, tags: [], collections: [] },
        3,
      )
      expect(restOf(f, cursor, 9), JSON.stringify(f)).toEqual(plainIds(f, bound))
    }
  })

  it('continue from the time of a cursor whose item was removed', () => {
    const f = FILTERS[0]!
    const first = index.page(f, null, 4)
    const bound = keyOfId(first.next!.id!)
    const gone = index.db
      .prepare('SELECT rel_path FROM items WHERE id = ?')
      .pluck()
      .get(first.next!.id!) as string
    index.removePaths([gone])
    expect(restOf(f, first.next, 6)).toEqual(plainIds(f, bound))
  })

  it('probes the other side conditions through their (value, item) primary keys', () => {
    const queries = new IndexQueries(index.db, () => undefined)
    const filter: LibraryFilter = { tags: ['cat', 'dog'], collectionId: 'c-a', minRating: 2 }
    const plan = (sql: string, params: unknown[]) =>
      (index.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>)
        .map((r) => r.detail)
        .filter((d) => d.includes('EXISTS'))
    const page = queries.base('items.id', filter, [], [])
    const months = queries.monthsByRanges(filter)!
    for (const probes of [plan(page.sql, page.params), plan(months.sql, months.params)]) {
      // One side drives, the other three are probes, each a seek of its table's primary key.
      expect(probes).toHaveLength(3)
      for (const d of probes) expect(d).toMatch(/USING PRIMARY KEY \(\w+=\? AND item=\?\)/)
    }
  })
})
