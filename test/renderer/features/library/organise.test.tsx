import { beginItemDrag } from '@renderer/components/itemDrag'
import { LibraryGrid } from '@renderer/features/library/LibraryGrid'
import { CollectionsSidebar } from '@renderer/features/library/organise/CollectionsSidebar'
import { OrganiseFilters } from '@renderer/features/library/organise/OrganiseFilters'
import { undoLatest } from '@renderer/features/library/organise/organiseKeys'
import { OrganisePanel } from '@renderer/features/library/organise/OrganisePanel'
import { OrganiseToast } from '@renderer/features/library/organise/OrganiseToast'
import { SelectionOrganise } from '@renderer/features/library/organise/SelectionOrganise'
import { TagCombobox } from '@renderer/features/library/organise/TagCombobox'
import { initialState, useLibraryStore } from '@renderer/stores/library'
import { initialState as organiseInitial, useOrganiseStore } from '@renderer/stores/organise'
import type { LibraryCollection, OrganiseReceipt } from '@shared/library/organise'
import type { LibraryItem, LibraryTile } from '@shared/library/types'
import { fakeMain } from '@test/support/generateScreens'
import { useGridViewport } from '@test/support/gridViewport'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import axe from 'axe-core'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

useGridViewport()

const tile = (n: number, over: Partial<LibraryTile> = {}): LibraryTile => ({
  id: `i${n}`,
  kind: 'image',
  media: 'image',
  model: 'std-image-2',
  promptPreview: `prompt ${n}`,
  createdAt: 1000 - n,
  favourite: false,
  width: 64,
  height: 64,
  durationSec: null,
  sha256: 'a'.repeat(64),
  fileName: `i${n}.png`,
  problem: null,
  hasThumb: false,
  costEstimate: null,
  batchId: null,
  rating: 0,
  ...over,
})

const item = (over: Partial<LibraryItem> = {}): LibraryItem => ({
  ...tile(1),
  prompt: 'a fox',
  negativePrompt: '',
  params: {},
  seed: 1,
  sourceTaskId: null,
  bytes: 1,
  demo: false,
  relPath: '2026/03/14/i1.png',
  ext: 'png',
  originalName: null,
  batch: null,
  tags: [],
  collections: [],
  ...over,
})

const collections: LibraryCollection[] = [
  { id: 'c-trip', name: 'Trip', created: 1, count: 3 },
  { id: 'c-best', name: 'Best', created: 2, count: 12 },
]

const receipt = (ids: string[], field: Record<string, unknown>): OrganiseReceipt => ({
  before: ids.map((id) => ({ id, ...field })),
  failed: [],
})

function organiseMain(extra: Parameters<typeof fakeMain>[0] = {}) {
  return fakeMain({
    'collections:list': () => ({ ok: true, value: collections }),
    'library:setRating': (p) => ({
      ok: true,
      value: receipt((p as { ids: string[] }).ids, { rating: 0 }),
    }),
    'library:setOrganise': (p) => ({
      ok: true,
      value: { before: (p as { items: Array<{ id: string }> }).items, failed: [] },
    }),
    'library:tagSuggestions': (p) => {
      const prefix = (p as { prefix: string }).prefix.toLowerCase()
      const all = [
        { tag: 'Sunset', count: 9 },
        { tag: 'sea', count: 4 },
        { tag: 'Sky', count: 1 },
      ]
      return { ok: true, value: all.filter((t) => t.tag.toLowerCase().startsWith(prefix)) }
    },
    'library:months': () => ({ ok: true, value: [] }),
    'library:models': () => ({ ok: true, value: [] }),
    ...extra,
  })
}

