import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { IndexEstimates } from '@main/services/library/index/indexEstimates'
import { IndexQueries } from '@main/services/library/index/indexQueries'
import {
  intersectPlan,
  mergeDescending,
  probesCheaper,
} from '@main/services/library/index/intersectReads'
import { type IndexRow, LibraryIndex } from '@main/services/library/index/LibraryIndex'
import type { LibraryFilter, LibraryKind } from '@shared/library/types'
import { libraryIndexRow } from '@test/support/libraryIndexRow'
import { allLibraryPages as paged } from '@test/support/libraryPages'
import { expectReadsLikePlain } from '@test/support/libraryReadsLikePlain'
import { plainLibraryIds as plainIds, plainLibraryMonths } from '@test/support/plainLibraryWhere'
import { recordedIndexQueries } from '@test/support/recordedIndexQueries'
import { seededRandom } from '@test/support/seededRandom'
import { afterEach, describe, expect, it } from 'vitest'

/**
 * Issue #33: prompt words, alone or with a collection, tags, a rating, a model, favourites or a
 * batch, are read as an intersection of sorted rowid lists (intersectReads.ts): the FTS5 match's rowids held in memory
 * (heldRowids.ts) and the side tables' keys. Pages, cursors, month counts and ID lists must equal the plain
 * reading of the filter on random libraries, follow writes at once, and never fall back to the
 * nested probes for these shapes.
 */

let dir: string | undefined
let index: LibraryIndex | undefined

const START = new Date(2024, 6, 1).getTime()
const DAY = 86_400_000
const WORDS = ['fox', 'owl', 'moon', 'river', 'stone']

const KINDS: LibraryKind[] = ['image', 'art', 'video']

function row(i: number, r: () => number): IndexRow {
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)]!
  const kind = pick(KINDS)
  const video =
    kind === 'video' ? { media: 'video' as const, ext: 'mp4' as const, relPath: `f/${i}.mp4` } : {}
  return libraryIndexRow(
    i,
    {
      kind,
      prompt: `${pick(WORDS)} ${pick(WORDS)} ${r() < 0.3 ? 'foxglove' : ''} ${i % 30 ? '' : 'zebra'}`,
      created: new Date(START + Math.floor(r() * 300 * DAY)).toISOString(),
      rating: r() < 0.5 ? 1 + Math.floor(r() * 5) : 0,
      tags: ['cat', 'dog', 'rare'].filter((t) => r() < (t === 'rare' ? 0.04 : 0.4)),
      collections: ['c-a', 'c-b'].filter((c) => r() < (c === 'c-b' ? 0.05 : 0.3)),
      model: r() < 0.3 ? 'm1' : 'm2',
      favourite: r() < 0.2,
      ...(r() < 0.25
        ? { batch: { batchId: `b-${i % 2}`, index: i, x: null, y: null, repeat: 1, picks: [] } }
        : {}),
    },
    video,
  )
}

function open(n: number, seed: number): LibraryIndex {
  dir = mkdtempSync(join(tmpdir(), 'intersect-'))
  const r = seededRandom(seed)
  index = new LibraryIndex(join(dir, 'i.sqlite'))
  index.upsert(Array.from({ length: n }, (_, i) => row(i, r)))
  return index
}

afterEach(() => {
  index?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
  index = dir = undefined
})

