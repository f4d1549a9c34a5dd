import { join } from 'node:path'

import {
  batchOf,
  ftsQuery,
  type FullRow,
  inKeyOrder,
  parseParams,
  rawTile,
  TILE_COLUMNS,
  type TileRow,
  toTile,
} from '@main/services/library/index/indexRows'
import { LibraryIndex } from '@main/services/library/index/LibraryIndex'
import { libraryIndexRow } from '@test/support/libraryIndexRow'
import { tempFolderPerTest } from '@test/support/tempFolderPerTest'
import { describe, expect, it } from 'vitest'

const dir = tempFolderPerTest('index-rows-')

/** The row mapping's edges: what a typed search becomes, stored JSON read back, write order. */
describe('indexRows', () => {
  it('reads typed words in their compatibility form, so full-width letters find plain ones', () => {
    expect(ftsQuery('ｆｏｘ　２')).toBe(ftsQuery('fox 2'))
    expect(ftsQuery('ﬁsh')).toBe(ftsQuery('fish'))
    expect(ftsQuery(' ,;- ')).toBeNull()
  })

  it('reads at most 16 words of what was typed', () => {
    const words = Array.from({ length: 20 }, (_, i) => `w${i}`)
    expect(ftsQuery(words.join(' '))).toBe(ftsQuery(words.slice(0, 16).join(' ')))
    expect(ftsQuery(words.join(' '))).not.toBe(ftsQuery(words.slice(0, 15).join(' ')))
  })

  it('reads a batch cell back, losing only picks that are damaged or not text', () => {
    const row = (picks: string | null) =>
      ({
        batch_id: 'b-1',
        batch_index: 3,
        batch_x: 'x',
        batch_y: null,
        batch_repeat: 2,
        batch_picks: picks,
      }) as FullRow
    expect(batchOf(row('["a",1,"b",null]'))!.picks).toEqual(['a', 'b'])
    expect(batchOf(row('{"a":1}'))!.picks).toEqual([])
    expect(batchOf(row('not json'))!.picks).toEqual([])
    expect(batchOf(row(null))).toEqual({
      batchId: 'b-1',
      index: 3,
      x: 'x',
      y: null,
      repeat: 2,
      picks: [],
    })
    expect(batchOf({ ...row('[]'), batch_id: null })).toBeNull()
  })

  it('reads stored params back as an object, and anything else as none', () => {
    expect(parseParams('{"steps":4}')).toEqual({ steps: 4 })
    for (const text of ['[1,2]', 'null', '7', '"s"', '{broken'])
      expect(parseParams(text)).toEqual({})
  })

  it('orders rows by creation time, stable for ties, an unreadable time first', () => {
    const r = (name: string, created: string) => ({ name, sidecar: { created } })
    const rows = [
      r('c', '2025-03-01T00:00:00Z'),
      r('a', '2025-01-01T00:00:00Z'),
      r('bad', 'not a date'),
      r('b1', '2025-02-01T00:00:00Z'),
      r('b2', '2025-02-01T00:00:00Z'),
    ]
    expect(inKeyOrder(rows).map((x) => x.name)).toEqual(['bad', 'a', 'b1', 'b2', 'c'])
    expect(inKeyOrder([rows[0]!, rows[1]!]).map((x) => x.name)).toEqual(['a', 'c'])
    const one = [r('only', 'x')]
    expect(inKeyOrder(one)).toBe(one)
  })

  it('reads a raw row of the tile columns into the same tile as a keyed one', () => {
    const index = new LibraryIndex(join(dir.path, 'index.sqlite'))
    try {
      index.upsert([
        libraryIndexRow(1, { prompt: 'p'.repeat(300), favourite: true, rating: 4 }),
        libraryIndexRow(
          2,
          { costEstimate: null, width: null, height: null, kind: 'video' },
          {
            media: 'video',
            ext: 'mp4',
            relPath: 'a/b/clip.mp4',
            problem: 'no sidecar',
          },
        ),
        libraryIndexRow(3, {
          durationSec: 4.5,
          width: 640,
          height: 480,
          batch: { batchId: 'b-9', index: 2, x: null, y: null, repeat: 1, picks: [] },
        }),
      ])
      const sql = `SELECT ${TILE_COLUMNS} FROM items ORDER BY rowid`
      const keyed = (index.db.prepare(sql).all() as TileRow[]).map(toTile)
      const raw = (index.db.prepare(sql).raw(true).all() as unknown[][]).map(rawTile)
      expect(raw).toEqual(keyed)
      expect(keyed.map((t) => t.id)).toEqual(['id-1', 'id-2', 'id-3'])
      // Every column reached the tile: none of these is the same in all three rows.
      expect(new Set(keyed.map((t) => t.promptPreview.length))).toEqual(new Set([200, 6]))
      expect(keyed[1]).toMatchObject({
        media: 'video',
        fileName: 'clip.mp4',
        problem: 'no sidecar',
        costEstimate: null,
        hasThumb: false,
      })
      expect(keyed[2]).toMatchObject({ batchId: 'b-9', durationSec: 4.5, width: 640, height: 480 })
      expect(keyed[0]).toMatchObject({ favourite: true, rating: 4, hasThumb: true })
    } finally {
      index.close()
    }
  })
})
