import { LibraryGrid } from '@renderer/features/library/LibraryGrid'
import { TileSizeControl } from '@renderer/features/viewer/TileSizeControl'
import { useLibraryStore } from '@renderer/stores/library'
import { TILE_SIZE_KEY, useLibraryViewStore } from '@renderer/stores/libraryView'
import { useGridViewport } from '@test/support/gridViewport'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { libraryMain, seedLibrary, tile, violations } from './fixtures'

useGridViewport()

beforeEach(() => {
  localStorage.clear()
  libraryMain({})
  seedLibrary(Array.from({ length: 40 }, (_, n) => tile(n)))
})
afterEach(cleanup)

/** Tiles per row: how many tiles share the first row's y. */
const columns = () => {
  const tiles = within(screen.getByRole('listbox')).getAllByRole('option')
  const firstRow = tiles[0]!.style.transform.split(',')[1]
  return tiles.filter((t) => t.style.transform.split(',')[1] === firstRow).length
}

describe('grid: tile size and Space', () => {
  it('lays out small, medium and large tiles and remembers the choice', async () => {
    const { container } = render(
      <>
        <TileSizeControl />
        <LibraryGrid onOpen={() => {}} />
      </>,
    )
    const select = screen.getByLabelText('Tile size') as HTMLSelectElement
    expect(select.value).toBe('medium')
    // 1000 px wide, 8 px padding and gaps: columns of at least 160, 110, 240 px.
    expect(columns()).toBe(5)
    act(() => void fireEvent.change(select, { target: { value: 'small' } }))
    expect(columns()).toBe(8)
    expect(localStorage.getItem(TILE_SIZE_KEY)).toBe('small')
    act(() => void fireEvent.change(select, { target: { value: 'large' } }))
    expect(columns()).toBe(4)
    expect(screen.getByRole('option', { name: /prompt 0/ }).style.width).toBe('240px')
    expect(useLibraryViewStore.getState().tileSize).toBe('large')
    expect(await violations(container)).toEqual([])
  })

  it('Space opens the viewer on the active tile; Ctrl+Space toggles its selection', () => {
    render(<LibraryGrid onOpen={() => {}} />)
    const grid = screen.getByRole('listbox')
    grid.focus()
    act(() => void fireEvent.keyDown(grid, { key: 'ArrowRight' }))
    act(() => void fireEvent.keyDown(grid, { key: 'ArrowRight' }))
    act(() => void fireEvent.keyDown(grid, { key: ' ' }))
    expect(useLibraryViewStore.getState().viewerPos).toBe(2)
    act(() => useLibraryViewStore.getState().closeViewer())
    const before = new Set(useLibraryStore.getState().selection)
    act(() => void fireEvent.keyDown(grid, { key: ' ', ctrlKey: true }))
    expect(useLibraryViewStore.getState().viewerPos).toBeNull()
    expect(before.has('i2')).toBe(true)
    expect(useLibraryStore.getState().selection.has('i2')).toBe(false)
  })
})
