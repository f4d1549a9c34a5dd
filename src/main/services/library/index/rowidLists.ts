import type { Statement } from 'better-sqlite3'

/**
 * Reads up to `limit` rowids of one sorted list, newest first, from `top` down to `floor` (both
 * included).
 */
export type ListRead = (top: number, floor: number, limit: number) => number[]

/**
 * The first index at or after `from` (and before `to`) whose value is ≤ `target`, in values
 * sorted newest first (descending); `to` when there is none. A binary search.
 */
export function firstAtOrBelow(
  values: ArrayLike<number>,
  target: number,
  from = 0,
  to = values.length,
): number {
  let lo = from
  let hi = to
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (values[mid]! <= target) hi = mid
    else lo = mid + 1
  }
  return lo
}

/**
 * firstAtOrBelow for an answer expected near `from`: steps of 1, 2, 4, … bound it, then a binary
 * search inside the last step. A merge that checks each value of a sparse list against a denser
 * one moves a few places each time, where a search over the whole rest costs ~18 steps at 200k.
 */
export function gallopAtOrBelow(values: ArrayLike<number>, target: number, from: number): number {
  let lo = from
  let step = 1
  while (lo + step < values.length && values[lo + step]! > target) {
    lo += step
    step *= 2
  }
  return firstAtOrBelow(values, target, lo, Math.min(values.length, lo + step))
}

/** The first chunk a list reads; a list read in sequence takes CHUNK_GROWTH × more each time. */
const FIRST_CHUNK = 256
const CHUNK_GROWTH = 4
const MAX_CHUNK = 16_384

/**
 * One sorted list of rowids (an FTS5 match, a side table's items for one value) walked newest
 * first in chunks. `seek(t)` answers the largest rowid ≤ t: from the chunk in hand when it reaches
 * that far, else by one indexed read starting at t, so a list whose rows are far apart is jumped
 * through instead of read whole.
 */
export class RowidList {
  private buf: number[] = []
  private pos = 0
  /** The last read returned less than it asked for: nothing is left below the chunk. */
  private done = false
  private chunk: number

  constructor(
    private readonly read: ListRead,
    private readonly floor: number,
    firstChunk = FIRST_CHUNK,
  ) {
    this.chunk = firstChunk
  }

  /** The largest rowid of the list ≤ `target` (and ≥ the floor), or undefined when none is. */
  seek(target: number): number | undefined {
    const buf = this.buf
    if (this.pos < buf.length && buf[buf.length - 1]! <= target) {
      // The chunk's last value is ≤ target, so the search finds one in it.
      this.pos = firstAtOrBelow(buf, target, this.pos)
      return buf[this.pos]
    }
    // Everything in hand is above target (targets only go down): after a short read there is
    // nothing further, else the list is read again from target.
    if (this.done || target < this.floor) return undefined
    // Walked through to the chunk's last row: the list is read in sequence, so the next chunk is
    // larger. A jump past rows never looked at keeps the size: the others set the pace.
    if (buf.length && this.pos >= buf.length - 1)
      this.chunk = Math.min(MAX_CHUNK, this.chunk * CHUNK_GROWTH)
    this.buf = this.read(target, this.floor, this.chunk)
    this.pos = 0
    this.done = this.buf.length < this.chunk
    return this.buf[0]
  }
}

/**
 * The rowids in every list, newest first, from `top` down, at most `cap` of them: a leapfrog
 * join (each list seeks to the largest rowid any other list proposed until all agree), so the
 * reads stop as soon as `cap` rows are found and a list much smaller than the others sets the
 * pace. The lists come in rowid order from their own indexes (FTS5 doclists, the side tables'
 * (value, item) keys), so no `items` row is read to find them (issue #33).
 */
export function intersectDescending(lists: RowidList[], top: number, cap: number): number[] {
  const out: number[] = []
  let target = top
  while (out.length < cap) {
    let agreed = 0
    for (let i = 0; agreed < lists.length; i = (i + 1) % lists.length) {
      const v = lists[i]!.seek(target)
      if (v === undefined) return out
      if (v === target) agreed++
      else {
        target = v
        agreed = 1
      }
    }
    out.push(target)
    target -= 1
  }
  return out
}

/** A ListRead over a prepared statement taking (…params, top, floor, limit). */
export const listRead =
  (st: Statement, params: unknown[]): ListRead =>
  (top, floor, limit) =>
    st.all(...params, top, floor, limit) as number[]
