import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { ftsQuery, type IndexRow, LibraryIndex } from '@main/services/library/index/LibraryIndex'
import type { LibraryTile } from '@shared/library/types'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

let dir: string
let index: LibraryIndex

const BASE = new Date(2026, 0, 1).getTime()
const DAY = 86_400_000

function row(i: number, over: Partial<IndexRow['sidecar']> = {}): IndexRow {
  const created = BASE + Math.floor(i / 3) * DAY // three items share each timestamp: ties break by id
  return {
    relPath: `f/${String(i).padStart(5, '0')}.png`,
    media: i % 10 === 0 ? 'video' : 'image',
    ext: i % 10 === 0 ? 'mp4' : 'png',
    fileMtime: 1,
    fileSize: 1,
    sidecarMtime: 1,
    problem: null,
    sidecar: {
      format: 'gen-studio-library',
      version: 1,
      id: `id-${String(i).padStart(5, '0')}`,
      kind: i % 2 ? 'image' : 'art',
      model: i % 2 ? 'std-image-2' : 'art-v5',
      prompt: i % 7 === 0 ? `a red fox number ${i}` : `blue whale ${i}`,
      negativePrompt: i % 5 === 0 ? 'blurry' : '',
      params: { i },
      seed: i,
      costEstimate: 0.01,
      sourceTaskId: null,
      width: 64,
      height: 64,
      durationSec: null,
      bytes: 10,
      sha256: i.toString(16).padStart(64, '0'),
      created: new Date(created).toISOString(),
      favourite: i % 11 === 0,
      demo: false,
      ...over,
    },
  }
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lib-index-'))
  index = new LibraryIndex(join(dir, 'index.sqlite'))
  index.upsert(Array.from({ length: 1000 }, (_, i) => row(i)))
})
afterEach(() => {
  index.close()
  rmSync(dir, { recursive: true, force: true })
})

function walk(filter = {}, limit = 37): LibraryTile[] {
  const all: LibraryTile[] = []
  let after = null
  for (;;) {
    const page = index.page(filter, after, limit)
    all.push(...page.items)
    if (!page.next) break
    after = page.next
  }
  return all
}

describe('LibraryIndex', () => {
  it('uses WAL and pages newest first with a keyset that visits every item once, ties included', () => {
    expect(index.db.pragma('journal_mode', { simple: true })).toBe('wal')
    const all = walk()
    expect(all).toHaveLength(1000)
    expect(new Set(all.map((t) => t.id)).size).toBe(1000)
    for (let i = 1; i < all.length; i++) {
      const a = all[i - 1]!
      const b = all[i]!
      expect(a.createdAt > b.createdAt || (a.createdAt === b.createdAt && a.id > b.id)).toBe(true)
    }
  })

  it('skip lands at the same place as walking there', () => {
    const all = walk()
    const anchor = all[99]!
    const page = index.page({}, { createdAt: anchor.createdAt, id: anchor.id }, 10, 250)
    expect(page.items.map((t) => t.id)).toEqual(all.slice(350, 360).map((t) => t.id))
  })

  it('filters by kind, media, model, favourites and date, and counts months for the same filter', () => {
    expect(walk({ kinds: ['art'] }).every((t) => t.kind === 'art')).toBe(true)
    expect(walk({ media: 'video' })).toHaveLength(100)
    expect(walk({ model: 'art-v5' })).toHaveLength(500)
    expect(walk({ favourites: true })).toHaveLength(Math.ceil(1000 / 11))
    const from = BASE + 10 * DAY
    const to = BASE + 20 * DAY
    const ranged = walk({ from, to })
    expect(ranged).toHaveLength(30)
    expect(ranged.every((t) => t.createdAt >= from && t.createdAt < to)).toBe(true)
    const months = index.months({})
    expect(months.reduce((n, m) => n + m.count, 0)).toBe(1000)
    expect(months[0]!.month > months[months.length - 1]!.month).toBe(true)
    expect(months.find((m) => m.month === '2026-01')!.count).toBe(93) // 31 days × 3
    expect(index.months({ media: 'video' }).reduce((n, m) => n + m.count, 0)).toBe(100)
  })

  it('searches prompts and negative prompts by word prefix, all words required', () => {
    expect(walk({ text: 'fox' })).toHaveLength(Math.ceil(1000 / 7))
    expect(walk({ text: 'RED FO' })).toHaveLength(Math.ceil(1000 / 7))
    expect(walk({ text: 'blur' })).toHaveLength(200)
    expect(walk({ text: 'fox blurry' })).toHaveLength(Math.ceil(1000 / 35))
    expect(walk({ text: 'zebra' })).toHaveLength(0)
  })

  it('never lets typed text act as FTS syntax', () => {
    for (const text of [
      '"',
      'a OR b',
      'NEAR(x y)',
      '*',
      'prompt:fox',
      '-fox',
      '(',
      "'; DROP TABLE items; --",
    ]) {
      expect(() => index.page({ text }, null, 10)).not.toThrow()
    }
    expect(ftsQuery('  ')).toBeNull()
    expect(ftsQuery('a "b"')).toBe('"a"* "b"*')
  })

  it('keeps search in step with updates and deletes', () => {
    index.upsert([row(3, { prompt: 'a purple octopus' })])
    expect(walk({ text: 'octopus' }).map((t) => t.id)).toEqual(['id-00003'])
    expect(index.removePaths(['f/00003.png'])).toEqual(['id-00003'])
    expect(walk({ text: 'octopus' })).toHaveLength(0)
    expect(index.count()).toBe(999)
  })

  it('removes a folder subtree without touching siblings that share the prefix', () => {
    index.upsert([
      { ...row(2000), relPath: '2026/01/a.png', sidecar: { ...row(2000).sidecar, id: 'a' } },
      { ...row(2001), relPath: '2026/011/b.png', sidecar: { ...row(2001).sidecar, id: 'b' } },
    ])
    expect(index.removePaths(['2026/01'])).toEqual(['a'])
    expect(index.get('b')).not.toBeNull()
  })

  it('gives a copied sidecar (same id, other file) its own id instead of failing', () => {
    const copy = { ...row(5), relPath: 'f/copy.png' }
    index.upsert([copy])
    expect(index.count()).toBe(1001)
    expect(index.get('id-00005')!.relPath).toBe('f/00005.png')
  })

  it('rebuilds from scratch when the index file is corrupt', () => {
    index.close()
    const path = join(dir, 'bad.sqlite')
    writeFileSync(path, 'this is not a database, just text '.repeat(200))
    const fresh = new LibraryIndex(path)
    expect(fresh.count()).toBe(0)
    fresh.close()
    index = new LibraryIndex(join(dir, 'index.sqlite'))
  })
})
