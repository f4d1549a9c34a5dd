import { LibraryGrid } from '@renderer/features/library/LibraryGrid'
import {
  MAX_SPACE,
  offsetAfterScroll,
  scrollSpace,
  scrollTo,
} from '@renderer/features/library/scrollSpace'
import { useGridViewport } from '@test/support/gridViewport'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { libraryMain, seedLibrary, tile } from '../viewer/fixtures'

useGridViewport()
afterEach(cleanup)

describe('scrollSpace', () => {
  it('maps 1:1 while the grid fits', () => {
    expect(scrollSpace(5000, 600)).toEqual({ full: 5000, space: 5000, viewport: 600, ratio: 1 })
    expect(scrollSpace(MAX_SPACE, 600).ratio).toBe(1)
    expect(offsetAfterScroll(scrollSpace(5000, 600), 0, 3000, 0)).toBe(0)
    expect(scrollTo(scrollSpace(5000, 600), 1234, 0)).toEqual({ top: 1234, offset: 0 })
  })

  it('past MAX_SPACE moves 1:1 by small steps, proportionally on jumps, and ends at the ends', () => {
    const s = scrollSpace(40_000_000, 600)
    const maxTop = MAX_SPACE - 600
    expect(s.space).toBe(MAX_SPACE)
    // A jump (thumb drag) maps proportionally; small steps keep the offset (tiles move 1:1).
    const jumped = offsetAfterScroll(s, 0, 1_000_000, 0)
    expect(1_000_000 + jumped).toBeCloseTo(1_000_000 * s.ratio, 3)
    expect(offsetAfterScroll(s, 1_000_000, 1_000_060, jumped)).toBe(jumped)
    // The last scroll position shows the last row, the first one the first.
    expect(maxTop + offsetAfterScroll(s, maxTop - 60, maxTop, jumped)).toBe(40_000_000 - 600)
    expect(offsetAfterScroll(s, 60, 0, jumped)).toBe(0)
    // Going to a place: kept 1:1 when the offset reaches it, else placed proportionally.
    expect(scrollTo(s, 2_000_000, 1_500_000)).toEqual({ top: 500_000, offset: 1_500_000 })
    const end = scrollTo(s, 40_000_000 - 600, 0)
    expect(end.top).toBe(maxTop)
    expect(end.top + end.offset).toBe(40_000_000 - 600)
  })
})

describe('grid of a million items (issue #33)', () => {
  beforeEach(() => {
    libraryMain({})
    seedLibrary(
      Array.from({ length: 40 }, (_, n) => tile(n)),
      1_000_000,
    )
  })

  /** The row a tile is drawn at: its y in the scrolled box. */
  const yOf = (el: HTMLElement) => Number(/,\s*(-?[\d.e+]+)px\)/.exec(el.style.transform)![1])

  it('lays out at most MAX_SPACE and reaches the last item with End, drawn in view', async () => {
    render(<LibraryGrid onOpen={() => {}} />)
    const grid = screen.getByRole('listbox')
    const space = grid.firstElementChild as HTMLElement
    // 5 columns of 192 + 8 px: 200,000 rows of 200 px would be 40 million px.
    expect(parseFloat(space.style.height)).toBe(MAX_SPACE)
    grid.focus()
    await act(async () => void fireEvent.keyDown(grid, { key: 'End' }))
    expect(grid.scrollTop).toBeGreaterThan(MAX_SPACE - 2 * 600)
    expect(grid.scrollTop).toBeLessThanOrEqual(MAX_SPACE - 600)
    await act(async () => void fireEvent.scroll(grid))
    await act(() => new Promise((r) => requestAnimationFrame(() => r(null))))
    const last = document.getElementById('lib-tile-999999')
    expect(last).not.toBeNull()
    // Drawn inside the viewport at the scroll position, in the space's own px.
    const y = yOf(last!)
    expect(y).toBeGreaterThanOrEqual(grid.scrollTop)
    expect(y).toBeLessThan(grid.scrollTop + 600)

    // A wheel step up moves the tiles with it, 1:1: a tile keeps its place in the scrolled box.
    const kept = document.getElementById('lib-tile-999990')!
    const before = yOf(kept)
    grid.scrollTop -= 60
    await act(async () => void fireEvent.scroll(grid))
    await act(() => new Promise((r) => requestAnimationFrame(() => r(null))))
    expect(yOf(document.getElementById('lib-tile-999990')!)).toBe(before)
  })

  it('keeps tiles 1:1 with the scroll position while the grid fits the space', async () => {
    seedLibrary(
      Array.from({ length: 40 }, (_, n) => tile(n)),
      40,
    )
    render(<LibraryGrid onOpen={() => {}} />)
    const space = screen.getByRole('listbox').firstElementChild as HTMLElement
    expect(parseFloat(space.style.height)).toBeLessThan(2000)
    expect(yOf(document.getElementById('lib-tile-0')!)).toBe(8)
  })
})
