import type { LibraryCursor, LibraryMonth } from '@shared/library/types'

/** Tiles per keyset page; the grid loads whole blocks as they come into view. */
export const BLOCK = 200

/** Where to start reading block `b`: a cursor plus how many rows to skip after it. */
export interface BlockAnchor {
  after: LibraryCursor | null
  skip: number
}

/**
 * Picks the cheapest way to reach block `b`: continue from the nearest loaded block before it
 * (pure keyset when it is the previous one), or start at the month that contains the block's first
 * position and skip into it. Either way the skip is bounded (by the gap or by one month), so a jump
 * to item 99,000 costs one small query, never a walk through all pages before it.
 */
export function anchorFor(
  b: number,
  months: readonly LibraryMonth[],
  lastOfBlock: (block: number) => LibraryCursor | null,
): BlockAnchor {
  const pos = b * BLOCK
  if (b === 0) return { after: null, skip: 0 }
  let best: BlockAnchor = { after: null, skip: pos }
  for (let j = b - 1; j >= 0 && (b - j - 1) * BLOCK < best.skip; j--) {
    const last = lastOfBlock(j)
    if (last) {
      best = { after: last, skip: (b - j - 1) * BLOCK }
      break
    }
  }
  let start = 0
  for (const m of months) {
    if (pos < start + m.count) {
      const skip = pos - start
      // Every item of this month is older than the month's end: (created, id) < (end, '').
      if (skip < best.skip) best = { after: { createdAt: m.end, id: '' }, skip }
      break
    }
    start += m.count
  }
  return best
}

/** Index (position in the grid) of the first item of each month, newest first. */
export function monthStarts(months: readonly LibraryMonth[]): number[] {
  const out: number[] = []
  let start = 0
  for (const m of months) {
    out.push(start)
    start += m.count
  }
  return out
}

/** The month that holds grid position `pos`. */
export function monthAt(months: readonly LibraryMonth[], pos: number): number {
  let start = 0
  for (let i = 0; i < months.length; i++) {
    start += months[i]!.count
    if (pos < start) return i
  }
  return Math.max(0, months.length - 1)
}
