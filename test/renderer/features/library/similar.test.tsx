import {
  DuplicatesButton,
  DuplicatesPanel,
} from '@renderer/features/library/similar/DuplicatesPanel'
import { FindSimilarButton } from '@renderer/features/library/similar/FindSimilarButton'
import { SimilarStrip } from '@renderer/features/library/similar/SimilarStrip'
import { UndoToast } from '@renderer/features/library/UndoToast'
import { initialState, useLibraryStore } from '@renderer/stores/library'
import { initialState as similarInitial, useSimilarStore } from '@renderer/stores/similar'
import type { DuplicatesView, SimilarView } from '@shared/library/similar'
import type { LibraryItem, LibraryTile } from '@shared/library/types'
import type { Result } from '@shared/result'
import { fakeMain } from '@test/support/generateScreens'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import axe from 'axe-core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

const tile = (id: string, width = 512, createdAt = 1000): LibraryTile => ({
  id,
  kind: 'image',
  media: 'image',
  model: 'std-image-2',
  promptPreview: `picture ${id}`,
  createdAt,
  favourite: false,
  width,
  height: width,
  durationSec: null,
  sha256: id.padEnd(64, '0'),
  fileName: `${id}.png`,
  problem: null,
  hasThumb: true,
  costEstimate: null,
  batchId: null,
  rating: 0,
})

const dupes = (over: Partial<DuplicatesView> = {}): DuplicatesView => ({
  groups: [
    {
      members: [
        { tile: tile('a', 1024), distance: 0, sameFile: true },
        { tile: tile('a-half', 512), distance: 2, sameFile: false },
        { tile: tile('a-copy', 512, 2000), distance: 0, sameFile: false },
      ],
    },
    {
      members: [
        { tile: tile('b'), distance: 0, sameFile: true },
        { tile: tile('b-jpeg'), distance: 4, sameFile: false },
      ],
    },
  ],
  totalGroups: 2,
  maxDistance: 8,
  analysing: false,
  pending: 0,
  ...over,
})

