import { MAX_GROUP_DISTANCE, SimilarIndex } from '@main/services/library/similar/SimilarIndex'
import { hamming, type PHash } from '@shared/library/phash'
import { describe, expect, it } from 'vitest'

/** `base` with the given bits (0–63) flipped. */
function flip(base: PHash, ...bits: number[]): PHash {
  let { hi, lo } = base
  for (const b of bits) {
    if (b < 32) hi = (hi ^ (1 << b)) >>> 0
    else lo = (lo ^ (1 << (b - 32))) >>> 0
  }
  return { hi, lo }
}

const A: PHash = { hi: 0x12345678, lo: 0x9abcdef0 }
const B: PHash = { hi: 0xedcba987, lo: 0x6543210f } // 64 bits from A
const bitsOf = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i)

/** Sorted groups of sorted ids, to compare without caring about order. */
const canonical = (groups: string[][]) => groups.map((g) => [...g].sort()).sort()

describe('SimilarIndex', () => {
  it('answers nearest first, within the distance, without the item asked about', () => {
    const index = new SimilarIndex()
    index.set('a', A)
    index.set('a3', flip(A, 1, 40, 63))
    index.set('a1', flip(A, 31))
    index.set('a7', flip(A, ...bitsOf(10, 7)))
    index.set('b', B)
    expect(index.nearest(A, 10, 10, 'a')).toEqual([
      { id: 'a1', distance: 1 },
      { id: 'a3', distance: 3 },
      { id: 'a7', distance: 7 },
    ])
    expect(index.nearest(A, 3, 10).map((h) => h.id)).toEqual(['a', 'a1', 'a3'])
    expect(index.nearest(A, 64, 2, 'a')).toEqual([
      { id: 'a1', distance: 1 },
      { id: 'a3', distance: 3 },
    ])
    expect(index.nearest(B, 64, 10)[0]).toEqual({ id: 'b', distance: 0 })
    expect(index.nearest(B, 64, 10).at(-1)!.distance).toBe(64)
  })

  it('replaces, removes (moving the last slot in) and counts changes', () => {
    const index = new SimilarIndex()
    index.set('a', A)
    index.set('b', B)
    index.set('c', flip(A, 5))
    const v = index.version
    index.set('c', flip(A, 5))
    expect(index.version).toBe(v)
    index.remove('a')
    expect(index.version).toBe(v + 1)
    expect(index.size).toBe(2)
    expect(index.get('a')).toBeNull()
    expect(index.get('c')).toEqual(flip(A, 5))
    expect(index.distance('b', 'c')).toBe(63)
    expect(index.distance('a', 'c')).toBeNull()
    index.set('b', A)
    expect(index.nearest(A, 0, 10)).toEqual([{ id: 'b', distance: 0 }])
    index.remove('missing')
    index.clear()
    expect(index.size).toBe(0)
    expect(index.nearest(A, 64, 10)).toEqual([])
  })

  it('grows past its first allocation', () => {
    const index = new SimilarIndex()
    for (let i = 0; i < 5000; i++) index.set(`i${i}`, { hi: i, lo: i * 7 })
    expect(index.size).toBe(5000)
    expect(index.get('i4999')).toEqual({ hi: 4999, lo: 4999 * 7 })
  })

  it('groups near-identical hashes transitively and leaves the rest out', () => {
    const index = new SimilarIndex()
    index.set('a', A)
    index.set('a-copy', A) // byte-identical copies share a hash
    index.set('a+6', flip(A, ...bitsOf(0, 6)))
    // 6 bits from a+6, 12 from a: in the group through a+6 (a chain).
    index.set('a+6+6', flip(A, ...bitsOf(0, 6), ...bitsOf(40, 6)))
    index.set('b', B)
    index.set('b+8', flip(B, ...bitsOf(16, 8))) // all 8 in one 16-bit chunk
    index.set('b+9', flip(B, 0, 9, 18, 27, 36, 45, 54, 63, 62))
    index.set('alone', flip(A, ...bitsOf(20, 30)))
    expect(canonical(index.groups(6))).toEqual(canonical([['a', 'a-copy', 'a+6', 'a+6+6']]))
    expect(canonical(index.groups(8))).toEqual(
      canonical([
        ['a', 'a-copy', 'a+6', 'a+6+6'],
        ['b', 'b+8'],
      ]),
    )
    expect(canonical(index.groups(9))).toEqual(
      canonical([
        ['a', 'a-copy', 'a+6', 'a+6+6'],
        ['b', 'b+8', 'b+9'],
      ]),
    )
    expect(canonical(index.groups(0))).toEqual([['a', 'a-copy']])
  })

  it('finds every pair within the distance, as a brute force does (random hashes, every spread of bits)', () => {
    let x = 7
    const rand = () => {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0
      return x
    }
    const index = new SimilarIndex()
    const all: Array<[string, PHash]> = []
    for (let i = 0; i < 400; i++) {
      const base = { hi: rand() ^ (rand() << 16), lo: rand() ^ (rand() << 16) }
      const h = { hi: base.hi >>> 0, lo: base.lo >>> 0 }
      all.push([`r${i}`, h])
      // A neighbour 0–12 bits away, its bits anywhere.
      const n = rand() % 13
      all.push([`n${i}`, flip(h, ...Array.from({ length: n }, () => rand() % 64))])
    }
    for (const [id, h] of all) index.set(id, h)
    for (const d of [0, 3, 4, 7, 8, 11, 12, MAX_GROUP_DISTANCE]) {
      const parent = new Map(all.map(([id]) => [id, id]))
      const find = (a: string): string => (parent.get(a) === a ? a : find(parent.get(a)!))
      for (let i = 0; i < all.length; i++)
        for (let j = i + 1; j < all.length; j++)
          if (hamming(all[i]![1], all[j]![1]) <= d) parent.set(find(all[i]![0]), find(all[j]![0]))
      const groups = new Map<string, string[]>()
      for (const [id] of all) groups.set(find(id), [...(groups.get(find(id)) ?? []), id])
      const expected = [...groups.values()].filter((g) => g.length > 1)
      expect(canonical(index.groups(d)), `distance ${d}`).toEqual(canonical(expected))
    }
  })

  it('groups in steps on a copy, so changes meanwhile do not disturb it', () => {
    const index = new SimilarIndex()
    index.set('a', A)
    index.set('a2', flip(A, 3, 50))
    const steps = index.groupsInSteps(4)
    let step = steps.next()
    let n = 0
    index.remove('a')
    index.set('late', A)
    while (!step.done) {
      n++
      step = steps.next()
    }
    // The copy is taken in the first step: the changes above came after it.
    expect(n).toBeGreaterThanOrEqual(1)
    expect(canonical(step.value)).toEqual([['a', 'a2']])
  })
  it('groups the index as it was at the start, whatever changes while it copies (40k items)', () => {
    // 40k items: the copy takes two steps, so the changes below land between them.
    const build = () => {
      const index = new SimilarIndex()
      let x = 99
      const rand = () => (x = (Math.imul(x, 1103515245) + 12345) >>> 0)
      index.set('a', A)
      index.set('a2', flip(A, 2, 33))
      for (let i = 2; i < 39_998; i++)
        index.set(`r${i}`, { hi: rand() ^ (rand() << 16), lo: rand() ^ (rand() << 16) })
      index.set('b', B) // the last two slots: past the first step's copy
      index.set('b2', flip(B, 7, 50))
      return index
    }
    const expected = canonical(build().groups(4))
    expect(expected).toEqual(
      expect.arrayContaining([
        ['a', 'a2'],
        ['b', 'b2'],
      ]),
    )
    // remove moves the last slot (b2) into a's; set changes b's hash before it is copied.
    const index = build()
    const steps = index.groupsInSteps(4)
    steps.next()
    index.remove('a')
    index.set('b', A)
    let step = steps.next()
    while (!step.done) step = steps.next()
    expect(canonical(step.value)).toEqual(expected)
    // clear and a new library filling it meanwhile.
    const again = build()
    const more = again.groupsInSteps(4)
    more.next()
    again.clear()
    for (let i = 0; i < 40_000; i++) again.set(`new${i}`, i % 2 ? A : B)
    step = more.next()
    while (!step.done) step = more.next()
    expect(canonical(step.value)).toEqual(expected)
  })
})
