import { join } from 'node:path'

import { resultPage, resultQuery, resultSql } from '@main/services/library/index/heldResults'
import { keyOf } from '@main/services/library/index/indexSchema'
import { type IndexRow, LibraryIndex } from '@main/services/library/index/LibraryIndex'
import { filterSource } from '@main/services/library/index/organiseFilter'
import type { LibraryFilter, LibraryKind } from '@shared/library/types'
import { libraryIndexRow } from '@test/support/libraryIndexRow'
import { allLibraryPages as paged } from '@test/support/libraryPages'
import { expectReadsLikePlain } from '@test/support/libraryReadsLikePlain'
import { plainLibraryIds as plainIds } from '@test/support/plainLibraryWhere'
import { recordedIndexQueries } from '@test/support/recordedIndexQueries'
import { seededRandom } from '@test/support/seededRandom'
import { tempFolderPerTest } from '@test/support/tempFolderPerTest'
import { afterEach, describe, expect, it } from 'vitest'

/**
 * Issue #33: a filter a side table drives (two tags, a collection with a rating, a tag with a
 * model…), or prompt words with several kinds or a cost bound, has its whole result read and
 * held by its month counts (heldResults.ts), and the pages, cursors, skips and ID lists after
 * them are binary searches of it. They must equal the plain reading of the filter on random
 * libraries, follow every write at once, and read no side table nor FTS5 once held; cost orders
 * keep their own reading.
 */

const dir = tempFolderPerTest('held-results-')
let index: LibraryIndex | undefined

const START = new Date(2024, 6, 1).getTime()
const DAY = 86_400_000
const KINDS: LibraryKind[] = ['image', 'art', 'video']

function row(i: number, r: () => number): IndexRow {
  const kind = KINDS[Math.floor(r() * 3)]!
  return libraryIndexRow(
    i,
    {
      kind,
      prompt: ['fox', 'owl', 'moon'].filter(() => r() < 0.4).join(' '),
      model: r() < 0.5 ? 'm1' : 'm2',
      favourite: r() < 0.3,
      costEstimate: Math.floor(r() * 10) / 100,
      created: new Date(START + Math.floor(r() * 300 * DAY)).toISOString(),
      rating: r() < 0.5 ? 1 + Math.floor(r() * 5) : 0,
      tags: ['cat', 'dog', 'rare'].filter((t) => r() < (t === 'rare' ? 0.05 : 0.4)),
      collections: ['c-a', 'c-b'].filter((c) => r() < (c === 'c-b' ? 0.08 : 0.3)),
    },
    kind === 'video' ? { media: 'video', ext: 'mp4', relPath: `f/${i}.mp4` } : {},
  )
}

function open(n: number, seed: number): LibraryIndex {
  const r = seededRandom(seed)
  index = new LibraryIndex(join(dir.path, `i-${seed}.sqlite`))
  index.upsert(Array.from({ length: n }, (_, i) => row(i, r)))
  return index
}

afterEach(() => {
  index?.close()
  index = undefined
})

/** Filters a side table drives that the count tables cannot answer, with dates at times. */
function shapes(r: () => number): LibraryFilter[] {
  const sides: LibraryFilter[] = [
    { tags: ['cat', 'dog'] },
    { collectionId: 'c-a', minRating: 2 },
    { collectionId: 'c-a', tags: ['cat'], minRating: 3 },
    { tags: ['rare'], minRating: 1 },
    { collectionId: 'c-b', tags: ['dog'] },
    { text: '#cat #dog' },
    // Prompt words: with several kinds or a cost FTS5 drives a held result; with one kind, a
    // medium, a model, favourites or nothing else they are an intersection (intersectReads.ts).
    { text: 'fox' },
    { text: 'owl moon', collectionId: 'c-a' },
  ]
  const items: LibraryFilter[] = [
    {},
    { model: 'm1' },
    { kinds: ['art', 'video'] },
    { media: 'video' },
    { favourites: true },
    { minCost: 0.05 },
  ]
  const out: LibraryFilter[] = []
  for (let k = 0; k < 40; k++) {
    const f: LibraryFilter = {
      ...sides[Math.floor(r() * sides.length)]!,
      ...items[Math.floor(r() * items.length)]!,
    }
    // One side with an items condition only the count tables' kinds, media and favourite answer.
    if (r() < 0.2) Object.assign(f, { tags: ['dog'], collectionId: undefined, model: 'm2' })
    if (r() < 0.3) f.from = START + Math.floor(r() * 150) * DAY
    if (r() < 0.3) f.to = START + Math.floor(150 + r() * 150) * DAY
    out.push(f)
  }
  return out
}

