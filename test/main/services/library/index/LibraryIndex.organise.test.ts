import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { openDatabase } from '@main/adapters/sqlite/openDatabase'
import { MIGRATIONS, STALE_STAMP } from '@main/services/library/index/indexSchema'
import { type IndexRow, LibraryIndex } from '@main/services/library/index/LibraryIndex'
import type { LibraryFilter, LibrarySidecar, LibraryTile } from '@shared/library/types'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

let dir: string
let index: LibraryIndex

const BASE = new Date(2026, 0, 1).getTime()
const DAY = 86_400_000
const N = 600

/** Item i: rating i % 6, tags by divisibility, collections by range. */
function organiseOf(i: number): Pick<LibrarySidecar, 'rating' | 'tags' | 'collections'> {
  const tags: string[] = []
  if (i % 2 === 0) tags.push('Even')
  if (i % 3 === 0) tags.push('three')
  if (i % 100 === 7) tags.push('Rare Tag')
  const collections: string[] = []
  if (i < 50) collections.push('c-first')
  if (i % 10 === 0) collections.push('c-tens')
  return {
    ...(i % 6 ? { rating: i % 6 } : {}),
    ...(tags.length ? { tags } : {}),
    ...(collections.length ? { collections } : {}),
  }
}

function row(i: number): IndexRow {
  return {
    relPath: `f/${String(i).padStart(5, '0')}.png`,
    media: i % 5 === 0 ? 'video' : 'image',
    ext: i % 5 === 0 ? 'mp4' : 'png',
    fileMtime: 1,
    fileSize: 1,
    sidecarMtime: 1,
    problem: null,
    sidecar: {
      format: 'gen-studio-library',
      version: 1,
      id: `id-${String(i).padStart(5, '0')}`,
      kind: i % 2 ? 'image' : 'art',
      model: i % 4 < 2 ? 'std-image-2' : 'art-v5',
      prompt: i % 7 === 0 ? `a red fox number ${i}` : `blue whale ${i}`,
      negativePrompt: '',
      params: {},
      seed: i,
      costEstimate: i % 9 === 0 ? null : (i % 13) / 100,
      sourceTaskId: null,
      width: 64,
      height: 64,
      durationSec: null,
      bytes: 10,
      sha256: i.toString(16).padStart(64, '0'),
      created: new Date(BASE + Math.floor(i / 2) * DAY).toISOString(),
      favourite: i % 11 === 0,
      demo: false,
      ...organiseOf(i),
    },
  }
}

const rows = Array.from({ length: N }, (_, i) => row(i))

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lib-organise-'))
  index = new LibraryIndex(join(dir, 'index.sqlite'))
  index.upsert(rows)
})
afterEach(() => {
  index.close()
  rmSync(dir, { recursive: true, force: true })
})

/** Every page of a filter, through the keyset. */
function walk(filter: LibraryFilter, limit = 23): LibraryTile[] {
  const all: LibraryTile[] = []
  let after = null
  for (;;) {
    const page = index.page(filter, after, limit)
    all.push(...page.items)
    if (!page.next) return all
    after = page.next
  }
}

/** The same filter decided in plain JS over the rows: the oracle, in the filter's order. */
function expected(pred: (r: IndexRow) => boolean): string[] {
  return rows
    .filter(pred)
    .sort(
      (a, b) =>
        Date.parse(b.sidecar.created) - Date.parse(a.sidecar.created) ||
        (a.relPath < b.relPath ? 1 : -1),
    )
    .map((r) => r.sidecar.id)
}

const hasTag = (r: IndexRow, t: string) =>
  (r.sidecar.tags ?? []).some((x) => x.toLowerCase() === t.toLowerCase())
const inCollection = (r: IndexRow, c: string) => (r.sidecar.collections ?? []).includes(c)
const rating = (r: IndexRow) => r.sidecar.rating ?? 0

