import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { type FileStamp, LibraryIndex } from '@main/services/library/index/LibraryIndex'
import { FIRST_STAMP_PAGE } from '@main/services/library/index/stampPages'
import { libraryIndexRow } from '@test/support/libraryIndexRow'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

let dir: string
let index: LibraryIndex
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'stamp-pages-'))
  index = new LibraryIndex(join(dir, 'index.sqlite'))
})
afterEach(() => {
  index.close()
  rmSync(dir, { recursive: true, force: true })
})

/** Items 0..n-1, each a day newer than the one before, with its own stamp. */
function seed(n: number): void {
  index.upsert(
    Array.from({ length: n }, (_, i) =>
      libraryIndexRow(
        i,
        { created: new Date(Date.UTC(2025, 0, 1 + i)).toISOString() },
        { fileMtime: 1000 + i, fileSize: 10 + i, sidecarMtime: 2000 + i },
      ),
    ),
  )
}

/** Reads every page of `limit` rows; answers the paths each page added. */
function pages(limit: number, into: Map<string, FileStamp>): string[][] {
  const out: string[][] = []
  for (let next: number | null = FIRST_STAMP_PAGE; next !== null;) {
    const before = new Set(into.keys())
    next = index.stampPages.after(next, into, limit)
    out.push([...into.keys()].filter((k) => !before.has(k)))
  }
  return out
}

describe('StampPages (a restart reads the index beside its walk)', () => {
  it('reads every stamp once, oldest first (as a scan of the table), a page at a time', () => {
    seed(25)
    const read = new Map<string, FileStamp>()
    const got = pages(10, read)
    expect(got.map((p) => p.length)).toEqual([10, 10, 5])
    expect(got.flat()).toEqual(Array.from({ length: 25 }, (_, i) => `f/${i}.png`))
    expect(read.get('f/7.png')).toEqual({
      id: 'id-7',
      fileMtime: 1007,
      fileSize: 17,
      sidecarMtime: 2007,
    })
    expect(read).toEqual(index.stamps())
  })

  it('ends on an exact last page, and on an empty index at once', () => {
    expect(pages(10, new Map())).toEqual([[]])
    seed(20)
    expect(pages(10, new Map()).map((p) => p.length)).toEqual([10, 10, 0])
  })
})