/** Serious or critical axe findings (colour contrast needs real layout). */
async function violations(node: Element): Promise<string[]> {
  const result = await axe.run(node, { rules: { 'color-contrast': { enabled: false } } })
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help}`)
}

beforeEach(() => {
  localStorage.clear()
  const tiles = Array.from({ length: 12 }, (_, n) => tile(n, n === 3 ? { rating: 4 } : {}))
  useLibraryStore.setState({
    ...initialState,
    filter: {},
    total: tiles.length,
    blocks: { 0: tiles },
  })
  useOrganiseStore.setState(organiseInitial())
})
afterEach(cleanup)

describe('organise: keyboard in the grid', () => {
  it('0–5 rate the selection (one call), show the stars at once, and Undo puts them back', async () => {
    const main = organiseMain()
    render(
      <>
        <LibraryGrid onOpen={() => {}} />
        <OrganiseToast />
      </>,
    )
    useLibraryStore.setState({ selection: new Set(['i1', 'i2']) })
    const grid = screen.getByRole('listbox')
    grid.focus()
    await act(async () => void fireEvent.keyDown(grid, { key: '4' }))
    expect(main.of('library:setRating')).toEqual([{ ids: ['i1', 'i2'], rating: 4 }])
    await waitFor(() =>
      expect(screen.getByRole('option', { name: /prompt 1,.*rated 4 of 5/ })).toBeTruthy(),
    )
    const toast = await screen.findByTestId('organise-toast')
    expect(toast.textContent).toContain('Rated 2 items ★★★★')
    await act(async () => void fireEvent.click(within(toast).getByRole('button', { name: 'Undo' })))
    expect(main.of('library:setOrganise')).toEqual([
      {
        items: [
          { id: 'i1', rating: 0 },
          { id: 'i2', rating: 0 },
        ],
      },
    ])
    await waitFor(() =>
      expect(screen.queryByRole('option', { name: /prompt 1,.*rated/ })).toBeNull(),
    )
    // Keys with a modifier are shortcuts, not ratings.
    await act(async () => void fireEvent.keyDown(grid, { key: '2', ctrlKey: true }))
    expect(main.of('library:setRating')).toHaveLength(1)
  })

  it('rates the active item when nothing is selected, and F toggles favourites', async () => {
    const main = organiseMain()
    render(<LibraryGrid onOpen={() => {}} />)
    const grid = screen.getByRole('listbox')
    grid.focus()
    act(() => void fireEvent.keyDown(grid, { key: 'ArrowRight' })) // selects i1 only
    useLibraryStore.setState({ selection: new Set() })
    await act(async () => void fireEvent.keyDown(grid, { key: '0' }))
    expect(main.of('library:setRating')).toEqual([{ ids: ['i1'], rating: 0 }])
    useLibraryStore.setState({ selection: new Set(['i1', 'i2']) })
    await act(async () => void fireEvent.keyDown(grid, { key: 'f' }))
    expect(main.of('library:setOrganise')).toEqual([
      {
        items: [
          { id: 'i1', favourite: true },
          { id: 'i2', favourite: true },
        ],
      },
    ])
    await waitFor(() => expect(useLibraryStore.getState().tileAt(1)!.favourite).toBe(true))
    await act(async () => void fireEvent.keyDown(grid, { key: 'F' }))
    expect(main.of('library:setOrganise').at(-1)).toEqual({
      items: [
        { id: 'i1', favourite: false },
        { id: 'i2', favourite: false },
      ],
    })
  })

  it('Ctrl/Cmd+Z undoes the latest of an organising change and a delete', async () => {
    const main = organiseMain({ 'library:undoDelete': () => ({ ok: true, value: [] }) })
    await act(() =>
      useOrganiseStore
        .getState()
        .rate(['i5'], 2)
        .then(() => {}),
    )
    // A delete made after the rating (its window runs 60 s from the delete).
    useLibraryStore.setState({ toast: { token: 't', count: 1, undoUntil: Date.now() + 61_000 } })
    await act(async () => void expect(undoLatest()).toBe(true))
    expect(main.of('library:undoDelete')).toEqual([{ token: 't' }])
    await act(async () => void expect(undoLatest()).toBe(true))
    await waitFor(() =>
      expect(main.of('library:setOrganise')).toEqual([{ items: [{ id: 'i5', rating: 0 }] }]),
    )
    expect(undoLatest()).toBe(false)
  })
})

describe('organise: tag combobox', () => {
  it('suggests tags as you type, moves with the arrows and picks with Enter; Escape closes only the list', async () => {
    organiseMain()
    const onPick = vi.fn()
    const outer = vi.fn()
    const { container } = render(
      <div onKeyDown={(e) => outer(e.key)}>
        <TagCombobox label="Add tag" exclude={['sky']} onPick={onPick} />
      </div>,
    )
    const input = screen.getByRole('combobox', { name: 'Add tag' })
    act(() => input.focus())
    fireEvent.change(input, { target: { value: 's' } })
    const list = await screen.findByRole('listbox', { name: 'Add tag: suggestions' })
    // Most used first; an excluded tag (already on the item) is not offered again.
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Sunset (9)', 'sea (4)'])
    expect(input.getAttribute('aria-expanded')).toBe('true')
    fireEvent.keyDown(input, { key: 'ArrowDown' })
    fireEvent.keyDown(input, { key: 'ArrowDown' })
    const active = input.getAttribute('aria-activedescendant')!
    expect(document.getElementById(active)!.textContent).toBe('sea (4)')
    expect(document.getElementById(active)!.getAttribute('aria-selected')).toBe('true')
    expect(await violations(container)).toEqual([])
    fireEvent.keyDown(input, { key: 'Enter' })
    expect(onPick).toHaveBeenLastCalledWith('sea')
    expect((input as HTMLInputElement).value).toBe('')
    // What was typed is a new tag (normalised) when nothing is highlighted.
    fireEvent.change(input, { target: { value: '  #Golden   hour ' } })
    fireEvent.keyDown(input, { key: 'Enter' })
    expect(onPick).toHaveBeenLastCalledWith('Golden hour')
    fireEvent.change(input, { target: { value: 'su' } })
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1))
    fireEvent.keyDown(input, { key: 'Escape' })
    expect(input.getAttribute('aria-expanded')).toBe('false')
    expect(outer).not.toHaveBeenCalledWith('Escape')
    fireEvent.keyDown(input, { key: 'Escape' })
    expect(outer).toHaveBeenCalledWith('Escape')
  })

  it('in the filter bar, adds a tag filter chip and a rating filter, combined with the rest', async () => {
    organiseMain({ 'library:query': () => ({ ok: true, value: { items: [], next: null } }) })
    useLibraryStore.setState({ filter: { media: 'image', collectionId: 'c-trip' } })
    useOrganiseStore.setState({ collections })
    const { container } = render(<OrganiseFilters />)
    fireEvent.change(screen.getByLabelText('Rating'), { target: { value: '3' } })
    expect(useLibraryStore.getState().filter).toMatchObject({ media: 'image', minRating: 3 })
    const input = screen.getByRole('combobox', { name: 'Tag' })
    act(() => input.focus())
    fireEvent.change(input, { target: { value: 'nope' } })
    fireEvent.keyDown(input, { key: 'Enter' })
    expect(useLibraryStore.getState().filter.tags).toBeUndefined() // only existing tags filter
    fireEvent.change(input, { target: { value: 'sun' } })
    await screen.findByRole('option', { name: /Sunset/ })
    fireEvent.keyDown(input, { key: 'Enter' })
    expect(useLibraryStore.getState().filter).toMatchObject({
      media: 'image',
      minRating: 3,
      tags: ['Sunset'],
    })
    expect(screen.getByTestId('library-collection-chip').textContent).toContain('Trip')
    expect(await violations(container)).toEqual([])
    fireEvent.click(screen.getByRole('button', { name: 'Remove tag filter Sunset' }))
    expect(useLibraryStore.getState().filter.tags).toBeUndefined()
  })
})

describe('organise: detail panel and collections sidebar', () => {
  it('rates with the star radio group and edits tags in the detail panel', async () => {
    const main = organiseMain({
      'library:setTags': (p) => ({
        ok: true,
        value: receipt((p as { ids: string[] }).ids, { tags: ['sea'] }),
      }),
      'library:get': () => ({ ok: true, value: item() }),
    })
    useOrganiseStore.setState({ collections })
    const { container } = render(
      <OrganisePanel item={item({ rating: 2, tags: ['sea'], collections: ['c-trip'] })} />,
    )
    const group = screen.getByRole('radiogroup', { name: 'Rating of i1.png' })
    expect(within(group).getByRole('radio', { name: '2 stars' }).getAttribute('aria-checked')).toBe(
      'true',
    )
    await act(async () => fireEvent.click(within(group).getByRole('radio', { name: '5 stars' })))
    expect(main.of('library:setRating')).toEqual([{ ids: ['i1'], rating: 5 }])
    await act(
      async () =>
        void fireEvent.keyDown(within(group).getByRole('radio', { name: '2 stars' }), {
          key: 'ArrowLeft',
        }),
    )
    expect(main.of('library:setRating').at(-1)).toEqual({ ids: ['i1'], rating: 1 })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Remove tag sea' })))
    expect(main.of('library:setTags')).toEqual([{ ids: ['i1'], add: [], remove: ['sea'] }])
    expect(screen.getByRole('button', { name: 'Take out of collection Trip' })).toBeTruthy()
    expect(await violations(container)).toEqual([])
  })

  it('lists collections with counts, filters by one, creates one and takes dropped grid items', async () => {
    const main = organiseMain({
      'collections:create': (p) => ({
        ok: true,
        value: { id: 'c-new', name: (p as { name: string }).name, created: 3, count: 0 },
      }),
      'collections:addItems': (p) => ({
        ok: true,
        value: receipt((p as { ids: string[] }).ids, { collections: [] }),
      }),
      'library:query': () => ({ ok: true, value: { items: [], next: null } }),
    })
    const { container } = render(<CollectionsSidebar />)
    const nav = screen.getByRole('navigation', { name: 'Collections' })
    await within(nav).findByRole('button', { name: /^Trip 3 items/ })
    expect(await violations(container)).toEqual([])

    await act(async () => fireEvent.click(within(nav).getByRole('button', { name: /^Best/ })))
    expect(useLibraryStore.getState().filter.collectionId).toBe('c-best')
    expect(within(nav).getByRole('button', { name: /^Best/ }).getAttribute('aria-pressed')).toBe(
      'true',
    )

    fireEvent.click(within(nav).getByRole('button', { name: 'New collection…' }))
    const name = within(nav).getByLabelText('Name of the new collection')
    fireEvent.change(name, { target: { value: 'Portraits' } })
    await act(async () => fireEvent.click(within(nav).getByRole('button', { name: 'Create' })))
    expect(main.of('collections:create')).toEqual([{ name: 'Portraits' }])
    expect(useOrganiseStore.getState().toast?.label).toBe('Created collection “Portraits”')

    // A tile's dragstart remembers the ids; the OS drag that comes back carries only files.
    beginItemDrag(null, ['i1', 'i2'])
    const row = container.querySelector('[data-collection="c-trip"]')!
    const files = { types: ['Files'], files: [], getData: () => '', dropEffect: 'none' }
    const over = fireEvent.dragOver(row, { dataTransfer: files })
    expect(over).toBe(false) // accepted (default prevented)
    await act(async () => void fireEvent.drop(row, { dataTransfer: files }))
    expect(main.of('collections:addItems')).toEqual([{ id: 'c-trip', ids: ['i1', 'i2'] }])
    // After the drop, plain files are not taken for items.
    expect(fireEvent.dragOver(row, { dataTransfer: files })).toBe(true)
  })

  it('tags a whole selection and takes it out of the collection shown', async () => {
    const main = organiseMain({
      'library:setTags': (p) => ({
        ok: true,
        value: receipt((p as { ids: string[] }).ids, { tags: [] }),
      }),
      'collections:removeItems': (p) => ({
        ok: true,
        value: receipt((p as { ids: string[] }).ids, { collections: ['c-trip'] }),
      }),
    })
    useOrganiseStore.setState({ collections })
    useLibraryStore.setState({
      selection: new Set(['i1', 'i2']),
      filter: { collectionId: 'c-trip' },
    })
    const { container } = render(<SelectionOrganise />)
    const input = screen.getByRole('combobox', { name: 'Tag selected' })
    act(() => input.focus())
    fireEvent.change(input, { target: { value: 'Dusk' } })
    await act(async () => void fireEvent.keyDown(input, { key: 'Enter' }))
    expect(main.of('library:setTags')).toEqual([{ ids: ['i1', 'i2'], add: ['Dusk'], remove: [] }])
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Take out of Trip' })))
    expect(main.of('collections:removeItems')).toEqual([{ id: 'c-trip', ids: ['i1', 'i2'] }])
    expect(useOrganiseStore.getState().toast?.label).toBe('Took 2 items out of “Trip”')
    expect(await violations(container)).toEqual([])
  })
})