describe('LibraryIndex: ratings, tags and collections (issue #16)', () => {
  it('stores them, shows the rating on tiles and the tags and collections on the item', () => {
    const item = index.get('id-00006')!
    expect(item.rating).toBe(0)
    expect(index.get('id-00007')).toMatchObject({
      rating: 1,
      tags: ['Rare Tag'],
      collections: ['c-first'],
    })
    expect(index.get('id-00030')).toMatchObject({
      rating: 0,
      tags: ['Even', 'three'],
      collections: ['c-first', 'c-tens'],
    })
    expect(index.page({ minRating: 5 }, null, 1).items[0]!.rating).toBe(5)
  })

  it.each<[string, LibraryFilter, (r: IndexRow) => boolean]>([
    ['rating ≥ 4', { minRating: 4 }, (r) => rating(r) >= 4],
    ['a tag, any case', { tags: ['EVEN'] }, (r) => hasTag(r, 'even')],
    [
      'two tags (all must match)',
      { tags: ['even', 'three'] },
      (r) => hasTag(r, 'even') && hasTag(r, 'three'),
    ],
    ['a collection', { collectionId: 'c-tens' }, (r) => inCollection(r, 'c-tens')],
    [
      'collection + tag + rating',
      { collectionId: 'c-first', tags: ['three'], minRating: 2 },
      (r) => inCollection(r, 'c-first') && hasTag(r, 'three') && rating(r) >= 2,
    ],
    [
      'tag + media + model + favourites',
      { tags: ['even'], media: 'image', model: 'std-image-2', favourites: true },
      (r) =>
        hasTag(r, 'even') &&
        r.media === 'image' &&
        r.sidecar.model === 'std-image-2' &&
        r.sidecar.favourite,
    ],
    [
      'rating + dates',
      { minRating: 3, from: BASE + 20 * DAY, to: BASE + 120 * DAY },
      (r) => {
        const t = Date.parse(r.sidecar.created)
        return rating(r) >= 3 && t >= BASE + 20 * DAY && t < BASE + 120 * DAY
      },
    ],
    [
      'collection + prompt words',
      { collectionId: 'c-tens', text: 'fox' },
      (r) => inCollection(r, 'c-tens') && r.sidecar.prompt.includes('fox'),
    ],
    ['#tag in the search box', { text: '#three' }, (r) => hasTag(r, 'three')],
    [
      '#"tag with space" plus words',
      { text: 'fox #"rare tag"' },
      (r) => hasTag(r, 'rare tag') && r.sidecar.prompt.includes('fox'),
    ],
    [
      'collection + tag + rating (the collection drives)',
      { collectionId: 'c-first', tags: ['even'], minRating: 1 },
      (r) => inCollection(r, 'c-first') && hasTag(r, 'even') && rating(r) >= 1,
    ],
    [
      'rating + kinds + cost bounds',
      { minRating: 1, kinds: ['art'], minCost: 0.05, maxCost: 0.1 },
      (r) => {
        const c = r.sidecar.costEstimate
        return rating(r) >= 1 && r.sidecar.kind === 'art' && c !== null && c >= 0.05 && c <= 0.1
      },
    ],
  ])(
    'filters by %s, pages through every match once, and counts months alike',
    (_n, filter, pred) => {
      const want = expected(pred)
      expect(want.length).toBeGreaterThan(0)
      expect(walk(filter).map((t) => t.id)).toEqual(want)
      expect(index.months(filter).reduce((n, m) => n + m.count, 0)).toBe(want.length)
      expect(index.ids(filter, 100_000)).toEqual(want)
      // skip lands where walking lands
      expect(index.page(filter, null, 3, 5).items.map((t) => t.id)).toEqual(want.slice(5, 8))
    },
  )

  it('keeps the cost orders complete under organising filters', () => {
    const filter: LibraryFilter = { tags: ['even'], sort: 'cost-desc' }
    const got = walk(filter, 17).map((t) => t.id)
    const want = rows.filter((r) => hasTag(r, 'even')).map((r) => r.sidecar.id)
    expect([...got].sort()).toEqual([...want].sort())
    expect(new Set(got).size).toBe(got.length)
  })

  it('walks the side table newest first without a sort step', () => {
    for (const filter of [
      { tags: ['even'] },
      { collectionId: 'c-tens' },
      { minRating: 2, media: 'image' as const },
    ]) {
      const plan = (
        index.db
          .prepare(`EXPLAIN QUERY PLAN ${planSql(filter)}`)
          .all(...planParams(filter)) as Array<{ detail: string }>
      )
        .map((r) => r.detail)
        .join(' | ')
      expect(plan).toMatch(/SEARCH org USING PRIMARY KEY/)
      expect(plan).not.toMatch(/TEMP B-TREE/)
    }
  })

  it('lets the narrowest condition drive, with the others as probes', () => {
    const plan = (filter: LibraryFilter) =>
      (
        index.db
          .prepare(`EXPLAIN QUERY PLAN ${planSql(filter)}`)
          .all(...planParams(filter)) as Array<{ detail: string }>
      )
        .map((r) => r.detail)
        .join(' | ')
    // 50 items in c-first, 300 tagged even: the collection drives.
    expect(plan({ tags: ['even'], collectionId: 'c-first' })).toMatch(
      /^SEARCH org USING PRIMARY KEY \(collection=\? AND item<\?\)|^SEARCH org USING PRIMARY KEY \(collection=\?\)/,
    )
    // 55 favourites: their index drives, the tag is a probe.
    expect(plan({ tags: ['even'], favourites: true })).toMatch(
      /^SEARCH items USING INDEX items_favourite/,
    )
    // Prompt words: FTS5 drives.
    expect(plan({ tags: ['even'], text: 'fox' })).toMatch(/^SCAN items_fts VIRTUAL TABLE/)
    // The counts follow writes: make "even" rare, and it drives.
    index.removePaths(
      rows
        .filter((r) => hasTag(r, 'even'))
        .slice(5)
        .map((r) => r.relPath),
    )
    expect(plan({ tags: ['even'], collectionId: 'c-first' })).toMatch(
      /^SEARCH org USING PRIMARY KEY \(tag=/,
    )
  })

  it('suggests tags by prefix, case-insensitively, most used first, and counts collections', () => {
    expect(index.organise.suggestions('', 10)).toEqual([
      { tag: 'Even', count: 300 },
      { tag: 'three', count: 200 },
      { tag: 'Rare Tag', count: 6 },
    ])
    expect(index.organise.suggestions('#R', 10)).toEqual([{ tag: 'Rare Tag', count: 6 }])
    expect(index.organise.suggestions('x', 10)).toEqual([])
    expect(Object.fromEntries(index.organise.collectionCounts())).toEqual({
      'c-first': 50,
      'c-tens': 60,
    })
  })

  it('drops the side rows with the item, and replaces them on a re-read', () => {
    index.removePaths(['f/00030.png'])
    expect(index.page({ collectionId: 'c-tens' }, null, 1000).items).toHaveLength(59)
    const again = row(40)
    again.sidecar.tags = ['fresh']
    again.sidecar.collections = []
    delete again.sidecar.rating
    index.upsert([again])
    expect(index.get('id-00040')).toMatchObject({ rating: 0, tags: ['fresh'], collections: [] })
    expect(index.page({ tags: ['even'] }, null, 1000).items.map((t) => t.id)).not.toContain(
      'id-00040',
    )
    expect(index.page({ collectionId: 'c-tens' }, null, 1000).items).toHaveLength(58)
  })

  it('updates one item in place after its sidecar changed', () => {
    expect(
      index.organise.update(
        'id-00001',
        { rating: 5, tags: ['b', 'a'], collections: ['c-x'], favourite: true },
        99,
      ),
    ).toBe(true)
    expect(index.get('id-00001')).toMatchObject({
      rating: 5,
      favourite: true,
      tags: ['b', 'a'],
      collections: ['c-x'],
    })
    expect(index.stamps().get('f/00001.png')!.sidecarMtime).toBe(99)
    expect(
      index.page({ minRating: 5, collectionId: 'c-x' }, null, 10).items.map((t) => t.id),
    ).toEqual(['id-00001'])
    expect(
      index.organise.update('gone', { rating: 1, tags: [], collections: [], favourite: false }, 1),
    ).toBe(false)
  })
})

// The page query as IndexQueries builds it, for EXPLAIN (through the public page call's SQL shape).
function planSql(filter: LibraryFilter): string {
  const q = (
    index as unknown as { queries: { base: (...a: unknown[]) => { sql: string; order: string } } }
  ).queries.base('items.id', filter, [], [])
  return `${q.sql} ORDER BY ${q.order} DESC LIMIT 200`
}
function planParams(filter: LibraryFilter): unknown[] {
  return (
    index as unknown as { queries: { base: (...a: unknown[]) => { params: unknown[] } } }
  ).queries.base('items.id', filter, [], []).params
}

describe('library index schema 3', () => {
  it('upgrades a schema-2 index in place: new fields empty, sidecars to be read again', () => {
    const path = join(dir, 'v2.sqlite')
    const db = openDatabase({ path, migrations: MIGRATIONS.slice(0, 2) })
    db.prepare(
      `INSERT INTO items (rowid, id, rel_path, kind, media, ext, model, prompt, negative, params,
       bytes, sha256, created, month, file_mtime, file_size, sidecar_mtime)
       VALUES (1024, 'a', 'a.png', 'image', 'image', 'png', 'm', 'p', '', '{}', 1, '', 1, 202601, 7, 1, 1234)`,
    ).run()
    db.close()
    const upgraded = new LibraryIndex(path)
    try {
      expect(upgraded.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length)
      expect(upgraded.stamps().get('a.png')!.sidecarMtime).toBe(STALE_STAMP)
      expect(upgraded.get('a')).toMatchObject({ rating: 0, tags: [], collections: [] })
      expect(upgraded.page({ minRating: 1 }, null, 10).items).toEqual([])
    } finally {
      upgraded.close()
    }
  })
})
