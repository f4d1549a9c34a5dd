import { heldRead } from '@main/services/library/index/heldRowids'
import { mergeDescending } from '@main/services/library/index/intersectReads'
import {
  firstAtOrBelow,
  gallopAtOrBelow,
  intersectDescending,
  RowidList,
} from '@main/services/library/index/rowidLists'
import { seededRandom } from '@test/support/seededRandom'
import { describe, expect, it } from 'vitest'

/**
 * Issue #33: the sorted-list intersections behind "prompt words + collection/tag/rating" reads
 * (intersectReads.ts) against a plain Set intersection, on random lists of every density, with
 * windows and caps, counting the reads each list makes.
 */

/** A random list of distinct rowids in [1, span], newest (largest) first, about `share` of them. */
function list(r: () => number, span: number, share: number): Float64Array {
  const out: number[] = []
  for (let v = span; v >= 1; v--) if (r() < share) out.push(v)
  return Float64Array.from(out)
}

/** What a plain reading gives: the values in all lists within [floor, top], newest first. */
function plain(lists: Float64Array[], top: number, floor: number): number[] {
  const [first, ...rest] = lists
  const sets = rest.map((l) => new Set(l))
  return [...first!].filter((v) => v <= top && v >= floor && sets.every((s) => s.has(v)))
}

describe('sorted rowid lists', () => {
  it('gallop to the same place as a binary search, from any start', () => {
    const r = seededRandom(34)
    for (let round = 0; round < 300; round++) {
      const values = list(r, 1 + Math.floor(r() * 2000), [0.05, 0.5, 1][round % 3]!)
      const from = Math.floor(r() * (values.length + 1))
      // Only called where the value at `from` is above the target (the merge's case) or past it.
      const below = from < values.length ? values[from]! - 1 - Math.floor(r() * 3000) : 0
      expect(gallopAtOrBelow(values, below, from), `round ${round}`).toBe(
        firstAtOrBelow(values, below, from),
      )
    }
  })

  it('intersect newest first exactly as a Set intersection, within windows and caps', () => {
    const r = seededRandom(33)
    let compared = 0
    for (let round = 0; round < 150; round++) {
      const span = 50 + Math.floor(r() * 3000)
      const lists = Array.from({ length: 2 + Math.floor(r() * 3) }, () =>
        list(r, span, [0.01, 0.1, 0.5, 0.95][Math.floor(r() * 4)]!),
      )
      const top = r() < 0.5 ? span : Math.floor(r() * span)
      const floor = r() < 0.5 ? 0 : Math.floor(r() * top)
      const cap = r() < 0.5 ? Infinity : 1 + Math.floor(r() * 40)
      const expected = plain(lists, top, floor)
      const got = intersectDescending(
        lists.map((l) => new RowidList(heldRead(l), floor)),
        top,
        cap,
      )
      expect(got, `round ${round}`).toEqual(expected.slice(0, cap))
      expect(mergeDescending(lists, top, floor), `round ${round}`).toEqual(expected)
      expect(mergeDescending(lists, top, floor, cap), `round ${round}`).toEqual(
        expected.slice(0, cap),
      )
      if (expected.length) compared++
    }
    expect(compared).toBeGreaterThan(60)
  })

  it('read a list again only from where the others jumped, in growing chunks', () => {
    const dense = Float64Array.from({ length: 100_000 }, (_, i) => 100_000 - i)
    // Every 1000th rowid: the dense list is read near those, never whole.
    const sparse = Float64Array.from({ length: 100 }, (_, i) => 100_000 - i * 1000)
    const reads: number[] = []
    const counted = (l: Float64Array) => {
      const read = heldRead(l)
      return (top: number, floor: number, limit: number) => {
        const rows = read(top, floor, limit)
        reads.push(rows.length)
        return rows
      }
    }
    const got = intersectDescending(
      [new RowidList(counted(sparse), 0), new RowidList(counted(dense), 0)],
      Number.MAX_SAFE_INTEGER,
      Infinity,
    )
    expect(got).toEqual([...sparse])
    // All 100 found with far fewer than the dense list's 100,000 rows read.
    expect(reads.reduce((a, b) => a + b, 0)).toBeLessThan(40_000)
    // A cap stops the reads: the first 5 rows need one chunk of each list.
    reads.length = 0
    const five = intersectDescending(
      [new RowidList(counted(sparse), 0), new RowidList(counted(dense), 0)],
      Number.MAX_SAFE_INTEGER,
      5,
    )
    expect(five).toEqual([...sparse.slice(0, 5)])
    expect(reads.length).toBeLessThanOrEqual(6)
  })

  it('finds nothing in an empty list or an empty window', () => {
    const a = Float64Array.from([9, 7, 5, 3])
    const none = new Float64Array(0)
    expect(
      intersectDescending([new RowidList(heldRead(a), 0), new RowidList(heldRead(none), 0)], 10, 9),
    ).toEqual([])
    expect(
      intersectDescending([new RowidList(heldRead(a), 6), new RowidList(heldRead(a), 6)], 6, 9),
    ).toEqual([])
    expect(
      intersectDescending([new RowidList(heldRead(a), 0), new RowidList(heldRead(a), 0)], 8, 9),
    ).toEqual([7, 5, 3])
    expect(mergeDescending([a, none], 10, 0)).toEqual([])
  })
})
