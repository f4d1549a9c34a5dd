import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { type IndexRow, LibraryIndex } from '@main/services/library/index/LibraryIndex'
import { disjointRanges, MONTH_RANGES_SQL } from '@main/services/library/index/monthRanges'
import type { LibraryFilter } from '@shared/library/types'
import { libraryIndexRow } from '@test/support/libraryIndexRow'
import { allLibraryPages } from '@test/support/libraryPages'
import { plainLibraryIds, plainLibraryMonths } from '@test/support/plainLibraryWhere'
import { seededRandom } from '@test/support/seededRandom'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * Issue #33: the grid's reads (pages and month counts) for every combination of the filter
 * fields the UI can send (LibraryFilter), against a plain SQL reading of the same rows written
 * here independently of the index's query planning (organiseFilter.ts, monthRanges.ts,
 * monthSummaries.ts): `WHERE` conditions on `items` with `IN` lists for the side tables, and a
 * GROUP BY over the `month` column.
 */

let dir: string
let index: LibraryIndex

const rng = seededRandom

const START = new Date(2024, 10, 1).getTime()
const SPAN = 420 * 86_400_000
const at = (days: number) => START + days * 86_400_000

function row(i: number, r: () => number): IndexRow {
  const video = r() < 0.2
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)]!
  return libraryIndexRow(
    i,
    {
      kind: video ? 'video' : r() < 0.5 ? 'image' : 'art',
      model: pick(['m1', 'm2', 'm3']),
      prompt: `${pick(['red fox', 'blue whale', 'fox den'])} ${pick(['night', 'day'])}`,
      negativePrompt: r() < 0.2 ? 'foggy' : '',
      created: new Date(START + Math.floor(r() * SPAN)).toISOString(),
      favourite: r() < 0.25,
      costEstimate: r() < 0.2 ? null : pick([0.01, 0.03, 0.06]),
      rating: r() < 0.5 ? 1 + Math.floor(r() * 5) : 0,
      tags: ['Cat', 'dog', 'night'].filter(() => r() < 0.35),
      collections: ['c-a', 'c-b'].filter(() => r() < 0.3),
      ...(r() < 0.3
        ? {
            batch: {
              batchId: pick(['b1', 'b2']),
              index: i,
              x: null,
              y: null,
              repeat: 1,
              picks: [],
            },
          }
        : {}),
    },
    { relPath: `f/${i}.${video ? 'mp4' : 'png'}`, media: video ? 'video' : 'image' },
  )
}

/** Each filter field the UI sends, with the values it is tried with. */
const FIELDS: LibraryFilter[][] = [
  [{ kinds: ['art'] }, { kinds: ['image', 'video'] }],
  [{ media: 'image' }, { media: 'video' }],
  [{ model: 'm1' }],
  [{ from: at(60) }, { to: at(300) }, { from: at(90), to: at(200) }],
  [{ favourites: true }],
  [{ text: 'fox' }, { text: '#dog' }, { text: 'fox #cat' }, { text: 'nig' }],
  [{ batchId: 'b1' }],
  [{ minCost: 0.02 }, { maxCost: 0.05 }, { minCost: 0.02, maxCost: 0.05 }],
  [{ minRating: 3 }, { minRating: 1 }],
  [{ tags: ['cat'] }, { tags: ['Cat', 'dog'] }],
  [{ collectionId: 'c-a' }],
]

/** Every combination of up to three fields (first values), and seeded random ones of any size. */
function combinations(): LibraryFilter[] {
  const out: LibraryFilter[] = [{}]
  const n = FIELDS.length
  for (let a = 0; a < n; a++) {
    out.push({ ...FIELDS[a]![0] })
    for (let b = a + 1; b < n; b++) {
      out.push({ ...FIELDS[a]![0], ...FIELDS[b]![0] })
      for (let c = b + 1; c < n; c++)
        out.push({ ...FIELDS[a]![0], ...FIELDS[b]![0], ...FIELDS[c]![0] })
    }
  }
  const r = rng(8)
  for (let k = 0; k < 250; k++) {
    const f: LibraryFilter = {}
    for (const options of FIELDS)
      if (r() < 0.45) Object.assign(f, options[Math.floor(r() * options.length)])
    out.push(f)
  }
  return out
}