/** Random filters of prompt words, alone or with side conditions, and dates (the intersected ones). */
function shapes(r: () => number): LibraryFilter[] {
  const out: LibraryFilter[] = []
  for (let k = 0; k < 60; k++) {
    const f: LibraryFilter = {
      text: [WORDS[Math.floor(r() * WORDS.length)]!, 'fox', 'fo', 'moon river'][
        Math.floor(r() * 4)
      ],
    }
    if (r() < 0.6) f.collectionId = r() < 0.7 ? 'c-a' : 'c-b'
    if (r() < 0.5) f.tags = r() < 0.7 ? ['cat'] : ['rare', 'dog']
    if (r() < 0.4) f.minRating = 1 + Math.floor(r() * 4)
    // `items` conditions with small indexes of their own are lists too.
    if (r() < 0.2) f.model = r() < 0.5 ? 'm1' : 'm2'
    if (r() < 0.2) f.favourites = true
    if (r() < 0.15) f.batchId = r() < 0.5 ? 'b-0' : 'b-1'
    if (r() < 0.15) f.kinds = [KINDS[Math.floor(r() * 3)]!]
    if (r() < 0.1) f.media = r() < 0.5 ? 'image' : 'video'
    // Words alone (a plain search) are read so too; the rest of them get a `#tag` word.
    if (!f.collectionId && !f.tags && !f.minRating && r() < 0.5) f.text = `${f.text} #dog`
    if (r() < 0.3) f.from = START + Math.floor(r() * 150) * DAY
    if (r() < 0.3) f.to = START + Math.floor(150 + r() * 150) * DAY
    out.push(f)
  }
  return out
}

