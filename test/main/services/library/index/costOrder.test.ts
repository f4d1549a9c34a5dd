import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { type IndexRow, LibraryIndex } from '@main/services/library/index/LibraryIndex'
import type { LibraryCursor, LibraryFilter, LibraryTile } from '@shared/library/types'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let dir: string
let index: LibraryIndex

const BASE = new Date(2026, 0, 1).getTime()
const HOUR = 3_600_000
const N = 400
const PRICES = [0.01, 0.02, 0.04, 0.1, 0.0125] as const

/** Costs with many ties and one item in seven unpriced; three items share each timestamp. */
const costOf = (i: number): number | null => (i % 7 === 0 ? null : PRICES[i % PRICES.length]!)

function row(i: number): IndexRow {
  return {
    relPath: `f/${String(i).padStart(5, '0')}.png`,
    media: 'image',
    ext: 'png',
    fileMtime: 1,
    fileSize: 1,
    sidecarMtime: 1,
    problem: null,
    sidecar: {
      format: 'gen-studio-library',
      version: 1,
      id: `id-${String(i).padStart(5, '0')}`,
      kind: i % 2 ? 'image' : 'art',
      model: 'm',
      prompt: i % 3 === 0 ? `a red fox ${i}` : `blue whale ${i}`,
      negativePrompt: '',
      params: {},
      seed: null,
      costEstimate: costOf(i),
      sourceTaskId: null,
      width: 8,
      height: 8,
      durationSec: null,
      bytes: 1,
      sha256: i.toString(16).padStart(64, '0'),
      created: new Date(BASE + Math.floor(i / 3) * HOUR).toISOString(),
      favourite: false,
      demo: false,
      ...(i % 5 < 2
        ? {
            batch: {
              batchId: `b-${i % 5}`,
              index: i,
              x: `x${i % 3}`,
              y: null,
              repeat: 1,
              picks: [],
            },
          }
        : {}),
    },
  }
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'lib-cost-'))
  index = new LibraryIndex(join(dir, 'index.sqlite'))
  index.upsert(Array.from({ length: N }, (_, i) => row(i)))
})
afterAll(() => {
  index.close()
  rmSync(dir, { recursive: true, force: true })
})

function walk(filter: LibraryFilter, limit: number): LibraryTile[] {
  const all: LibraryTile[] = []
  let after: LibraryCursor | null = null
  for (let guard = 0; guard < 10_000; guard++) {
    const page = index.page(filter, after, limit)
    all.push(...page.items)
    if (!page.next) return all
    after = page.next
  }
  throw new Error('paging did not end')
}

/**
 * The order the grid must show, computed independently of SQL: priced items by cost (ties
 * newest first when descending, the exact mirror when ascending), then unpriced newest first.
 */
function expected(filter: LibraryFilter): string[] {
  const newest = walk({ ...filter, sort: 'newest' }, 500)
  const rank = new Map(newest.map((t, i) => [t.id, i]))
  const priced = newest.filter((t) => t.costEstimate !== null)
  const desc = filter.sort === 'cost-desc'
  priced.sort((a, b) =>
    a.costEstimate !== b.costEstimate
      ? (desc ? -1 : 1) * (a.costEstimate! - b.costEstimate!)
      : (desc ? 1 : -1) * (rank.get(a.id)! - rank.get(b.id)!),
  )
  return [...priced, ...newest.filter((t) => t.costEstimate === null)].map((t) => t.id)
}

const CASES: Array<[string, LibraryFilter]> = [
  ['most expensive first', { sort: 'cost-desc' }],
  ['cheapest first', { sort: 'cost-asc' }],
  ['by cost within a kind', { sort: 'cost-desc', kinds: ['art'] }],
  ['by cost within a batch', { sort: 'cost-asc', batchId: 'b-1' }],
  ['by cost within a search', { sort: 'cost-desc', text: 'fox' }],
  ['by cost with a lower bound (unpriced left out)', { sort: 'cost-asc', minCost: 0.02 }],
  ['by cost with both bounds', { sort: 'cost-desc', minCost: 0.0125, maxCost: 0.04 }],
]

