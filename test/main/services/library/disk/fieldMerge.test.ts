import { mergeCollectionDefs } from '@main/services/library/disk/collectionFile'
import { mergeSidecars, stampEdit } from '@main/services/library/disk/fieldMerge'
import { parseSidecar } from '@main/services/library/disk/sidecar'
import { conflictOriginal, isSyncTempName } from '@main/services/library/disk/syncNames'
import type { LibrarySidecar } from '@shared/library/types'
import { describe, expect, it } from 'vitest'

const base: LibrarySidecar = parseSidecar(
  JSON.stringify({
    id: 'item-1',
    created: '2026-01-01T10:00:00.000Z',
    kind: 'image',
    prompt: 'a fox',
    bytes: 10,
    tags: ['Sky'],
  }),
)

const fields = (s: LibrarySidecar) => ({
  rating: s.rating ?? 0,
  favourite: s.favourite,
  tags: s.tags ?? [],
  collections: s.collections ?? [],
})

/** What an edit on one machine writes: the new fields with their stamps. */
function edit(s: LibrarySidecar, change: Partial<ReturnType<typeof fields>>, at: number) {
  const before = fields(s)
  const after = { ...before, ...change }
  const out: LibrarySidecar = {
    ...s,
    favourite: after.favourite,
    stamps: stampEdit(s.stamps, before, after, at),
  }
  delete out.rating
  delete out.tags
  delete out.collections
  if (after.rating) out.rating = after.rating
  if (after.tags.length) out.tags = [...after.tags]
  if (after.collections.length) out.collections = [...after.collections]
  return out
}

const both = (a: LibrarySidecar, b: LibrarySidecar) => {
  const ab = mergeSidecars(a, b)
  expect(JSON.stringify(mergeSidecars(b, a))).toBe(JSON.stringify(ab))
  return ab
}

describe('merging two copies of a sidecar (issue #28)', () => {
  it('keeps a rating made on one machine and tags made on the other', () => {
    const onA = edit(base, { rating: 4 }, 1000)
    const onB = edit(base, { tags: ['Sky', 'sea', 'night'] }, 1001)
    const merged = both(onA, onB)
    // Tags added by one edit keep the order the user gave them.
    expect(merged).toMatchObject({ rating: 4, tags: ['Sky', 'sea', 'night'], prompt: 'a fox' })
    // Merging again changes nothing (both machines may merge the same copy).
    expect(JSON.stringify(both(merged, onA))).toBe(JSON.stringify(merged))
    expect(JSON.stringify(parseSidecar(JSON.stringify(merged)))).toBe(JSON.stringify(merged))
  })

  it('takes the newer change of the same field, whichever copy holds it', () => {
    const older = edit(base, { rating: 2 }, 1000)
    const newer = edit(base, { rating: 5 }, 2000)
    expect(both(older, newer).rating).toBe(5)
    const unrated = edit(newer, { rating: 0 }, 3000)
    expect(both(unrated, older)).not.toHaveProperty('rating')
    expect(both(edit(base, { favourite: true }, 5), base).favourite).toBe(true)
  })

  it('does not undo a removal with a copy that still has the element', () => {
    const removed = edit(base, { tags: [] }, 1000)
    expect(both(removed, base)).not.toHaveProperty('tags')
    expect(both(removed, base).stamps?.removed?.tags).toEqual({ sky: 1000 })
    // Added again later on the other machine: the newer add wins over the removal.
    const readded = edit(removed, { tags: ['SKY'] }, 2000)
    expect(both(readded, removed).tags).toEqual(['SKY'])
    expect(both(readded, removed).stamps?.removed?.tags).toBeUndefined()
  })

  it('merges collection membership as a set with its own removals', () => {
    const inOne = edit(base, { collections: ['c-1'] }, 1000)
    const inTwo = edit(base, { collections: ['c-2'] }, 1100)
    expect(both(inOne, inTwo).collections).toEqual(['c-1', 'c-2'])
    const leftOne = edit(inOne, { collections: [] }, 1200)
    expect(both(leftOne, inTwo).collections).toEqual(['c-2'])
  })

  it('stamps an edit later than anything the sidecar has seen, even with a clock behind', () => {
    const ahead = edit(base, { rating: 1 }, 50_000)
    const behind = edit(ahead, { rating: 3 }, 10)
    expect(behind.stamps?.rating).toBe(50_001)
    expect(both(behind, ahead).rating).toBe(3)
  })

  it('keeps fields it does not know whole from the copy with the newest stamp', () => {
    const a = { ...edit(base, { rating: 1 }, 10), lineage: { parent: 'x' } } as LibrarySidecar
    const b = {
      ...edit(base, { tags: ['Sky', 'z'] }, 20),
      lineage: { parent: 'y' },
    } as LibrarySidecar
    expect(both(a, b)).toMatchObject({ lineage: { parent: 'y' }, rating: 1, tags: ['Sky', 'z'] })
  })

  it('reads a sidecar without stamps, and drops malformed ones without losing the item', () => {
    const odd = parseSidecar(
      JSON.stringify({
        id: 'x',
        created: '2026-01-01T00:00:00Z',
        stamps: { rating: -1, tags: { a: 'x', b: 7 } },
      }),
    )
    expect(odd.stamps).toEqual({ tags: { b: 7 } })
    expect(base.stamps).toBeUndefined()
  })
})

