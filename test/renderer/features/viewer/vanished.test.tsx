import { LibraryOverlays } from '@renderer/features/viewer/LibraryOverlays'
import { clearItemCache } from '@renderer/features/viewer/useLibraryItem'
import { useLibraryStore } from '@renderer/stores/library'
import { useLibraryViewStore } from '@renderer/stores/libraryView'
import type { LibraryTile } from '@shared/library/types'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { item, libraryMain, seedLibrary, tile } from './fixtures'

beforeEach(() => {
  clearItemCache()
  seedLibrary([tile(0), tile(1), tile(2)])
})
afterEach(cleanup)

/** The grid's pages after a library change, with the viewer left open where it was. */
const reload = (tiles: LibraryTile[]) =>
  useLibraryStore.setState({ total: tiles.length, blocks: { 0: tiles } })

const shownImage = (name: string) => screen.findByRole('img', { name })

describe('viewer: the item shown leaves the library (issue #28)', () => {
  it('says so clearly instead of silently showing the next item, until the user steps on', async () => {
    const items = Object.fromEntries([0, 1, 2].map((n) => [`i${n}`, item(n)]))
    libraryMain(items)
    render(<LibraryOverlays />)
    act(() => useLibraryViewStore.getState().openViewer(1))
    await shownImage('prompt 1')
    // Deleted on another machine: the sync removes it here and the grid reloads without it.
    delete items.i1
    act(() => reload([tile(0), tile(2)]))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('“i1.png” left the library while you were viewing it')
    expect(alert.textContent).toContain('Settings → Sync')
    await shownImage('prompt 2')
    act(() => void fireEvent.keyDown(document.activeElement ?? document.body, { key: 'ArrowLeft' }))
    await shownImage('prompt 0')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('says nothing when the item is still there (the user stepped, or the order changed)', async () => {
    const items = Object.fromEntries([0, 1, 2].map((n) => [`i${n}`, item(n)]))
    const main = libraryMain(items)
    render(<LibraryOverlays />)
    act(() => useLibraryViewStore.getState().openViewer(1))
    await shownImage('prompt 1')
    act(() => reload([tile(0), tile(2), tile(1)]))
    await shownImage('prompt 2')
    await act(() => new Promise((r) => setTimeout(r, 50)))
    expect(main.of('library:get')).toContainEqual({ id: 'i1' })
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