describe('prompt words, alone or with organising conditions', () => {
  it('page, count months and list ids exactly as the plain reading, on random libraries', () => {
    for (const seed of [1, 2, 3]) {
      const ix = open(400 + seed * 150, seed)
      const r = seededRandom(100 + seed)
      let nonEmpty = 0
      for (const f of shapes(r)) {
        expect(intersectPlan(f), JSON.stringify(f)).not.toBeNull()
        // Before the months the match's rowids are not held (nested probes), after they are.
        const expected = expectReadsLikePlain(ix, f, false)
        expectReadsLikePlain(ix, f, true)
        if (expected.length > 5) nonEmpty++
      }
      expect(nonEmpty).toBeGreaterThan(25)
      ix.close()
      rmSync(dir!, { recursive: true, force: true })
      index = dir = undefined
    }
  })

  it('take an item made at the very instant of `from` and leave one made at `to`', () => {
    dir = mkdtempSync(join(tmpdir(), 'intersect-'))
    const ix = (index = new LibraryIndex(join(dir, 'i.sqlite')))
    const at = (d: number) => START + d * DAY
    ix.upsert(
      [0, 1, 1, 2, 3, 40].map((d, i) =>
        libraryIndexRow(i, { prompt: 'fox', created: new Date(at(d)).toISOString() }),
      ),
    )
    const filters: LibraryFilter[] = [
      { text: 'fox', from: at(1) },
      { text: 'fox', to: at(1) },
      { text: 'fox', from: at(1), to: at(2) },
      // An empty tag list is no condition: words alone still.
      { text: 'fox', tags: [], from: at(2), to: at(40) },
    ]
    for (const f of filters) {
      const expected = plainIds(ix.db, f)
      expect(ix.months(f).map(({ month, count }) => ({ month, count }))).toEqual(
        plainLibraryMonths(ix.db, f),
      )
      expect(ix.ids(f, 100), JSON.stringify(f)).toEqual(expected)
      expect(paged(ix, f, 1), JSON.stringify(f)).toEqual(expected)
    }
    expect(plainIds(ix.db, filters[2]!)).toEqual(['id-2', 'id-1'])
  })

  it('take one kind, a medium, a model, favourites and a batch as lists; not kinds or cost', () => {
    const conditions: LibraryFilter[] = [
      { kinds: ['art', 'video'] },
      { minCost: 0.01 },
      { maxCost: 1 },
    ]
    for (const c of conditions) {
      expect(intersectPlan({ text: 'fox', ...c }), JSON.stringify(c)).toBeNull()
      expect(intersectPlan({ text: 'fox', collectionId: 'c-a', ...c })).toBeNull()
      expect(intersectPlan({ text: 'fox', model: 'm', ...c })).toBeNull()
    }
    const lists = (f: LibraryFilter) => intersectPlan({ text: 'fox', ...f })?.sides.length
    expect(lists({})).toBe(0)
    expect(lists({ kinds: [] })).toBe(0)
    expect(lists({ model: 'm' })).toBe(1)
    expect(lists({ kinds: ['art'], media: 'image' })).toBe(2)
    expect(lists({ favourites: true, batchId: 'b-1' })).toBe(2)
    expect(lists({ model: 'm', favourites: true, collectionId: 'c-a', minRating: 2 })).toBe(4)
    expect(intersectPlan({ model: 'm', favourites: true })).toBeNull()
  })

  it('follow writes at once: held rowids are dropped when the index changes', () => {
    const ix = open(300, 9)
    const f: LibraryFilter = { collectionId: 'c-a', text: 'fox' }
    const first = ix.page(f, null, 4)
    // A deep page and the months hold the match's rowids.
    expect(paged(ix, f, 4)).toEqual(plainIds(ix.db, f))
    expect(ix.months(f).reduce((n, m) => n + m.count, 0)).toBe(plainIds(ix.db, f).length)
    // A new matching item below the first page, then a match removed from the prompt index.
    ix.upsert([
      libraryIndexRow(1000, {
        prompt: 'fox',
        created: new Date(START + 10 * DAY).toISOString(),
        collections: ['c-a'],
      }),
    ])
    const victim = plainIds(ix.db, f)[6]!
    ix.db.prepare("UPDATE items SET prompt = 'owl' WHERE id = ?").run(victim)
    expect(paged(ix, f, 4)).toEqual(plainIds(ix.db, f))
    expect(ix.months(f).reduce((n, m) => n + m.count, 0)).toBe(plainIds(ix.db, f).length)
    expect(paged(ix, f, 4)).toEqual(plainIds(ix.db, f))
    expect(ix.page(f, first.next, 500).items.map((t) => t.id)).toContain('id-1000')
    expect(plainIds(ix.db, f)).not.toContain(victim)
    // Another write after the rowids were held again: dropped again.
    ix.db.prepare("UPDATE items SET prompt = 'owl' WHERE id = 'id-1000'").run()
    expect(paged(ix, f, 4)).toEqual(plainIds(ix.db, f))
    expect(ix.months(f).reduce((n, m) => n + m.count, 0)).toBe(plainIds(ix.db, f).length)
    expect(ix.ids(f, 1000)).not.toContain('id-1000')
  })

  it('read as the plain reading after organising edits, which keep the match held', () => {
    const ix = open(500, 13)
    const r = seededRandom(113)
    const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)]!
    const ids = plainIds(ix.db, {})
    for (const f of shapes(r).slice(0, 24)) {
      expectReadsLikePlain(ix, f, true)
      // Ratings, tags, collections and favourites as the organise panel writes them: the
      // prompts stay, so the match read by the months above stays held (heldRowids.ts).
      for (let k = 0; k < 3; k++) {
        const fields = {
          rating: Math.floor(r() * 6),
          tags: ['cat', 'dog', 'rare'].filter(() => r() < 0.4),
          collections: ['c-a', 'c-b'].filter(() => r() < 0.4),
          favourite: r() < 0.3,
        }
        expect(ix.organise.update(pick(ids), fields, 2 + k)).toBe(true)
      }
      expectReadsLikePlain(ix, f, false)
      expectReadsLikePlain(ix, f, true)
    }
  })

  it('hold the side lists the months read whole, and drop them when a side row changes', () => {
    const ix = open(400, 11)
    const queries = new IndexQueries(
      ix.db,
      (id) => ix.db.prepare('SELECT rowid AS key, cost FROM items WHERE id = ?').get(id) as never,
    )
    const asked: string[] = []
    const stmt = queries.stmt.bind(queries)
    queries.stmt = (sql: string) => {
      asked.push(sql)
      return stmt(sql)
    }
    const f: LibraryFilter = { collectionId: 'c-a', tags: ['cat'], text: 'fox' }
    const sideChunks = () => asked.filter((sql) => sql.includes('AND item <= ? AND item >= ?'))
    queries.months(f)
    asked.length = 0
    const top = queries.page(f, null, 3)
    expect(paged(ix, f, 3)).toEqual(plainIds(ix.db, f))
    queries.page(f, top.next, 3)
    queries.ids(f, 50)
    // Pages after the months walk the held lists: no side table is read again in chunks.
    expect(sideChunks()).toEqual([])
    // Only a collection row changes (the prompt index is as it was): the held lists are dropped.
    const member = plainIds(ix.db, f)[2]!
    ix.db
      .prepare(
        'DELETE FROM item_collections WHERE collection = ? AND item = (SELECT rowid FROM items WHERE id = ?)',
      )
      .run('c-a', member)
    const after = plainIds(ix.db, f)
    expect(after).not.toContain(member)
    expect(queries.ids(f, 1000)).toEqual(after)
    expect(queries.months(f).reduce((n, m) => n + m.count, 0)).toBe(after.length)
    expect(queries.ids(f, 1000)).toEqual(after)
  })

  it('never read these shapes with the nested probes, and leave every other shape to them', () => {
    const ix = open(300, 4)
    const { queries, ran: prepared } = recordedIndexQueries(ix)
    const slow: LibraryFilter[] = [
      { collectionId: 'c-a', text: 'fox' },
      { tags: ['cat'], text: 'moon' },
      { minRating: 2, text: 'owl #dog' },
      // Words of their own: a match the shapes above hold is shared (one list per match).
      { text: 'stone' },
      { text: 'moon river', from: START + 30 * DAY },
      { text: 'river', model: 'm1', favourites: true },
    ]
    const nested = () => prepared.filter((sql) => /EXISTS|JOIN/.test(sql))
    for (const f of slow) {
      // Until the months hold the match's rowids, pages are nested probes (cheap from the top).
      const top = queries.page(f, null, 3)
      expect(nested(), JSON.stringify(f)).not.toEqual([])
      queries.months(f)
      prepared.length = 0
      queries.page(f, null, 3)
      queries.page(f, top.next, 3)
      queries.months(f)
      queries.ids(f, 50)
      // The nested reading probes side tables with EXISTS, or joins FTS5 to `items`.
      expect(nested(), JSON.stringify(f)).toEqual([])
      prepared.length = 0
    }
    const others: LibraryFilter[] = [
      { collectionId: 'c-a', text: 'fox', kinds: ['art', 'image'] },
      { tags: ['cat', 'dog'] },
      { text: 'fox', minCost: 0.01 },
      { collectionId: 'c-a', text: 'fox', sort: 'cost-desc' },
    ]
    for (const f of others.slice(0, 3)) expect(intersectPlan(f), JSON.stringify(f)).toBeNull()
    expect(intersectPlan(others[3]!)).not.toBeNull()
    prepared.length = 0
    queries.page(others[3]!, null, 3)
    expect(
      prepared.some((s) => s.includes('items_cost') || s.includes('ORDER BY items.cost')),
    ).toBe(true)
  })
})

