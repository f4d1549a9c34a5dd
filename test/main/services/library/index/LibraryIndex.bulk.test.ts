import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { BULK_COMMIT_ROWS } from '@main/services/library/index/bulkCommits'
import { type IndexRow, LibraryIndex } from '@main/services/library/index/LibraryIndex'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

let dir: string
let path: string
let index: LibraryIndex

function rows(from: number, count: number): IndexRow[] {
  return Array.from({ length: count }, (_, k) => {
    const i = from + k
    return {
      relPath: `2025/05/06/r-${i}.png`,
      media: 'image',
      ext: 'png',
      fileMtime: 1,
      fileSize: 3,
      sidecarMtime: 1,
      problem: null,
      sidecar: {
        format: 'gen-studio-library',
        version: 1,
        id: `r-${i}`,
        kind: 'image',
        model: 'std-image-2',
        prompt: `lighthouse ${i}`,
        negativePrompt: '',
        params: {},
        seed: null,
        costEstimate: null,
        sourceTaskId: `task-${i}`,
        width: 8,
        height: 8,
        durationSec: null,
        bytes: 3,
        sha256: i.toString(16).padStart(64, '0'),
        created: new Date(Date.UTC(2025, 4, 6) + i * 1000).toISOString(),
        favourite: false,
        demo: false,
      },
    }
  })
}

/** Rows another connection sees: what is committed, as a restart after a crash would find. */
function committed(): number {
  const other = new Database(path, { readonly: true })
  try {
    return other.prepare('SELECT count(*) FROM items').pluck().get() as number
  } finally {
    other.close()
  }
}

