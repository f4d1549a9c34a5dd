import { join } from 'node:path'

import { LibraryIndex } from '@main/services/library/index/LibraryIndex'
import { libraryIndexRow } from '@test/support/libraryIndexRow'
import { tempFolderPerTest } from '@test/support/tempFolderPerTest'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

/**
 * What an item's row gives the grid and the detail pane (tiles, `get`, the model list), how a
 * rewritten sidecar keeps or moves its place in the time order, and how copies of one sidecar get
 * ids of their own. Written where the index's mutation run (`npm run mutation -- --mutate
 * src/main/services/library/index/LibraryIndex.ts`) found no test observing them.
 */

const dir = tempFolderPerTest('lib-items-')
let index: LibraryIndex
const T = new Date(2025, 4, 10, 12).toISOString()

beforeEach(() => {
  index = new LibraryIndex(join(dir.path, 'index.sqlite'))
})
afterEach(() => index.close())

const order = () => index.page({}, null, 100).items.map((t) => t.id)

describe('LibraryIndex items', () => {
  it('keeps a rewritten item in its place among items of the same instant, and moves it when its time changes', () => {
    index.upsert([0, 1, 2].map((i) => libraryIndexRow(i, { created: T })))
    const before = order()
    expect(before).toHaveLength(3)
    // A rating written to the oldest-keyed of the three: same time, same place.
    const oldest = before[2]!
    const i = Number(oldest.slice(3))
    index.upsert([libraryIndexRow(i, { created: T, rating: 4 })])
    expect(order()).toEqual(before)
    // Its sidecar now says it was made a day later: it is the newest.
    const later = new Date(Date.parse(T) + 86_400_000).toISOString()
    index.upsert([libraryIndexRow(i, { created: later })])
    expect(order()).toEqual([oldest, before[0], before[1]])
    // And then a day before the others: the oldest.
    const earlier = new Date(Date.parse(T) - 86_400_000).toISOString()
    index.upsert([libraryIndexRow(i, { created: earlier })])
    expect(order()).toEqual([before[0], before[1], oldest])
    // A new item written after the others but made before them goes below them too.
    index.upsert([libraryIndexRow(9, { created: new Date(Date.parse(T) - 1000).toISOString() })])
    expect(order()).toEqual([before[0], before[1], 'id-9', oldest])
  })

  it('gives an item rewritten a millisecond earlier a key of its new time', () => {
    const t = Date.parse(T)
    index.upsert([libraryIndexRow(1, { created: new Date(t).toISOString() })])
    index.upsert([libraryIndexRow(2, { created: new Date(t + 1).toISOString() })])
    index.upsert([libraryIndexRow(2, { created: new Date(t).toISOString() })])
    // Both are now of time t, so a range ending at t + 1 holds both.
    expect(index.ids({ to: t + 1 }, 10).sort()).toEqual(['id-1', 'id-2'])
    expect(index.months({ to: t + 1 })[0]!.count).toBe(2)
  })

  it('gives tiles their favourite mark and whether a thumbnail can be shown', () => {
    index.upsert([
      libraryIndexRow(1, { favourite: true }),
      libraryIndexRow(2),
      libraryIndexRow(3, { kind: 'video' }, { media: 'video', ext: 'mp4', relPath: 'f/3.mp4' }),
    ])
    const tile = (id: string) => index.page({}, null, 10).items.find((t) => t.id === id)!
    expect([tile('id-1').favourite, tile('id-2').favourite]).toEqual([true, false])
    expect([tile('id-2').hasThumb, tile('id-3').hasThumb]).toEqual([true, false])
    index.markPoster('id-3')
    expect(tile('id-3').hasThumb).toBe(true)
    index.setFavourite('id-2', true, 5)
    expect(tile('id-2').favourite).toBe(true)
    expect(
      index
        .page({ favourites: true }, null, 10)
        .items.map((t) => t.id)
        .sort(),
    ).toEqual(['id-1', 'id-2'])
  })

  it('gives the detail pane the whole prompt, a 200-character preview and the demo mark', () => {
    const prompt = 'lighthouse '.repeat(40).trim()
    index.upsert([libraryIndexRow(1, { prompt, demo: true }), libraryIndexRow(2)])
    const item = index.get('id-1')!
    expect(item.prompt).toBe(prompt)
    expect(item.promptPreview).toBe(prompt.slice(0, 200))
    expect([item.demo, index.get('id-2')!.demo]).toEqual([true, false])
  })

  it('finds an item by its content hash, and by the task and hash a download saved it with', () => {
    index.upsert([
      libraryIndexRow(1, { sourceTaskId: 't-1' }),
      libraryIndexRow(2, { sourceTaskId: 't-1' }),
    ])
    const sha = (i: number) => i.toString(16).padStart(64, '0')
    expect(index.findBySha(sha(2))).toBe('id-2')
    expect(index.findBySha(sha(9))).toBeNull()
    expect(index.findByTask('t-1', sha(1))).toBe('id-1')
    expect(index.findByTask('t-1', sha(9))).toBeNull()
    expect(index.findByTask('t-2', sha(1))).toBeNull()
  })

  it('lists each model with its item count', () => {
    index.upsert([
      libraryIndexRow(1, { model: 'a' }),
      libraryIndexRow(2, { model: 'b' }),
      libraryIndexRow(3, { model: 'b' }),
    ])
    const models = index.models()
    expect(models.sort((x, y) => x.model.localeCompare(y.model))).toEqual([
      { model: 'a', count: 1 },
      { model: 'b', count: 2 },
    ])
  })

  it('gives each copy of one sidecar an id of its own, the same for the same file every time', () => {
    const copies = ['f/a.png', 'f/b.png', 'f/c.png'].map((relPath) =>
      libraryIndexRow(1, {}, { relPath }),
    )
    index.upsert(copies)
    const ids = index.ids({}, 10)
    expect(new Set(ids).size).toBe(3)
    expect(ids).toContain('id-1')
    const copyIds = ids.filter((id) => id !== 'id-1')
    for (const id of copyIds) expect(id).toMatch(/^id-1~[0-9a-z]+$/)
    // Indexed again from scratch: each file gets the id it had.
    index.clear()
    index.upsert(copies)
    expect(index.ids({}, 10).sort()).toEqual(ids.sort())
  })

  it('finds a word by its prefix after the bulk that first wrote it was rolled back', () => {
    index.upsert([libraryIndexRow(1, { prompt: 'zebrafinch' })])
    index.upsertBulk([libraryIndexRow(2, { prompt: 'zebrafish' })])
    // A chunk that cannot be written rolls the whole uncommitted bulk back.
    const broken = libraryIndexRow(3, { model: undefined as never })
    expect(() => index.upsertBulk([broken])).toThrow()
    expect(index.ids({}, 10)).toEqual(['id-1'])
    // The same item indexed again: its word must reach the prefix terms this time.
    index.upsert([libraryIndexRow(2, { prompt: 'zebrafish' })])
    expect(index.ids({ text: 'zebraf' }, 10).sort()).toEqual(['id-1', 'id-2'])
  })

  it('closes its database, and a second close does nothing', () => {
    index.close()
    expect(index.db.open).toBe(false)
    expect(() => index.close()).not.toThrow()
  })
})
