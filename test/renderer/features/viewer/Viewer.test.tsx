import { LibraryOverlays } from '@renderer/features/viewer/LibraryOverlays'
import { clearItemCache } from '@renderer/features/viewer/useLibraryItem'
import { Viewer } from '@renderer/features/viewer/Viewer'
import { BLOCK, useLibraryStore } from '@renderer/stores/library'
import { useLibraryViewStore } from '@renderer/stores/libraryView'
import { originalUrl } from '@shared/library/mediaUrls'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { item, libraryMain, seedLibrary, tile, violations } from './fixtures'

const items = Object.fromEntries([0, 1, 2].map((n) => [`i${n}`, item(n)]))

/** The grid stand-in the viewer gives focus back to, and the overlays. */
function renderLibrary() {
  const utils = render(
    <>
      <div role="listbox" aria-label="Library items" tabIndex={0} data-testid="library-grid" />
      <LibraryOverlays />
    </>,
  )
  screen.getByTestId('library-grid').focus()
  return utils
}

const open = (pos: number) => act(() => useLibraryViewStore.getState().openViewer(pos))
const key = (k: string, init: Partial<KeyboardEventInit> = {}) =>
  act(() => void fireEvent.keyDown(document.activeElement ?? document.body, { key: k, ...init }))
const shownImage = () => screen.findByRole('img', { name: /^prompt \d$/ })

beforeEach(() => {
  clearItemCache()
  seedLibrary([tile(0), tile(1), tile(2)])
})
afterEach(cleanup)