describe('a side-driven filter held whole by its month counts', () => {
  it('pages, counts months and lists ids exactly as the plain reading, on random libraries', () => {
    for (const seed of [1, 2, 3]) {
      const ix = open(300 + seed * 120, seed)
      const r = seededRandom(50 + seed)
      let nonEmpty = 0
      for (const f of shapes(r)) {
        // Before the months nothing is held (SQL pages), after them the result is.
        const expected = expectReadsLikePlain(ix, f, false)
        expectReadsLikePlain(ix, f, true)
        if (expected.length > 5) nonEmpty++
      }
      expect(nonEmpty).toBeGreaterThan(15)
      ix.close()
      index = undefined
    }
  })

  it('read no side table nor FTS5 for pages and ids once the months hold the result', () => {
    const ix = open(400, 7)
    const { queries, ran } = recordedIndexQueries(ix)
    const filters: LibraryFilter[] = [
      { collectionId: 'c-a', tags: ['cat'], minRating: 1 },
      { text: 'fox', kinds: ['image', 'art'] },
    ]
    /** Statements that walk a side table or FTS5 (the driver, or a probe of one). */
    const walks = () => ran.filter((sql) => /item_(tags|collections|ratings)|items_fts/.test(sql))
    for (const f of filters) {
      const at = JSON.stringify(f)
      ran.length = 0
      const top = queries.page(f, null, 3)
      expect(top.next, at).not.toBeNull()
      expect(walks(), at).not.toEqual([])
      queries.months(f)
      ran.length = 0
      const again = queries.page(f, null, 3)
      const deeper = queries.page(f, again.next, 3, 1)
      const ids = queries.ids(f, 1000)
      queries.months(f)
      expect(walks(), at).toEqual([])
      expect(
        again.items.map((t) => t.id),
        at,
      ).toEqual(top.items.map((t) => t.id))
      expect(
        deeper.items.map((t) => t.id),
        at,
      ).toEqual(plainIds(ix.db, f).slice(4, 7))
      expect(ids, at).toEqual(plainIds(ix.db, f))
    }
  })

  it('keep a cost order its own reading: the held result is newest first', () => {
    const ix = open(400, 8)
    const { queries, ran } = recordedIndexQueries(ix)
    const f: LibraryFilter = { tags: ['cat', 'dog'], sort: 'cost-desc' }
    const before = queries.page(f, null, 500).items.map((t) => t.id)
    queries.months(f)
    ran.length = 0
    const after = queries.page(f, null, 500).items.map((t) => t.id)
    expect(after).toEqual(before)
    expect(ran.some((sql) => /cost/.test(sql))).toBe(true)
    const newest = plainIds(ix.db, f)
    expect([...after].sort()).toEqual([...newest].sort())
    expect(after).not.toEqual(newest)
  })

  it('follow writes at once: a held result is dropped when the index changes', () => {
    const ix = open(300, 9)
    const f: LibraryFilter = { collectionId: 'c-a', minRating: 2 }
    const total = () => ix.months(f).reduce((n, m) => n + m.count, 0)
    expect(total()).toBe(plainIds(ix.db, f).length)
    const [first, second] = plainIds(ix.db, f)
    // A rating lowered below the filter's, as the organise panel writes it.
    expect(
      ix.organise.update(
        second!,
        { rating: 1, tags: [], collections: ['c-a'], favourite: false },
        2,
      ),
    ).toBe(true)
    let expected = plainIds(ix.db, f)
    expect(expected).not.toContain(second)
    expect(paged(ix, f, 2)).toEqual(expected)
    expect(ix.ids(f, 1000)).toEqual(expected)
    expect(total()).toBe(expected.length)
    // A new matching item, the newest of all, once the result is held again.
    ix.upsert([
      libraryIndexRow(9999, {
        created: new Date(START + 400 * DAY).toISOString(),
        rating: 4,
        collections: ['c-a'],
      }),
    ])
    expected = plainIds(ix.db, f)
    expect(expected.slice(0, 2)).toEqual(['id-9999', first])
    expect(ix.page(f, null, 2).items.map((t) => t.id)).toEqual(expected.slice(0, 2))
    expect(ix.ids(f, 1000)).toEqual(expected)
    expect(total()).toBe(expected.length)
  })
})

describe('resultQuery', () => {
  it('collects filters a side table or FTS5 drives, never a walk of `items`', () => {
    const query = (f: LibraryFilter) => resultQuery(f, filterSource(f))
    const ranges = [
      { month: 202401, lo: 10, hi: 20 },
      { month: 202402, lo: 30, hi: 40 },
    ]
    const side = query({ tags: ['cat'], collectionId: 'c-a' })!
    const sql = resultSql(side, ranges)
    expect(sql.sql).toMatch(
      /^WITH m\(month, lo, hi\) AS \(VALUES \(\?, \?, \?\), \(\?, \?, \?\)\) SELECT gs_collect_rowids\(org\.item\) FROM m CROSS JOIN item_collections org ON org\.item BETWEEN m\.lo AND m\.hi WHERE [\s\S]* GROUP BY m\.month$/,
    )
    expect(sql.params).toEqual([202401, 10, 20, 202402, 30, 40, 'c-a', 'cat'])
    // One key per filter, whatever the ranges; another value, another key.
    expect(query({ tags: ['cat'], collectionId: 'c-a' })!.key).toBe(side.key)
    expect(query({ tags: ['dog'], collectionId: 'c-a' })!.key).not.toBe(side.key)
    expect(query({ minRating: 2, model: 'm1', from: 5 })?.params).toEqual([2, 'm1', keyOf(5)])
    const words = resultSql(query({ text: 'fox', kinds: ['art'] })!, ranges)
    expect(words.sql).toMatch(/^SELECT gs_collect_rowids\(items_fts\.rowid\) FROM items_fts WHERE/)
    expect(words.sql).not.toMatch(/JOIN|GROUP/)
    expect(words.params).toEqual(['"fox"*', 'art'])
    expect(query({ model: 'm1' })).toBeNull()
    expect(query({})).toBeNull()
  })
})

describe('resultPage', () => {
  const held = Float64Array.from([90, 70, 50, 40, 30, 10])
  it('answers up to `limit` rowids strictly below `below`, after `skip` of them', () => {
    expect(resultPage(held, undefined, 0, 3)).toEqual([90, 70, 50])
    expect(resultPage(held, 70, 0, 3)).toEqual([50, 40, 30])
    expect(resultPage(held, 71, 0, 2)).toEqual([70, 50])
    expect(resultPage(held, 60, 2, 10)).toEqual([30, 10])
    expect(resultPage(held, 10, 0, 5)).toEqual([])
    expect(resultPage(held, undefined, 6, 5)).toEqual([])
    expect(resultPage(held, 1000, 1, 1)).toEqual([70])
  })
})
