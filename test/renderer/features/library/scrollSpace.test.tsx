import { LibraryGrid } from '@renderer/features/library/LibraryGrid'
import { MAX_SPACE, scrollSpace } from '@renderer/features/library/scrollSpace'
import { useGridViewport } from '@test/support/gridViewport'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { libraryMain, seedLibrary, tile } from '../viewer/fixtures'

useGridViewport()
afterEach(cleanup)

describe('scrollSpace', () => {
  it('maps 1:1 while the grid fits, and the last scroll position onto the last row past it', () => {
    expect(scrollSpace(5000, 600)).toEqual({ space: 5000, ratio: 1 })
    expect(scrollSpace(MAX_SPACE, 600)).toEqual({ space: MAX_SPACE, ratio: 1 })
    const s = scrollSpace(40_000_000, 600)
    expect(s.space).toBe(MAX_SPACE)
    expect((MAX_SPACE - 600) * s.ratio).toBeCloseTo(40_000_000 - 600, 3)
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