const plainMonths = (f: LibraryFilter) => plainLibraryMonths(index.db, f)
const plainIds = (f: LibraryFilter) => plainLibraryIds(index.db, f)
const pagedIds = (f: LibraryFilter) => allLibraryPages(index, f, 23)

/** The row with its creation time set to `iso`. */
const at2 = (iso: string) => (r: IndexRow) => ({ ...r, sidecar: { ...r.sidecar, created: iso } })

const months = (f: LibraryFilter) => index.months(f).map(({ month, count }) => ({ month, count }))

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'filter-combinations-'))
  index = new LibraryIndex(join(dir, 'i.sqlite'))
  const r = rng(33)
  index.upsert(Array.from({ length: 700 }, (_, i) => row(i, r)))
  // Edits and removals, so the count tables and side tables went through every write path.
  index.organise.transaction(() => {
    for (let i = 3; i < 700; i += 17)
      index.organise.update(
        `id-${i}`,
        { favourite: true, rating: 4, tags: ['dog'], collections: ['c-a'] },
        2,
      )
  })
  index.removePaths(Array.from({ length: 30 }, (_, k) => `f/${k * 19}.png`))
})
afterAll(() => {
  index?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('every filter combination the UI can send', () => {
  const filters = combinations()

  it('counts months exactly as a GROUP BY over the plainly filtered rows', () => {
    expect(filters.length).toBeGreaterThan(400)
    let nonEmpty = 0
    for (const f of filters) {
      const expected = plainMonths(f)
      if (expected.length) nonEmpty++
      expect(months(f), JSON.stringify(f)).toEqual(expected)
      // The sort never changes the counts.
      expect(months({ ...f, sort: 'cost-desc' }), JSON.stringify(f)).toEqual(expected)
    }
    // The seeded rows make most combinations match something (the test compares real counts).
    expect(nonEmpty).toBeGreaterThan(filters.length / 2)
  })

  it('pages through exactly the plainly filtered rows, newest first', () => {
    for (const f of filters) expect(pagedIds(f), JSON.stringify(f)).toEqual(plainIds(f))
  })

  it('counts by rowid ranges only when the ranges prove the months, else by the rows', () => {
    const ranges = disjointRanges(index.db.prepare(MONTH_RANGES_SQL).all() as never)
    expect(ranges?.length).toBeGreaterThan(12)
    // Rows whose month was worked out under another time zone (the user travelled): an item
    // made later in March by UTC than one counted in April by UTC+14. The ranges overlap, the
    // counts come from the rows, and still equal the plain reading.
    const tz = process.env.TZ
    try {
      process.env.TZ = 'UTC'
      index.upsert([row(900, rng(1)), row(901, rng(2))].map(at2('2025-03-31T21:00:00Z')))
      process.env.TZ = 'Pacific/Kiritimati'
      index.upsert([row(902, rng(3))].map(at2('2025-03-31T20:00:00Z')))
    } finally {
      if (tz === undefined) delete process.env.TZ
      else process.env.TZ = tz
    }
    expect(disjointRanges(index.db.prepare(MONTH_RANGES_SQL).all() as never)).toBeNull()
    for (const f of filters) expect(months(f), JSON.stringify(f)).toEqual(plainMonths(f))
  })
})

describe('disjointRanges', () => {
  it('keeps ranges that end before the next begins, in month order', () => {
    const rows = [
      { month: 202501, lo: 1, hi: 10 },
      { month: 202502, lo: 11, hi: 20 },
    ]
    expect(disjointRanges(rows)).toEqual(rows)
  })

  it('refuses overlapping, touching, unordered or missing ranges', () => {
    expect(
      disjointRanges([
        { month: 202501, lo: 1, hi: 10 },
        { month: 202502, lo: 10, hi: 20 },
      ]),
    ).toBeNull()
    expect(
      disjointRanges([
        { month: 202502, lo: 11, hi: 20 },
        { month: 202501, lo: 1, hi: 10 },
      ]),
    ).toBeNull()
    expect(
      disjointRanges([
        { month: 202501, lo: 1, hi: 10 },
        { month: 202501, lo: 11, hi: 20 },
      ]),
    ).toBeNull()
    expect(disjointRanges([{ month: 202501, lo: 1 }])).toBeNull()
  })
})
