import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { openDatabase } from '@main/adapters/sqlite/openDatabase'
import { prefixRange } from '@main/services/library/index/indexOrganise'
import { IndexQueries } from '@main/services/library/index/indexQueries'
import { MIGRATIONS } from '@main/services/library/index/indexSchema'
import { type IndexRow, LibraryIndex } from '@main/services/library/index/LibraryIndex'
import { summaryMonths } from '@main/services/library/index/monthSummaries'
import { tagKey } from '@shared/library/organise'
import type { LibraryFilter, LibrarySidecar } from '@shared/library/types'
import { libraryIndexRow } from '@test/support/libraryIndexRow'
import { seededRandom } from '@test/support/seededRandom'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

let dir: string
let index: LibraryIndex

const rng = seededRandom

const TAGS = ['Cat', 'cat', 'dog', 'Dog Park', 'night', 'rare']
const COLLECTIONS = ['c-a', 'c-b', 'c-c']
const START = new Date(2025, 0, 1).getTime()
const SPAN = 400 * 86_400_000

function organise(r: () => number): Pick<LibrarySidecar, 'rating' | 'tags' | 'collections'> {
  const tags = TAGS.filter(() => r() < 0.3)
  // 'Cat' and 'cat' are one tag key: keep one, as the sidecar's normalised tags would.
  if (tags.includes('Cat') && tags.includes('cat')) tags.splice(tags.indexOf('cat'), 1)
  const collections = COLLECTIONS.filter(() => r() < 0.25)
  const rating = r() < 0.4 ? 1 + Math.floor(r() * 5) : 0
  return { rating, tags, collections }
}

function row(i: number, r: () => number): IndexRow {
  const video = r() < 0.2
  const media = video ? 'video' : 'image'
  return libraryIndexRow(
    i,
    {
      kind: video ? 'video' : r() < 0.5 ? 'image' : 'art',
      model: r() < 0.5 ? 'm1' : 'm2',
      prompt: r() < 0.5 ? 'red fox' : 'blue whale',
      created: new Date(START + Math.floor(r() * SPAN)).toISOString(),
      favourite: r() < 0.2,
      ...organise(r),
    },
    { relPath: `f/${i}.${video ? 'mp4' : 'png'}`, media, ext: video ? 'mp4' : 'png' },
  )
}

/** Every filter shape the count tables answer, and a few they leave to the rows. */
const FILTERS: LibraryFilter[] = [
  {},
  { media: 'video' },
  { media: 'image', kinds: ['art'] },
  { kinds: ['image', 'video'] },
  { favourites: true },
  { favourites: true, media: 'image' },
  { tags: ['cat'] },
  { tags: ['Dog Park'] },
  { text: '#night' },
  { collectionId: 'c-b' },
  { minRating: 3 },
  { minRating: 5, sort: 'cost-desc' },
  { tags: ['cat', 'dog'] },
  { tags: ['cat'], media: 'image' },
  { text: 'fox' },
  { model: 'm1' },
]

/** The month counts as the index computed them before schema 7: a GROUP BY over the rows. */
function fromRows(filter: LibraryFilter): Array<{ month: number; n: number }> {
  const q = new IndexQueries(index.db, () => undefined).monthsFromRows(filter)
  return index.db.prepare(q.sql).all(...q.params) as Array<{ month: number; n: number }>
}

function fromSummaries(filter: LibraryFilter): Array<{ month: number; n: number }> | null {
  const q = summaryMonths(filter)
  return q
    ? (index.db.prepare(q.sql).all(...q.params) as Array<{ month: number; n: number }>)
    : null
}

/** The suggestions as the index computed them before schema 7: grouping every tag use. */
function oldSuggestions(prefix: string) {
  const [from, to] = prefixRange(tagKey(prefix.trim()))
  return index.db
    .prepare(
      `SELECT max(label) AS tag, count(*) AS count FROM item_tags
       WHERE tag >= ? AND tag < ? GROUP BY tag ORDER BY count DESC, tag LIMIT 50`,
    )
    .all(from, to)
}

function expectSameAsRows(): void {
  let answered = 0
  for (const f of FILTERS) {
    const summary = fromSummaries(f)
    if (summary === null) continue
    answered++
    expect(summary, JSON.stringify(f)).toEqual(fromRows(f))
  }
  // Every shape but the last three is answered from the count tables.
  expect(answered).toBe(FILTERS.length - 3)
  // The item count (every status) is theirs too.
  expect(index.count()).toBe(index.db.prepare('SELECT count(*) FROM items').pluck().get())
  for (const prefix of ['', 'c', 'd', 'dog ', 'x']) {
    expect(index.organise.suggestions(prefix, 50), prefix).toEqual(oldSuggestions(prefix))
  }
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'index-summaries-'))
})
afterEach(() => {
  index?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('count tables (schema 6)', () => {
  it('answer month counts and tag suggestions exactly as the rows do, through every kind of write', () => {
    const r = rng(33)
    index = new LibraryIndex(join(dir, 'i.sqlite'))
    index.upsert(Array.from({ length: 800 }, (_, i) => row(i, r)))
    expect(index.db.prepare('SELECT count(*) FROM month_counts').pluck().get()).toBeGreaterThan(20)
    expectSameAsRows()

    // Re-upserts (delete-then-insert, some into another month), organise edits, favourites,
    // removals: every path that writes rows or side rows.
    index.upsert(Array.from({ length: 150 }, (_, k) => row(k * 5, r)))
    index.organise.transaction(() => {
      for (let i = 1; i < 800; i += 7)
        index.organise.update(`id-${i}`, { favourite: r() < 0.5, ...organise(r) } as never, 2)
    })
    for (let i = 2; i < 800; i += 11) index.setFavourite(`id-${i}`, r() < 0.5, 3)
    index.removePaths(Array.from({ length: 60 }, (_, k) => `f/${k * 13}.png`))
    expectSameAsRows()

    index.clear()
    for (const t of [
      'month_counts',
      'tag_months',
      'collection_months',
      'rating_months',
      'tag_labels',
      'side_month_facets',
    ])
      expect(index.db.prepare(`SELECT count(*) FROM ${t}`).pluck().get(), t).toBe(0)
  })

  it('are filled from the rows of an index made before them, with nothing re-read', () => {
    const path = join(dir, 'old.sqlite')
    const old = openDatabase({ path, migrations: MIGRATIONS.slice(0, 6) })
    old.close()
    // Rows written by the schema-5 index code path: the current LibraryIndex on a copy would
    // migrate first, so the rows go in through SQL the old triggers still keep consistent.
    const r = rng(5)
    index = new LibraryIndex(join(dir, 'seed.sqlite'))
    index.upsert(Array.from({ length: 400 }, (_, i) => row(i, r)))
    const seeded = join(dir, 'seed.sqlite')
    index.db.exec(`ATTACH '${path}' AS old`)
    for (const t of ['items', 'item_tags', 'item_collections', 'item_ratings'])
      index.db.exec(`INSERT INTO old.${t} SELECT * FROM main.${t}`)
    index.db.exec('DETACH old')
    const expected = FILTERS.map((f) => fromSummaries(f))
    index.close()
    rmSync(seeded)

    index = new LibraryIndex(path)
    expect(index.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length)
    expect(FILTERS.map((f) => fromSummaries(f))).toEqual(expected)
    expectSameAsRows()
  })
})
