import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import type { RowPlace } from '@main/services/library/index/costOrder'
import { EXPAND_MAX_TERMS, TERMS_COMPLETE } from '@main/services/library/index/ftsTerms'
import { IndexQueries } from '@main/services/library/index/indexQueries'
import { ftsQuery } from '@main/services/library/index/indexRows'
import { type IndexRow, LibraryIndex } from '@main/services/library/index/LibraryIndex'
import { libraryIndexRow } from '@test/support/libraryIndexRow'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

let dir: string
let index: LibraryIndex

/** Prompts with what tokenizers disagree on: case, accents, CJK, Hangul, joins, long runs. */
const PROMPTS = [
  'Landscape at night, LANDSCAPES of the north',
  'landscaping a garden; land-art and landmarks',
  'Café naïve façade, cafés at dawn, CAFÉ',
  'Ångström über straße, Øresund',
  '猫の絵 landscape猫 猫landscape',
  '고양이 그림, 風景画 and 山水',
  'snake_case words and v2.5 model-name x4k',
  `${'a'.repeat(300)} long runs ${'Landscape'.repeat(40)}`,
  'tags with spaces: "golden hour" #blue-sky',
  'AND OR NOT NEAR(x y) prompt:fox -minus *star ^caret',
  'Ørsted landslide landscapé',
  'emoji 🐱 cat, ﬁne ligature, ｆｕｌｌwidth',
]

function row(i: number, prompt: string, negative = ''): IndexRow {
  return libraryIndexRow(i, {
    prompt,
    negativePrompt: negative,
    created: new Date(2025, 0, 1 + i).toISOString(),
  })
}

/** Every term FTS5 itself stored (its vocabulary), for checking `fts_terms` holds them all. */
function vocabulary(): string[] {
  index.db.exec(
    "CREATE VIRTUAL TABLE IF NOT EXISTS temp.v USING fts5vocab(main, 'items_fts', 'row')",
  )
  return index.db.prepare('SELECT term FROM temp.v').pluck().all() as string[]
}
const storedTerms = () =>
  new Set(index.db.prepare('SELECT term FROM fts_terms').pluck().all() as string[])