describe('viewer', () => {
  it('opens as a modal dialog on the original file, with focus inside, and passes axe', async () => {
    libraryMain(items)
    const { container } = renderLibrary()
    open(1)
    const dialog = screen.getByRole('dialog')
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(dialog.contains(document.activeElement)).toBe(true)
    expect((await shownImage()).getAttribute('src')).toBe(originalUrl('2026/11/25/i1.png'))
    expect(screen.getByTestId('viewer-pos').textContent).toBe('2 of 3')
    expect(screen.getByTestId('viewer-zoom').textContent).toMatch(/^Fit/)
    expect(await violations(container)).toEqual([])
  })

  it('steps through the filtered set in grid order with ← and →, stopping at the ends', async () => {
    libraryMain(items)
    renderLibrary()
    open(0)
    expect((await shownImage()).getAttribute('alt')).toBe('prompt 0')
    key('ArrowRight')
    expect(useLibraryViewStore.getState().viewerPos).toBe(1)
    expect((await shownImage()).getAttribute('alt')).toBe('prompt 1')
    key('ArrowRight')
    key('ArrowRight')
    expect(useLibraryViewStore.getState().viewerPos).toBe(2)
    expect((await shownImage()).getAttribute('src')).toBe(originalUrl('2026/11/25/i2.png'))
    key('ArrowLeft')
    expect(useLibraryViewStore.getState().viewerPos).toBe(1)
    // Shift+arrows pan instead; they never change the item.
    key('ArrowLeft', { shiftKey: true })
    expect(useLibraryViewStore.getState().viewerPos).toBe(1)
  })

  it('asks the store for the next page when it nears the end of the loaded one', async () => {
    const main = libraryMain(items)
    const full = Array.from({ length: BLOCK }, (_, n) => tile(n))
    seedLibrary(full, BLOCK + 50)
    renderLibrary()
    open(BLOCK - 3)
    await waitFor(() => expect(main.of('library:query')).toHaveLength(1))
    // Continued from the last tile of the loaded page: the keyset cursor, nothing skipped.
    expect(main.of('library:query')[0]).toMatchObject({
      after: { id: `i${BLOCK - 1}` },
      skip: 0,
    })
  })

  it('Esc closes and gives focus back to the grid, whose active tile is the last one shown', async () => {
    libraryMain(items)
    renderLibrary()
    open(0)
    await shownImage()
    key('ArrowRight')
    key('Escape')
    expect(useLibraryViewStore.getState().viewerPos).toBeNull()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(screen.getByTestId('library-grid'))
    expect(useLibraryStore.getState().active).toBe(1)
  })

  it('keeps Tab inside the dialog', async () => {
    libraryMain(items)
    renderLibrary()
    open(0)
    await shownImage()
    const close = screen.getByRole('button', { name: 'Close viewer' })
    const tabbable = [
      ...screen.getByRole('dialog').querySelectorAll<HTMLElement>('button, [tabindex]'),
    ].filter((el) => el.tabIndex >= 0 && !(el as HTMLButtonElement).disabled)
    tabbable.at(-1)!.focus()
    key('Tab')
    expect(document.activeElement).toBe(tabbable[0])
    expect(tabbable).toContain(close)
  })

  it('Ctrl+1 shows 100 %, Ctrl+0 fit, + and − zoom', async () => {
    libraryMain(items)
    renderLibrary()
    open(0)
    await shownImage()
    const level = screen.getByTestId('viewer-zoom')
    key('1', { ctrlKey: true })
    expect(level.textContent).toBe('100%')
    expect(screen.getByRole('button', { name: '100%' }).getAttribute('aria-pressed')).toBe('true')
    const img = await shownImage()
    expect(img.style.transform).toContain('scale(1)')
    key('+')
    expect(level.textContent).toBe('125%')
    key('-')
    key('-')
    expect(level.textContent).toBe('80%')
    key('0', { metaKey: true })
    expect(level.textContent).toMatch(/^Fit/)
    // A plain 0 is a rating key, never a zoom.
    key('1', { ctrlKey: true })
    key('0')
    expect(level.textContent).toBe('100%')
  })

  it('F toggles the favourite through library:setFavourite', async () => {
    const main = libraryMain(items)
    renderLibrary()
    open(2)
    await shownImage()
    key('f')
    await waitFor(() =>
      expect(main.of('library:setFavourite')).toEqual([{ id: 'i2', favourite: true }]),
    )
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Favourite' }).getAttribute('aria-pressed')).toBe(
        'true',
      ),
    )
    key('F')
    await waitFor(() =>
      expect(main.of('library:setFavourite').at(-1)).toEqual({ id: 'i2', favourite: false }),
    )
  })

  it('Delete deletes through the store, with Undo in the viewer', async () => {
    const main = libraryMain(items)
    renderLibrary()
    open(1)
    await shownImage()
    key('Delete')
    await waitFor(() => expect(main.of('library:delete')).toEqual([{ ids: ['i1'] }]))
    const undo = await screen.findByRole('button', { name: 'Undo' })
    expect(within(screen.getByRole('dialog')).getByText('Deleted 1 item.')).toBeTruthy()
    act(() => void fireEvent.click(undo))
    await waitFor(() => expect(main.of('library:undoDelete')).toEqual([{ token: 'tok' }]))
  })

  it('0–5 rate through the store (library:setRating) and show the stars', async () => {
    const main = libraryMain(items)
    renderLibrary()
    open(1)
    await shownImage()
    expect(screen.getByRole('img', { name: 'Rating 0 of 5' })).toBeTruthy()
    key('4')
    await waitFor(() => expect(main.of('library:setRating')).toEqual([{ ids: ['i1'], rating: 4 }]))
    await screen.findByRole('img', { name: 'Rating 4 of 5' })
    key('0')
    await waitFor(() =>
      expect(main.of('library:setRating').at(-1)).toEqual({ ids: ['i1'], rating: 0 }),
    )
    await screen.findByRole('img', { name: 'Rating 0 of 5' })
    // Not rating keys: 6–9, and digits with Ctrl/Cmd (zoom).
    key('7')
    key('1', { ctrlKey: true })
    expect(main.of('library:setRating')).toHaveLength(2)
    expect(screen.getByText(/Esc close/).textContent).toContain('0–5 rate')
  })

  it('plays a video with native controls and a keyboard scrubber bound to currentTime', async () => {
    libraryMain({ ...items, i1: item(1, { media: 'video', ext: 'mp4', relPath: 'v/i1.mp4' }) })
    seedLibrary([tile(0), tile(1, { media: 'video' }), tile(2)])
    const { container } = renderLibrary()
    open(1)
    const video = await screen.findByLabelText('Video: prompt 1')
    expect(video.tagName).toBe('VIDEO')
    expect(video.hasAttribute('controls')).toBe(true)
    expect(video.getAttribute('src')).toBe(originalUrl('v/i1.mp4'))
    Object.defineProperty(video, 'duration', { value: 30, configurable: true })
    act(() => void fireEvent.loadedMetadata(video))
    const scrub = screen.getByLabelText('Position') as HTMLInputElement
    scrub.focus()
    key('ArrowRight')
    expect((video as HTMLVideoElement).currentTime).toBe(5)
    expect(scrub.getAttribute('aria-valuetext')).toBe('0:05 of 0:30')
    key('ArrowLeft', { shiftKey: true })
    expect((video as HTMLVideoElement).currentTime).toBe(4.5)
    act(() => void fireEvent.change(scrub, { target: { value: '12' } }))
    expect((video as HTMLVideoElement).currentTime).toBe(12)
    // Arrows on the scrubber seek; they do not step to another item.
    expect(useLibraryViewStore.getState().viewerPos).toBe(1)
    expect(screen.queryByTestId('viewer-zoom')).toBeNull()
    expect(await violations(container)).toEqual([])
  })

  it('says so when the item cannot be read', async () => {
    libraryMain({})
    render(<Viewer pos={0} />)
    expect((await screen.findByRole('alert')).textContent).toContain('no longer in the library')
  })
})
