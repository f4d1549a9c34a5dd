import { anchorFor, BLOCK, monthAt, monthStarts } from '@renderer/stores/library/blocks'
import type { LibraryMonth } from '@shared/library/types'
import { describe, expect, it } from 'vitest'

const month = (key: string, count: number, start: number, end: number): LibraryMonth => ({
  month: key,
  count,
  start,
  end,
})
const MONTHS = [
  month('2026-03', 500, 3000, 4000),
  month('2026-02', 1000, 2000, 3000),
  month('2026-01', 250, 1000, 2000),
]

describe('grid block anchors', () => {
  it('starts block 0 at the top', () => {
    expect(anchorFor(0, MONTHS, () => null)).toEqual({ after: null, skip: 0 })
  })

  it('continues from the previous block with a pure keyset cursor', () => {
    const last = { createdAt: 3500, id: 'x' }
    expect(anchorFor(3, MONTHS, (j) => (j === 2 ? last : null))).toEqual({ after: last, skip: 0 })
  })

  it('jumps into the month that holds the block, skipping only inside it', () => {
    // Block 4 starts at position 800: the second month starts at 500, so skip 300 from its end.
    expect(anchorFor(4, MONTHS, () => null)).toEqual({
      after: { createdAt: 3000, id: '' },
      skip: 800 - 500,
    })
    // Block 7 (position 1400) is 900 into the second month; a loaded block 6 is closer.
    const last6 = { createdAt: 2100, id: 'y' }
    expect(anchorFor(7, MONTHS, (j) => (j === 6 ? last6 : null))).toEqual({ after: last6, skip: 0 })
    expect(anchorFor(7, MONTHS, (j) => (j === 2 ? last6 : null))).toEqual({
      after: last6,
      skip: 800,
    })
    expect(anchorFor(7, MONTHS, (j) => (j === 1 ? last6 : null))).toEqual({
      after: { createdAt: 3000, id: '' },
      skip: 900,
    })
  })

  it('maps positions to months', () => {
    expect(monthStarts(MONTHS)).toEqual([0, 500, 1500])
    expect([0, 499, 500, 1499, 1500, 1749].map((p) => monthAt(MONTHS, p))).toEqual([
      0, 0, 1, 1, 2, 2,
    ])
    expect(BLOCK).toBe(200)
  })
})