describe('cost orders', () => {
  it.each(CASES)('%s: every page size visits every item once, in order', (_, filter) => {
    const want = expected(filter)
    expect(want.length).toBeGreaterThan(0)
    for (const limit of [1, 7, 50, 500]) expect(walk(filter, limit).map((t) => t.id)).toEqual(want)
    expect(index.ids(filter, 100_000)).toEqual(want)
    expect(index.ids(filter, 5)).toEqual(want.slice(0, 5))
  })

  it('puts unpriced items last in both orders, and leaves them out under a cost bound', () => {
    for (const sort of ['cost-desc', 'cost-asc'] as const) {
      const all = walk({ sort }, 60)
      expect(all).toHaveLength(N)
      const firstNull = all.findIndex((t) => t.costEstimate === null)
      expect(all.slice(firstNull).every((t) => t.costEstimate === null)).toBe(true)
      expect(all[0]!.costEstimate).toBe(sort === 'cost-desc' ? 0.1 : 0.01)
    }
    const bounded = walk({ minCost: 0.0125, maxCost: 0.04 }, 50)
    expect(bounded.every((t) => t.costEstimate! >= 0.0125 && t.costEstimate! <= 0.04)).toBe(true)
    const inclusive = Array.from({ length: N }, (_, i) => costOf(i)).filter(
      (c) => c !== null && c >= 0.0125 && c <= 0.04,
    )
    expect(bounded).toHaveLength(inclusive.length)
    const cheapest = Array.from({ length: N }, (_, k) => costOf(k)).filter((c) => c === 0.01)
    expect(index.months({ maxCost: 0.01 }).reduce((n, m) => n + m.count, 0)).toBe(cheapest.length)
  })

  it.each([
    ['from the start', null, 25],
    ['inside the priced part', 40, 30],
    ['across into the unpriced part', 300, 60],
    ['inside the unpriced part', 360, 5],
    ['past the end', 390, 100],
  ] as const)('skip lands where walking does: %s', (_, from, skip) => {
    for (const sort of ['cost-desc', 'cost-asc'] as const) {
      const all = walk({ sort }, 500)
      const anchor = from === null ? null : all[from]!
      const after = anchor && {
        createdAt: anchor.createdAt,
        id: anchor.id,
        cost: anchor.costEstimate,
      }
      const start = (from === null ? 0 : from + 1) + skip
      const page = index.page({ sort }, after, 10, skip)
      expect(page.items.map((t) => t.id)).toEqual(all.slice(start, start + 10).map((t) => t.id))
      expect(page.next === null).toBe(start + 10 >= N)
    }
  })

  it('continues a cursor without a cost from its row, and one whose row is gone from its values', () => {
    const all = walk({ sort: 'cost-desc' }, 500)
    const a = all[100]!
    const fromRow = index.page({ sort: 'cost-desc' }, { createdAt: a.createdAt, id: a.id }, 5)
    expect(fromRow.items.map((t) => t.id)).toEqual(all.slice(101, 106).map((t) => t.id))
    const n = all.findIndex((t) => t.costEstimate === null) + 3
    const gone = all[n]!
    index.removePaths([`f/${gone.id.slice(3)}.png`])
    try {
      const cursor = { createdAt: gone.createdAt, id: gone.id, cost: null }
      const next = index.page({ sort: 'cost-desc' }, cursor, 5)
      expect(next.items.map((t) => t.id)).toEqual(all.slice(n + 1, n + 6).map((t) => t.id))
      // Neither a cost of its own nor a row to take one from (a cursor of another order whose
      // item was deleted): the order starts again from its beginning.
      const lost = index.page({ sort: 'cost-desc' }, { createdAt: gone.createdAt, id: gone.id }, 5)
      expect(lost.items.map((t) => t.id)).toEqual(all.slice(0, 5).map((t) => t.id))
    } finally {
      index.upsert([row(Number(gone.id.slice(3)))])
    }
  })

  it('serves cost orders and batch filters from indexes, without sorting the library', () => {
    const plans = (filter: LibraryFilter, after: LibraryCursor | null = null) => {
      const queries = (index as unknown as { queries: { cache: Map<string, unknown> } }).queries
      queries.cache.clear()
      index.page(filter, after, 10)
      return [...queries.cache.keys()].map((sql) =>
        (
          index.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...sqlParams(sql)) as Array<{
            detail: string
          }>
        )
          .map((r) => r.detail)
          .join(' | '),
      )
    }
    const first = walk({ sort: 'cost-desc' }, 500)
    const nullCursor = first.find((t) => t.costEstimate === null)!
    for (const plan of [
      ...plans({ sort: 'cost-desc' }),
      ...plans({ sort: 'cost-asc' }, { createdAt: 0, id: first[3]!.id, cost: 0.02 }),
      ...plans({ sort: 'cost-desc' }, { createdAt: 0, id: nullCursor.id, cost: null }),
    ]) {
      expect(plan).toMatch(/USING (COVERING )?INDEX items_cost/)
      expect(plan).not.toMatch(/TEMP B-TREE/)
    }
    for (const plan of plans({ batchId: 'b-1' })) {
      expect(plan).toMatch(/USING INDEX items_batch/)
      expect(plan).not.toMatch(/TEMP B-TREE/)
    }
  })
})

/** Placeholder values for EXPLAIN: any value of the right count (the plan does not depend on them). */
function sqlParams(sql: string): number[] {
  return Array.from(sql.matchAll(/\?/g), () => 1)
}
