import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { BULK_COMMIT_MAX, BULK_COMMIT_ROWS } from '@main/services/library/index/bulkCommits'
import { type FileStamp, LibraryIndex } from '@main/services/library/index/LibraryIndex'
import type { LibraryReader, ReaderMessage } from '@main/services/library/reader/LibraryReader'
import type { WriterEvent } from '@main/services/library/writer/IndexWriter'
import { BUILD_CACHE_KIB, runWriterJob } from '@main/services/library/writer/writerJobs'
import { libraryIndexRow } from '@test/support/libraryIndexRow'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

let dir: string
let index: LibraryIndex
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'writer-jobs-'))
  index = new LibraryIndex(join(dir, 'index.sqlite'))
})
afterEach(() => {
  index.close()
  rmSync(dir, { recursive: true, force: true })
})

/** A reader that sends these messages, as the reader threads would. */
const reading = (messages: ReaderMessage[]): LibraryReader =>
  async function* () {
    yield* messages
  }

const cacheKiB = () => -(index.db.pragma('cache_size', { simple: true }) as number)

describe('runWriterJob', () => {
  it('builds with a large page cache and gives it back after, whether the build ends or fails', async () => {
    const usual = cacheKiB()
    expect(usual).toBeLessThan(BUILD_CACHE_KIB)
    const during: number[] = []
    const emit = (e: WriterEvent) => {
      if (e.type === 'progress') during.push(cacheKiB())
    }
    const rows = (from: number) => Array.from({ length: 3 }, (_, k) => libraryIndexRow(from + k))
    const deps = (read: LibraryReader) => ({ index, read, posterKnown: async () => false })

    const built = await runWriterJob(
      deps(
        reading([
          { type: 'rows', rows: rows(0) },
          { type: 'rows', rows: rows(3) },
          { type: 'done', others: [], errors: [] },
        ]),
      ),
      { type: 'build', root: dir },
      emit,
    )
    expect(built).toMatchObject({ type: 'built', written: 6 })
    expect(index.count()).toBe(6)
    expect(during).toEqual([BUILD_CACHE_KIB, BUILD_CACHE_KIB])
    expect(cacheKiB()).toBe(usual)

    // A reader that stops before `done`: the build fails, the cache is given back all the same.
    await expect(
      runWriterJob(
        deps(reading([{ type: 'rows', rows: rows(6) }])),
        { type: 'build', root: dir },
        emit,
      ),
    ).rejects.toThrow(/stopped before it finished/)
    expect(cacheKiB()).toBe(usual)
    expect(index.count()).toBe(9)
  })

  it("asks for a chunk's video posters all at once and gives each video its own answer", async () => {
    const video = (i: number) =>
      libraryIndexRow(i, { kind: 'video' }, { media: 'video', ext: 'mp4', relPath: `f/${i}.mp4` })
    const chunk = [video(0), libraryIndexRow(1), video(2), video(3), video(4)]
    let waiting = 0
    let most = 0
    const asked: string[] = []
    // Later videos answer sooner, so answers matched by arrival would land on the wrong rows.
    const posterKnown = async (sha256: string) => {
      asked.push(sha256)
      most = Math.max(most, ++waiting)
      const i = parseInt(sha256, 16)
      await new Promise((resolve) => setTimeout(resolve, 5 * (5 - i)))
      waiting--
      return i % 2 === 0
    }
    const read = reading([
      { type: 'rows', rows: chunk },
      { type: 'done', others: [], errors: [] },
    ])
    await runWriterJob({ index, read, posterKnown }, { type: 'build', root: dir }, () => {})
    expect(asked).toHaveLength(4)
    expect(most).toBe(4)
    const poster = (id: string) =>
      index.db.prepare('SELECT poster FROM items WHERE id = ?').pluck().get(id)
    expect(['id-0', 'id-2', 'id-3', 'id-4'].map(poster)).toEqual([1, 1, 0, 1])
  })

  it('commits a first index in steps that grow with the index: a tenth of it, within bounds', async () => {
    const asked: number[] = []
    const bulk = index.upsertBulk.bind(index)
    vi.spyOn(index, 'upsertBulk').mockImplementation((rows, commitRows) => {
      asked.push(commitRows!)
      bulk(rows, commitRows)
    })
    const chunks = (from: number) =>
      [0, 1].map((c) => ({
        type: 'rows' as const,
        rows: Array.from({ length: 3 }, (_, k) => libraryIndexRow(from + 3 * c + k)),
      }))
    const build = (messages: ReaderMessage[]) =>
      runWriterJob(
        { index, read: reading(messages), posterKnown: async () => false },
        { type: 'build', root: dir },
        () => {},
      )
    // A first index: the least, so what main sees of a small library arrives as before.
    await build([...chunks(0), { type: 'done', others: [], errors: [] }])
    expect(asked).toEqual([BULK_COMMIT_ROWS, BULK_COMMIT_ROWS])
    // A build resumed over an index of 450,000 rows (stamps stand in for them): a tenth of it.
    const stampsOf = (size: number) =>
      Object.defineProperty(new Map<string, FileStamp>(), 'size', { value: size })
    const stamps = vi.spyOn(index, 'stamps')
    asked.length = 0
    stamps.mockReturnValueOnce(stampsOf(450_000))
    await build([...chunks(6), { type: 'done', others: [], errors: [] }])
    expect(asked).toEqual([45_000, 45_000])
    // Over 5M rows: the cap.
    asked.length = 0
    stamps.mockReturnValueOnce(stampsOf(5_000_000))
    await build([...chunks(12), { type: 'done', others: [], errors: [] }])
    expect(asked).toEqual([BULK_COMMIT_MAX, BULK_COMMIT_MAX])
    expect(index.count()).toBe(18)
  })

  it("reads the index's stamps during a restart's walk, not after it", async () => {
    index.upsert([libraryIndexRow(0), libraryIndexRow(1), libraryIndexRow(2)])
    const order: string[] = []
    const after = index.stampPages.after.bind(index.stampPages)
    vi.spyOn(index.stampPages, 'after').mockImplementation((...args) => {
      order.push('page')
      return after(...args)
    })
    const stamp = { fileMtime: 1, fileSize: 1, sidecarMtime: 1 }
    const read: LibraryReader = async function* () {
      order.push('walk: f/0.png')
      yield { type: 'stamps', files: [['f/0.png', stamp]] }
      order.push('walk: f/2.png')
      yield { type: 'stamps', files: [['f/2.png', { ...stamp, fileSize: 5 }]] }
      order.push('walk: done')
      yield { type: 'done', others: [], errors: [] }
    }
    const result = await runWriterJob(
      { index, read, posterKnown: async () => false },
      { type: 'restart', root: dir },
      () => {},
    )
    expect(order.slice(0, 2)).toEqual(['walk: f/0.png', 'page'])
    expect(order.indexOf('page')).toBeLessThan(order.indexOf('walk: done'))
    expect(result).toMatchObject({
      type: 'restarted',
      changed: [['f/2.png', { ...stamp, fileSize: 5 }]],
      removed: ['id-1'],
    })
    expect(index.stamps().has('f/1.png')).toBe(false)
  })

  it('empties the WAL after a first index, unless a read on an older snapshot outlasts the wait', async () => {
    const walSize = () => statSync(`${index.db.name}-wal`).size
    const build = (from: number) =>
      runWriterJob(
        {
          index,
          read: reading([
            { type: 'rows', rows: [libraryIndexRow(from), libraryIndexRow(from + 1)] },
            { type: 'done', others: [], errors: [] },
          ]),
          posterKnown: async () => false,
        },
        { type: 'build', root: dir },
        () => {},
      )
    // Main's connection, reading from before the build: the WAL cannot be emptied under it.
    const main = new Database(index.db.name, { readonly: true })
    try {
      main.exec('BEGIN')
      main.prepare('SELECT count(*) FROM items').get()
      const started = performance.now()
      await expect(build(0)).resolves.toMatchObject({ type: 'built', written: 2 })
      expect(performance.now() - started).toBeLessThan(4000)
      expect(walSize()).toBeGreaterThan(0)
      main.exec('COMMIT')
      await build(2)
      expect(walSize()).toBe(0)
      expect(main.prepare('SELECT count(*) FROM items').pluck().get()).toBe(4)
    } finally {
      main.close()
    }
  })

  it('answers `open` at once: the index was opened, and migrated, when the writer started', async () => {
    const read = reading([])
    await expect(
      runWriterJob({ index, read, posterKnown: async () => false }, { type: 'open' }, () => {}),
    ).resolves.toEqual({ type: 'opened' })
  })
})