describe('lists or probes', () => {
  it('probe the matches of a rare word instead of reading a big list whole, and list a common one', () => {
    const ix = open(400, 11)
    const { queries, ran } = recordedIndexQueries(ix)
    const listsRead = () =>
      ran.filter((sql) => /gs_collect_rowids\((item|rowid)\) FROM item/.test(sql))
    const rare: LibraryFilter = { text: 'zebra', collectionId: 'c-a' }
    const common: LibraryFilter = { text: 'fox', collectionId: 'c-b' }
    for (const f of [rare, common]) {
      const expected = plainIds(ix.db, f)
      ran.length = 0
      expect(queries.months(f).reduce((n, m) => n + m.count, 0)).toBe(expected.length)
      const listed = new Set(listsRead())
      // zebra: 14 matches against c-a's ~120 items; fox: ~200 matches against c-b's ~20.
      expect(listed.size, JSON.stringify(f)).toBe(f === rare ? 0 : 1)
      expect(ran.some((sql) => /FROM items_fts WHERE/.test(sql) && /EXISTS/.test(sql))).toBe(
        f === rare,
      )
      ran.length = 0
      expect(paged({ page: queries.page.bind(queries) }, f, 2)).toEqual(expected)
      expect(queries.ids(f, 100)).toEqual(expected)
      // Pages after the months read only tiles by key.
      expect(ran.filter((sql) => !/json_each/.test(sql))).toEqual([])
    }
    expect(plainIds(ix.db, rare).length).toBeGreaterThan(0)
  })

  it('size every list as the count tables do: its items for that one value', () => {
    const ix = open(400, 12)
    const estimates = new IndexEstimates(ix.db, (sql) => ix.db.prepare(sql))
    const f: LibraryFilter = {
      text: 'fox',
      collectionId: 'c-a',
      tags: ['cat'],
      minRating: 2,
      kinds: ['art'],
      media: 'video',
      model: 'm1',
      favourites: true,
      batchId: 'b-0',
    }
    const count = (where: string, ...params: unknown[]) =>
      ix.db
        .prepare(`SELECT count(*) FROM items WHERE ${where}`)
        .pluck()
        .get(...params) as number
    const expected = [
      count('rowid IN (SELECT item FROM item_collections WHERE collection = ?)', 'c-a'),
      count("rowid IN (SELECT item FROM item_tags WHERE tag = 'cat')"),
      count('rating >= 2'),
      count("kind = 'art'"),
      count("media = 'video'"),
      count("model = 'm1'"),
      count('favourite = 1'),
      count("batch_id = 'b-0'"),
    ]
    expect(new Set(expected).size).toBe(expected.length)
    expect(intersectPlan(f)!.sides.map((l) => l.size(estimates))).toEqual(expected)
  })

  it('count only the lists not held yet, against the match times the lists', () => {
    const held = new Set(['held'])
    const reads = {
      stmt: () => {
        throw new Error('no SQL')
      },
      held: { heldList: (sql: string) => (held.has(sql) ? new Float64Array(1) : undefined) },
    } as unknown as Parameters<typeof probesCheaper>[2]
    const estimates = { side: () => 0, items: () => 0 }
    const list = (whole: string, n: number) => ({ sql: '', params: [], whole, size: () => n })
    const plan = (...sides: ReturnType<typeof list>[]) => ({ match: 'm', sides, top: 1, floor: 0 })
    expect(probesCheaper(plan(list('a', 101)), 50, reads, estimates)).toBe(true)
    expect(probesCheaper(plan(list('a', 100)), 50, reads, estimates)).toBe(false)
    expect(probesCheaper(plan(list('held', 1000)), 50, reads, estimates)).toBe(false)
    expect(probesCheaper(plan(list('a', 150), list('b', 50)), 50, reads, estimates)).toBe(false)
    expect(probesCheaper(plan(list('a', 150), list('b', 51)), 50, reads, estimates)).toBe(true)
    expect(probesCheaper(plan(), 0, reads, estimates)).toBe(false)
  })
})

describe('mergeDescending', () => {
  it('answers the values of every list within [floor, top], newest first, up to the cap', () => {
    const a = Float64Array.from([90, 70, 50, 40, 30, 10])
    const b = [95, 70, 60, 40, 10, 5]
    expect(mergeDescending([a], Infinity, 0)).toEqual([90, 70, 50, 40, 30, 10])
    expect(mergeDescending([a], 70, 30)).toEqual([70, 50, 40, 30])
    expect(mergeDescending([a, b], Infinity, 0)).toEqual([70, 40, 10])
    expect(mergeDescending([b, a], 69, 0, 1)).toEqual([40])
    expect(mergeDescending([a, b, [40]], Infinity, 0)).toEqual([40])
    expect(mergeDescending([a, []], Infinity, 0)).toEqual([])
  })
})