/** Rows whose prompt matches `word`, on the index's own connection. */
const matching = (word: string): number =>
  index.db
    .prepare('SELECT count(*) FROM items_fts WHERE items_fts MATCH ?')
    .pluck()
    .get(word) as number

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lib-bulk-'))
  path = join(dir, 'index.sqlite')
  index = new LibraryIndex(path)
})
afterEach(() => {
  index.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('LibraryIndex.upsertBulk (a first index in few commits)', () => {
  it('shows the rows at once on its own connection and commits every BULK_COMMIT_ROWS rows', () => {
    const chunk = 500
    let written = 0
    for (; written + chunk < BULK_COMMIT_ROWS; written += chunk) {
      index.upsertBulk(rows(written, chunk))
      // The grid (same connection) sees them while they are written ...
      expect(index.count()).toBe(written + chunk)
    }
    // ... a crash now would lose them from the index (the next reconcile reads them again).
    expect(committed()).toBe(0)
    index.upsertBulk(rows(written, chunk))
    written += chunk
    expect(committed()).toBe(written)
    index.upsertBulk(rows(written, 3))
    expect(committed()).toBe(written)
    index.endBulk()
    expect(committed()).toBe(written + 3)
    expect(index.db.inTransaction).toBe(false)
  })

  it('writes what upsert writes: the same search, ids and keys', () => {
    const plain = new LibraryIndex(join(dir, 'plain.sqlite'))
    try {
      // Chunks out of key order, as lanes deliver them.
      for (const from of [600, 0, 300]) {
        index.upsertBulk(rows(from, 300))
        plain.upsert(rows(from, 300))
      }
      index.endBulk()
      const dump = (i: LibraryIndex) =>
        i.db
          .prepare('SELECT rowid, id, rel_path, sha256, source_task FROM items ORDER BY rowid')
          .all()
      expect(dump(index)).toEqual(dump(plain))
      expect(matching('lighthouse')).toBe(900)
    } finally {
      plain.close()
    }
  })

  it('rolls a failed chunk back with its uncommitted bulk, never what was committed before', () => {
    index.upsertBulk(rows(0, 10), 10)
    index.upsertBulk(rows(10, 5))
    const bad = rows(15, 2)
    // A row the schema refuses, after one it takes: nothing of the bulk since its last commit stays.
    ;(bad[1] as { relPath: unknown }).relPath = null
    expect(() => index.upsertBulk(bad)).toThrow()
    expect(index.db.inTransaction).toBe(false)
    expect(committed()).toBe(10)
    // Rows, month counts and search agree: no half-written chunk and no counts without rows.
    expect(index.count()).toBe(10)
    expect(matching('lighthouse')).toBe(10)
    // The bulk goes on in a new transaction.
    index.upsertBulk(rows(20, 5))
    index.endBulk()
    expect(committed()).toBe(15)
    expect(index.count()).toBe(15)
    expect(matching('lighthouse')).toBe(15)
  })

  it('commits every `commitRows` rows when asked for larger commits', () => {
    index.upsertBulk(rows(0, 500), 1200)
    index.upsertBulk(rows(500, 500), 1200)
    expect(committed()).toBe(0)
    index.upsertBulk(rows(1000, 500), 1200)
    expect(committed()).toBe(1500)
    expect(index.db.inTransaction).toBe(false)
  })

  it('commits what it holds when the index closes', () => {
    index.upsertBulk(rows(0, 42))
    index.close()
    expect(committed()).toBe(42)
    index = new LibraryIndex(path)
  })
})

/**
 * FTS5's own check of its index against `items` (rank 1: the external content too); it throws
 * SQLITE_CORRUPT_VTAB where a row's terms are missing, extra or deleted without being there.
 */
const ftsIntact = () =>
  index.db.exec("INSERT INTO items_fts(items_fts, rank) VALUES ('integrity-check', 1)")

/** A row of `rows` at its own path with another prompt (the file's sidecar changed). */
const reprompted = (i: number, prompt: string): IndexRow => {
  const [r] = rows(i, 1)
  return { ...r!, sidecarMtime: 2, sidecar: { ...r!.sidecar, prompt } }
}

describe('LibraryIndex.upsertBulk prompts (held until the commit, written lowest key first)', () => {
  it('are searchable from the commit on, every one of them', () => {
    // Chunks newest first, as the reader threads deliver folders.
    for (const from of [400, 200, 0]) index.upsertBulk(rows(from, 200), 1_000)
    expect(index.count()).toBe(600)
    expect(matching('lighthouse')).toBe(0)
    index.endBulk()
    expect(matching('lighthouse')).toBe(600)
    expect(matching('"399"')).toBe(1)
    ftsIntact()
  })

  it('go into FTS5 as one run: one segment for a commit, where chunk by chunk left several', () => {
    const segments = (i: LibraryIndex) =>
      i.db.prepare('SELECT count(DISTINCT segid) FROM items_fts_idx').pluck().get() as number
    const chunkwise = new LibraryIndex(join(dir, 'chunkwise.sqlite'))
    try {
      for (let from = 950; from >= 0; from -= 50) {
        index.upsertBulk(rows(from, 50), 1_000)
        chunkwise.upsert(rows(from, 50))
      }
      index.endBulk()
      expect(segments(index)).toBe(1)
      // FTS5's automerge keeps merging the control's segments; still several are left.
      expect(segments(chunkwise)).toBeGreaterThan(3)
    } finally {
      chunkwise.close()
    }
  })

  it('of a path written again in the same bulk are replaced, not left beside the new ones', () => {
    index.upsertBulk(rows(0, 20))
    index.upsertBulk([reprompted(7, 'harbour at night')])
    index.endBulk()
    ftsIntact()
    expect(matching('harbour')).toBe(1)
    expect(matching('"7"')).toBe(0)
    expect(matching('lighthouse')).toBe(19)
  })

  it('are written before an upsert, a removal or a clear in the middle of the bulk', () => {
    index.upsertBulk(rows(0, 20))
    index.upsert([reprompted(3, 'harbour at night')])
    index.upsertBulk(rows(20, 5))
    // 20-24 are held again (the upsert wrote what was held before it).
    expect(index.removePaths([rows(22, 1)[0]!.relPath])).toEqual(['r-22'])
    index.endBulk()
    ftsIntact()
    expect(matching('harbour')).toBe(1)
    expect(matching('lighthouse')).toBe(23)
    expect(matching('"22"')).toBe(0)

    index.upsertBulk(rows(100, 10))
    index.clear()
    index.endBulk()
    ftsIntact()
    expect(matching('lighthouse')).toBe(0)
  })

  it.each([
    ['a later bulk', () => index.upsertBulk(rows(60, 2))],
    ['a later write alone', () => index.upsert(rows(60, 2))],
  ])('of a bulk someone else rolled back are never written, by %s', (_, next) => {
    index.upsertBulk(rows(0, 10))
    index.db.exec('ROLLBACK')
    next()
    index.endBulk()
    ftsIntact()
    expect(index.count()).toBe(2)
    expect(matching('lighthouse')).toBe(2)
  })
})

describe('LibraryIndex keys for items that share a time', () => {
  const timed = () => {
    const t = performance.now()
    return () => performance.now() - t
  }

  it('keys 6,000 items of one millisecond in arrival order, as fast as items of distinct times', () => {
    const distinct = rows(0, 6_000)
    const sameMs = rows(10_000, 6_000).map((r, k) => ({
      ...r,
      relPath: `2025/05/07/same-${k}.png`,
      sidecar: { ...r.sidecar, created: '2025-05-07T10:00:00.000Z' },
    }))
    const control = timed()
    for (let i = 0; i < distinct.length; i += 500) index.upsertBulk(distinct.slice(i, i + 500))
    index.endBulk()
    const controlMs = control()
    const tied = timed()
    for (let i = 0; i < sameMs.length; i += 500) index.upsertBulk(sameMs.slice(i, i + 500))
    index.endBulk()
    const tiedMs = tied()

    const keys = index.db
      .prepare("SELECT rowid, id FROM items WHERE rel_path LIKE '2025/05/07/%' ORDER BY rowid")
      .all() as { rowid: number; id: string }[]
    // Every item kept, each its own key, in the order the items came (the tie order).
    expect(keys.map((k) => k.id)).toEqual(sameMs.map((r) => r.sidecar.id))
    expect(new Set(keys.map((k) => k.rowid)).size).toBe(6_000)
    // The first 1,024 take the millisecond's own keys; the rest follow right after, in order.
    const first = Date.parse('2025-05-07T10:00:00.000Z') * 1024
    expect(keys[0]!.rowid).toBe(first)
    expect(keys[1_023]!.rowid).toBe(first + 1_023)
    expect(keys[5_999]!.rowid).toBe(first + 5_999)
    // Probing key by key took 4–5 s here against ~0.2 s for the control (quadratic).
    expect(tiedMs).toBeLessThan(3 * controlMs + 100)
  })
})