async function violations(node: Element): Promise<string[]> {
  const result = await axe.run(node, { rules: { 'color-contrast': { enabled: false } } })
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help}`)
}

beforeEach(() => {
  useLibraryStore.setState({ ...initialState, filter: {} })
  useSimilarStore.setState(similarInitial)
})
afterEach(cleanup)

function library(answers: Parameters<typeof fakeMain>[0] = {}) {
  return fakeMain({
    'library:months': () => ({ ok: true, value: [] }),
    'library:models': () => ({ ok: true, value: [] }),
    'library:delete': (p) => ({
      ok: true,
      value: {
        token: 't1',
        count: (p as { ids: string[] }).ids.length,
        undoUntil: Date.now() + 60_000,
      },
    }),
    'library:undoDelete': () => ({ ok: true, value: [] }),
    ...answers,
  })
}

describe('duplicates panel', () => {
  it('lists the groups, keeps one with undo, and is a keyboard-usable dialog', async () => {
    let view = dupes()
    const main = library({ 'library:duplicates': () => ({ ok: true, value: view }) })
    const { container } = render(
      <>
        <DuplicatesButton />
        <DuplicatesPanel />
        <UndoToast />
      </>,
    )
    const button = screen.getByRole('button', { name: 'Duplicates' })
    button.focus()
    act(() => void fireEvent.click(button))
    const dialog = await screen.findByRole('dialog', { name: 'Duplicates' })
    await waitFor(() =>
      expect(within(dialog).getByRole('status').textContent).toBe('2 groups of duplicates.'),
    )
    expect(main.of('library:duplicates')).toEqual([{ maxDistance: 8 }])
    // Focus starts inside; Tab stays inside.
    expect(dialog.contains(document.activeElement)).toBe(true)
    const groups = within(dialog).getAllByRole('region')
    expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual([
      'Group 1 of 2: 3 images',
      'Group 2 of 2: 2 images',
    ])
    const first = within(groups[0]!)
    expect(first.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('Suggested to keep'),
      expect.stringContaining('2 of 64 bits differ'),
      expect.stringContaining('a-copy.png'),
    ])
    expect(await violations(container)).toEqual([])

    // Keep the half-size one: the other two go through the library's delete (with undo).
    view = dupes({ groups: dupes().groups.slice(1), totalGroups: 1 })
    const keep = first.getByRole('button', { name: 'Keep a-half.png, delete the other 2 images' })
    await act(async () => void fireEvent.click(keep))
    expect(main.of('library:delete')).toEqual([{ ids: ['a', 'a-copy'] }])
    await waitFor(() => expect(within(dialog).getAllByRole('region')).toHaveLength(1))
    // Focus moved on to the next group before this one left.
    expect(within(dialog).getAllByRole('region')[0]!.contains(document.activeElement)).toBe(true)
    const undo = within(dialog).getByRole('button', { name: 'Undo delete of 2 items' })
    expect(screen.getByText(/Deleted 2 items/)).toBeTruthy()
    await act(async () => void fireEvent.click(undo))
    expect(main.of('library:undoDelete')).toEqual([{ token: 't1' }])
    expect(document.activeElement).toBe(
      within(dialog).getByRole('button', { name: 'Close duplicates' }),
    )

    // A looser match asks again.
    act(
      () =>
        void fireEvent.change(within(dialog).getByLabelText('Match'), { target: { value: '12' } }),
    )
    await waitFor(() => expect(main.of('library:duplicates').at(-1)).toEqual({ maxDistance: 12 }))

    act(() => void fireEvent.keyDown(dialog, { key: 'Escape' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(button)
  })

  it('says when nothing was found, and asks again while images are still being analysed', async () => {
    let n = 0
    const main = library({
      'library:duplicates': () => {
        n++
        return {
          ok: true,
          value: dupes(n === 1 ? { groups: [], totalGroups: 0, analysing: true, pending: 3 } : {}),
        }
      },
    })
    render(<DuplicatesPanel />)
    await act(() => useSimilarStore.getState().openDuplicates())
    expect(screen.getByRole('status').textContent).toBe(
      'No duplicates found. Still analysing 3 images; this list updates.',
    )
    await waitFor(
      () => expect(screen.getByRole('status').textContent).toBe('2 groups of duplicates.'),
      {
        timeout: 4000,
      },
    )
    expect(main.of('library:duplicates')).toHaveLength(2)
  })
})

describe('duplicates progress', () => {
  it('shows how far a long grouping is, for the distance asked only, and stops listening when closed', async () => {
    let finish: (r: Result<unknown>) => void = () => {}
    const main = library({
      'library:duplicates': () =>
        new Promise<Result<unknown>>((resolve) => (finish = resolve)) as never,
    })
    const { unmount } = render(<DuplicatesPanel />)
    act(() => void useSimilarStore.getState().openDuplicates())
    const status = () => screen.getByRole('status').textContent
    await waitFor(() => expect(status()).toBe('Looking for duplicates…'))
    expect(main.listening('library:duplicatesProgress')).toBe(1)

    act(() => main.emit('library:duplicatesProgress', { maxDistance: 12, done: 0.5 }))
    expect(status()).toBe('Looking for duplicates…')
    act(() => main.emit('library:duplicatesProgress', { maxDistance: 8, done: 0.426 }))
    expect(status()).toBe('Comparing images… 42%')

    await act(async () => finish({ ok: true, value: dupes() }))
    await waitFor(() => expect(status()).toBe('2 groups of duplicates.'))
    // A late word from main changes nothing once the answer is in.
    act(() => main.emit('library:duplicatesProgress', { maxDistance: 8, done: 0.9 }))
    expect(status()).toBe('2 groups of duplicates.')
    unmount()
    expect(main.listening('library:duplicatesProgress')).toBe(0)
  })
})

describe('find similar', () => {
  it('closes the detail view and shows the nearest images above the grid, each opening its details', async () => {
    const view: SimilarView = {
      sourceId: 'a',
      hits: [
        { tile: tile('a-copy'), distance: 0 },
        { tile: tile('a-half'), distance: 3 },
        { tile: tile('a-crop'), distance: 12 },
      ],
      analysing: false,
      pending: 0,
    }
    const main = library({
      'library:similar': () => ({ ok: true, value: view }),
      'library:get': () => ({ ok: true, value: { ...tile('a-half'), prompt: '' } as LibraryItem }),
    })
    let closed = 0
    const { container } = render(
      <>
        <FindSimilarButton
          item={{ ...tile('a'), prompt: '' } as LibraryItem}
          onClose={() => closed++}
        />
        <SimilarStrip />
      </>,
    )
    await act(
      async () => void fireEvent.click(screen.getByRole('button', { name: 'Find similar' })),
    )
    expect(closed).toBe(1)
    expect(main.of('library:similar')).toEqual([{ id: 'a' }])
    const strip = await screen.findByRole('region', { name: 'Similar to a.png' })
    expect(document.activeElement).toBe(within(strip).getByRole('heading'))
    expect(within(strip).getByRole('status').textContent).toBe('3 similar images, nearest first.')
    const items = within(strip)
      .getAllByRole('listitem')
      .map((li) => within(li).getByRole('button'))
    expect(items.map((b) => b.getAttribute('aria-label'))).toEqual([
      'a-copy.png: Identical (0 of 64 bits differ)',
      'a-half.png: Near-identical (3 of 64 bits differ)',
      'a-crop.png: Very similar (12 of 64 bits differ)',
    ])
    expect(await violations(container)).toEqual([])
    await act(async () => void fireEvent.click(items[1]!))
    expect(main.of('library:get')).toEqual([{ id: 'a-half' }])
    act(() => void fireEvent.keyDown(strip, { key: 'Escape' }))
    expect(screen.queryByRole('region', { name: /Similar to/ })).toBeNull()
  })
})
