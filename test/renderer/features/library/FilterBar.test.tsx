import { DetailView } from '@renderer/features/library/DetailView'
import { FilterBar } from '@renderer/features/library/FilterBar'
import { BLOCK, initialState, useLibraryStore } from '@renderer/stores/library'
import type { LibraryFilter, LibraryItem, LibraryMonth, LibraryTile } from '@shared/library/types'
import { fakeMain } from '@test/support/generateScreens'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import axe from 'axe-core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

const month: LibraryMonth = { month: '2026-03', count: 3, start: 0, end: 1 }

const tile = (id: string, costEstimate: number | null): LibraryTile => ({
  id,
  kind: 'art',
  media: 'image',
  model: 'art-v5',
  promptPreview: 'a fox',
  createdAt: 1000,
  favourite: false,
  width: 64,
  height: 64,
  durationSec: null,
  sha256: 'a'.repeat(64),
  fileName: `${id}.png`,
  problem: null,
  hasThumb: true,
  costEstimate,
  batchId: 'b7c1e0f2-9a3d-4c55-8e21-000000000000',
  rating: 0,
})

const item = (over: Partial<LibraryItem> = {}): LibraryItem => ({
  ...tile('i1', 0.01),
  prompt: 'a fox',
  negativePrompt: '',
  params: {},
  seed: 3,
  sourceTaskId: 't1',
  bytes: 10,
  demo: false,
  relPath: '2026/03/14/i1.png',
  ext: 'png',
  originalName: null,
  tags: [],
  collections: [],
  batch: {
    batchId: 'b7c1e0f2-9a3d-4c55-8e21-000000000000',
    index: 5,
    x: 'steps 20',
    y: 'guidance 5',
    repeat: 2,
    picks: [],
  },
  ...over,
})

function library() {
  return fakeMain({
    'library:months': () => ({ ok: true, value: [month] }),
    'library:models': () => ({ ok: true, value: [] }),
    'library:query': () => ({ ok: true, value: { items: [], next: null } }),
  })
}

/** Serious or critical axe findings in a part of the page (colour contrast needs real layout). */
async function violations(node: Element): Promise<string[]> {
  const result = await axe.run(node, { rules: { 'color-contrast': { enabled: false } } })
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help}`)
}

const lastFilter = (main: ReturnType<typeof library>) =>
  (main.of('library:months').at(-1) as { filter: LibraryFilter }).filter

beforeEach(() => useLibraryStore.setState({ ...initialState, filter: {} }))
afterEach(cleanup)

describe('library filter bar: order and batch', () => {
  it('orders by cost from a labelled select, and Clear filters keeps the order', async () => {
    const main = library()
    render(<FilterBar />)
    const order = screen.getByLabelText('Order')
    expect(
      within(order)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Newest first', 'Most expensive first', 'Cheapest first'])
    act(() => void fireEvent.change(order, { target: { value: 'cost-desc' } }))
    await waitFor(() => expect(lastFilter(main)).toEqual({ sort: 'cost-desc' }))
    // The order alone is not a filter: no Clear button for it.
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull()
    act(() => useLibraryStore.getState().setFilter({ favourites: true }))
    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Clear filters' })))
    expect(useLibraryStore.getState().filter).toEqual({ sort: 'cost-desc' })
    act(() => void fireEvent.change(order, { target: { value: 'newest' } }))
    expect(useLibraryStore.getState().filter).toEqual({})
  })

  it('shows a batch filter set from elsewhere as a removable chip', async () => {
    const main = library()
    const { container } = render(<FilterBar />)
    act(() => useLibraryStore.getState().setFilter({ model: 'art-v5', sort: 'cost-asc' }))
    act(() => useLibraryStore.getState().showBatch('b7c1e0f2-9a3d-4c55-8e21-000000000000'))
    expect(useLibraryStore.getState().filter).toEqual({
      batchId: 'b7c1e0f2-9a3d-4c55-8e21-000000000000',
      sort: 'cost-asc',
    })
    const chip = screen.getByTestId('library-batch-chip')
    expect(chip.textContent).toContain('Batch: b7c1e0f2')
    expect(await violations(container)).toEqual([])
    const remove = within(chip).getByRole('button', { name: 'Remove batch filter b7c1e0f2' })
    remove.focus()
    act(() => void fireEvent.click(remove))
    expect(screen.queryByTestId('library-batch-chip')).toBeNull()
    await waitFor(() => expect(lastFilter(main)).toEqual({ sort: 'cost-asc' }))
  })

  it('pages a cost order from the previous block, with its cost, never from a month', async () => {
    const full = Array.from({ length: BLOCK }, (_, i) => tile(`t${i}`, i < 150 ? 0.05 : null))
    const main = fakeMain({
      'library:months': () => ({ ok: true, value: [{ ...month, count: 3 * BLOCK }] }),
      'library:models': () => ({ ok: true, value: [] }),
      'library:query': () => ({ ok: true, value: { items: full, next: null } }),
    })
    useLibraryStore.setState({ filter: { sort: 'cost-desc' } })
    await act(() => useLibraryStore.getState().refresh())
    await waitFor(() => expect(main.of('library:query')).toHaveLength(2))
    useLibraryStore.getState().ensure(2 * BLOCK, 2 * BLOCK)
    await waitFor(() => expect(main.of('library:query')).toHaveLength(3))
    expect(main.of('library:query').at(-1)).toMatchObject({
      after: { id: `t${BLOCK - 1}`, cost: null },
      skip: 0,
    })
    // A month anchor ({ createdAt: month end, id: '' }) is a newest-first position: never sent here.
    for (const q of main.of('library:query') as Array<{ after: { id: string } | null }>)
      expect(q.after?.id).not.toBe('')
  })
})

describe('library detail: cost and batch', () => {
  it('says the cost is an estimate, describes the batch cell and shows the batch', async () => {
    library()
    let closed = 0
    const { container } = render(
      <DetailView item={item()} onClose={() => closed++} onStep={() => {}} onReuse={() => {}} />,
    )
    expect(screen.getByText('Estimated cost')).toBeTruthy()
    expect(screen.getByTestId('detail-cost').textContent).toBe('$0.01')
    expect(container.textContent).not.toMatch(/charged/i)
    expect(screen.getByTestId('detail-batch').textContent).toContain(
      'X: steps 20 · Y: guidance 5 · repeat 2',
    )
    expect(await violations(container)).toEqual([])
    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Show batch' })))
    expect(closed).toBe(1)
    expect(useLibraryStore.getState().filter).toEqual({
      batchId: 'b7c1e0f2-9a3d-4c55-8e21-000000000000',
    })
  })

  it('has no batch line for an item made on its own, and no price for an unpriced one', () => {
    library()
    render(
      <DetailView
        item={item({ batch: null, batchId: null, costEstimate: null })}
        onClose={() => {}}
        onStep={() => {}}
        onReuse={() => {}}
      />,
    )
    expect(screen.queryByTestId('detail-batch')).toBeNull()
    expect(screen.getByTestId('detail-cost').textContent).toBe('No published rate')
  })
})