describe('tombstones are pruned after the trash window (issue #28)', () => {
  const DAY = 24 * 3600_000
  const T0 = Date.UTC(2026, 0, 1)

  it('drops a removal older than 30 days before the newest change when no copy holds the element', () => {
    const removed = edit(base, { tags: [] }, T0) // "Sky" removed: a tombstone
    const later = edit(removed, { rating: 3 }, T0 + 31 * DAY)
    const elsewhere = edit(removed, { favourite: true }, T0 + 31 * DAY + 1)
    const merged = both(later, elsewhere)
    expect(merged.stamps?.removed?.tags ?? {}).toEqual({})
    expect(merged).toMatchObject({ rating: 3, favourite: true })
    expect(merged).not.toHaveProperty('tags')
    // Within the window it stays.
    const recent = both(edit(removed, { rating: 3 }, T0 + 29 * DAY), removed)
    expect(recent.stamps?.removed?.tags).toEqual({ sky: T0 })
  })

  it('keeps an old removal while a copy still holds the element, so it is not undone', () => {
    const removed = edit(base, { tags: [] }, T0)
    const later = edit(removed, { rating: 3 }, T0 + 40 * DAY)
    // `base` still has "Sky" (added at 0): the tombstone is what keeps it removed.
    const merged = both(later, base)
    expect(merged).not.toHaveProperty('tags')
    expect(merged.stamps?.removed?.tags).toEqual({ sky: T0 })
  })

  it('an edit prunes the old tombstones of the set it changes, and never its own', () => {
    const a = edit(base, { tags: [] }, T0) // removes Sky
    const b = edit(a, { tags: ['sea'] }, T0 + 1000)
    const c = edit(b, { tags: [] }, T0 + 45 * DAY) // removes sea, 45 days later
    expect(c.stamps?.removed?.tags).toEqual({ sea: T0 + 45 * DAY })
  })
})

describe('collection definitions and sync engine names', () => {
  it('converges on the newer rename of the same collection', () => {
    const a = { id: 'c-1', name: 'Trips', created: 5, renamed: 100 }
    const b = { id: 'c-1', name: 'Holidays', created: 3, renamed: 200 }
    expect(mergeCollectionDefs(a, b)).toEqual({
      id: 'c-1',
      name: 'Holidays',
      created: 3,
      renamed: 200,
    })
    expect(mergeCollectionDefs(b, a)).toEqual(mergeCollectionDefs(a, b))
  })

  it('knows conflict copies and temp files of the common engines', () => {
    expect(conflictOriginal('x.png.sync-conflict-20260126-101500-ABCDEFG.json')).toBe('x.png.json')
    expect(conflictOriginal("x.png (Laptop's conflicted copy 2026-01-26).json")).toBe('x.png.json')
    expect(conflictOriginal('c-1 (conflicted copy 2026-01-26 101500).json')).toBe('c-1.json')
    expect(conflictOriginal('x.png.json')).toBeNull()
    expect(conflictOriginal('sync-conflict notes.png')).toBeNull()
    for (const n of [
      '.syncthing.x.png.tmp',
      '~syncthing~x.png.tmp',
      '.stfolder',
      'x.png.partial',
      'x.png.!sync',
      '.dropbox.cache',
    ])
      expect(isSyncTempName(n), n).toBe(true)
    expect(isSyncTempName('x.png')).toBe(false)
  })
})