/** The ids the old query shape finds (the same reads without the terms: every word `"word"*`). */
function prefixIds(text: string): string[] {
  const place = index.db.prepare('SELECT rowid AS key, cost FROM items WHERE id = ?')
  const old = new IndexQueries(index.db, (id) => place.get(id) as RowPlace | undefined)
  return old.page({ text }, null, 1000).items.map((t) => t.id)
}
const pageIds = (text: string) => index.page({ text }, null, 1000).items.map((t) => t.id)

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fts-terms-'))
  index = new LibraryIndex(join(dir, 'i.sqlite'))
  index.upsert(PROMPTS.map((p, i) => row(i, p, i % 3 === 0 ? 'Blurry, lowres' : '')))
})
afterEach(() => {
  index.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('the terms of items_fts (schema 9, issue #33)', () => {
  it('hold every term FTS5 stored, whatever the script, case or accents', () => {
    const vocab = vocabulary()
    expect(vocab.length).toBeGreaterThan(40)
    const stored = storedTerms()
    expect(vocab.filter((t) => !stored.has(t))).toEqual([])
  })

  it('make a long ASCII word an OR of exact terms and leave the rest as prefixes', () => {
    expect(ftsQuery('land', index.terms)).toBe(
      `("land" OR "landmarks" OR "landscape" OR "${'landscape'.repeat(40)}" OR "landscapes" OR ` +
        '"landscape猫" OR "landscaping" OR "landslide")',
    )
    // 1–3 characters have FTS5's prefix indexes; non-ASCII words keep FTS5's own folding.
    expect(ftsQuery('lan caf', index.terms)).toBe('"lan"* "caf"*')
    expect(ftsQuery('café 猫の絵', index.terms)).toBe('"café"* "猫の絵"*')
    expect(ftsQuery('snake_case', index.terms)).toBe('"snake_case"*')
    expect(ftsQuery('Night land', index.terms)).toBe(
      `("night") AND ${ftsQuery('land', index.terms)}`,
    )
    // A word no term starts with keeps its prefix form (which finds nothing, at once).
    expect(ftsQuery('zebra', index.terms)).toBe('"zebra"*')
  })

  it('find exactly what the prefix query finds, for every kind of typed text', () => {
    const typed = [
      'l',
      'la',
      'lan',
      'land',
      'LANDSCAPE',
      'landscapes',
      'landscape猫',
      '猫',
      '猫の絵',
      'cafe',
      'café',
      'CAFÉ',
      'facade',
      'angstrom',
      'strasse',
      'straße',
      '고양이',
      '風景',
      'snake',
      'snake_case',
      'v2',
      'x4k',
      'aaaa',
      'landscapelandscape',
      '"golden hour"',
      'golden hour',
      '#blue-sky',
      'blue sky',
      'AND OR',
      'NEAR(x y)',
      'prompt:fox',
      '-minus',
      '*star',
      '^caret',
      'night land',
      'blurry landscape',
      'fine',
      'full',
      'fullwidth',
      '🐱 cat',
      'zebra',
    ]
    for (const text of typed) expect(pageIds(text), text).toEqual(prefixIds(text))
    // The expanded form is really used, and the comparisons found rows.
    expect(ftsQuery('landscape', index.terms)).not.toContain('*')
    expect(pageIds('landscape').length).toBeGreaterThan(3)
    expect(pageIds('café').length).toBeGreaterThan(0)
  })

  it('keep the prefix query for a word with more terms than an OR is worth', () => {
    index.upsert(
      Array.from({ length: EXPAND_MAX_TERMS + 1 }, (_, k) =>
        row(100 + k, `zeta${String(k).padStart(3, '0')}`),
      ),
    )
    expect(ftsQuery('zeta', index.terms)).toBe('"zeta"*')
    expect(ftsQuery('zeta00', index.terms)).toMatch(/^\("zeta000" OR .* OR "zeta009"\)$/)
    expect(pageIds('zeta')).toEqual(prefixIds('zeta'))
    expect(pageIds('zeta')).toHaveLength(EXPAND_MAX_TERMS + 1)
  })

  it('add the terms of rows written later, in bulk and after a rolled-back bulk', () => {
    index.upsertBulk([row(50, 'Quokka portrait'), row(51, 'quokkas at dusk')])
    // Someone else ends the bulk's transaction without committing: its terms are gone.
    index.db.exec('ROLLBACK')
    expect(storedTerms().has('quokka')).toBe(false)
    index.upsertBulk([row(52, 'quokka again')])
    index.endBulk()
    expect(storedTerms().has('quokka')).toBe(true)
    expect(pageIds('quokk')).toEqual(['id-52'])
    index.upsert([row(53, 'Wombat', 'quokka-free')])
    expect(vocabulary().filter((t) => !storedTerms().has(t))).toEqual([])
    expect(pageIds('quokka')).toEqual(prefixIds('quokka'))
  })

  it('are read from the vocabulary for an index written before them, then searched', () => {
    index.db.exec(`DELETE FROM fts_terms; DELETE FROM meta WHERE key = '${TERMS_COMPLETE}'`)
    // Incomplete: searches keep the prefix query and still find everything.
    expect(index.terms.complete()).toBe(false)
    expect(ftsQuery('landscape', index.terms)).toBe('"landscape"*')
    expect(pageIds('landscape')).toEqual(prefixIds('landscape'))
    expect(index.terms.fill()).toBe(vocabulary().length)
    expect(index.terms.complete()).toBe(true)
    expect(index.terms.fill()).toBe(0)
    expect(ftsQuery('landscape', index.terms)).not.toContain('*')
    expect(pageIds('landscape')).toEqual(prefixIds('landscape'))
  })

  it("count a text filter's months per month range on FTS5 alone, as the rows do", () => {
    const place = index.db.prepare('SELECT rowid AS key, cost FROM items WHERE id = ?')
    const queries = new IndexQueries(
      index.db,
      (id) => place.get(id) as RowPlace | undefined,
      index.terms,
    )
    for (const filter of [{ text: 'landscape' }, { text: 'night land', media: 'image' as const }]) {
      const byRanges = queries.monthsByRanges(filter)
      // The match and the probes only: no `items` row is read for a month count.
      expect(byRanges?.sql).not.toMatch(/JOIN items\b|\bitems\.(?!rowid)/)
      const fromRows = queries.monthsFromRows(filter)
      const read = (q: { sql: string; params: unknown[] }) =>
        index.db.prepare(q.sql).all(...q.params)
      expect(read(byRanges!)).toEqual(read(fromRows))
      expect(read(fromRows).length).toBeGreaterThan(0)
    }
  })

  it('are filled by the migration itself when a small index is upgraded', () => {
    index.db.exec(
      `DROP INDEX items_problem; DROP TABLE fts_terms; DELETE FROM meta WHERE key = '${TERMS_COMPLETE}'`,
    )
    index.db.pragma('user_version = 8')
    index.close()
    index = new LibraryIndex(join(dir, 'i.sqlite'))
    expect(index.terms.complete()).toBe(true)
    expect(vocabulary().filter((t) => !storedTerms().has(t))).toEqual([])
  })
})
