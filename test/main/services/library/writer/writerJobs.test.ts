import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { LibraryIndex } from '@main/services/library/index/LibraryIndex'
import type { LibraryReader, ReaderMessage } from '@main/services/library/reader/LibraryReader'
import type { WriterEvent } from '@main/services/library/writer/IndexWriter'
import { BUILD_CACHE_KIB, runWriterJob } from '@main/services/library/writer/writerJobs'
import { libraryIndexRow } from '@test/support/libraryIndexRow'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

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

  it('answers `open` at once: the index was opened, and migrated, when the writer started', async () => {
    const read = reading([])
    await expect(
      runWriterJob({ index, read, posterKnown: async () => false }, { type: 'open' }, () => {}),
    ).resolves.toEqual({ type: 'opened' })
  })
})
