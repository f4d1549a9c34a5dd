import { CompareButton } from '@renderer/features/compare/CompareButton'
import { compareRows } from '@renderer/features/compare/compareRows'
import { LibraryOverlays } from '@renderer/features/viewer/LibraryOverlays'
import { clearItemCache } from '@renderer/features/viewer/useLibraryItem'
import { useLibraryStore } from '@renderer/stores/library'
import { useLibraryViewStore } from '@renderer/stores/libraryView'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { item, libraryMain, seedLibrary, tile, violations } from '../viewer/fixtures'

const a = item(1, {
  prompt: 'a red fox in the snow',
  seed: 11,
  params: { prompt: 'a red fox in the snow', steps: 20, sampler: 'euler', extra: { cfg: 5 } },
})
const b = item(2, {
  prompt: 'a blue fox in the snow',
  seed: 12,
  params: {
    prompt: 'a blue fox in the snow',
    steps: 28,
    sampler: 'euler',
    quality: 'high',
    extra: { cfg: 5 },
  },
})
const c = item(3, { prompt: 'a red fox in the snow', seed: 11, params: a.params })
const items = { i1: a, i2: b, i3: c }

/** The Compare button in a stand-in toolbar, and the overlays, with `ids` selected. */
async function openCompare(ids: string[]) {
  libraryMain(items)
  useLibraryStore.setState({ selection: new Set(ids) })
  const utils = render(
    <>
      <div role="toolbar" aria-label="Selection">
        <CompareButton />
      </div>
      <LibraryOverlays />
    </>,
  )
  const button = screen.getByRole('button', { name: 'Compare' })
  button.focus()
  act(() => void fireEvent.click(button))
  await screen.findByTestId('compare-table')
  return { ...utils, button }
}

const differing = () =>
  screen
    .getAllByRole('row')
    .filter((r) => r.getAttribute('data-differs') === 'true')
    .map((r) => r.getAttribute('data-testid')!.replace('compare-row-', ''))

beforeEach(() => {
  clearItemCache()
  seedLibrary([tile(1), tile(2), tile(3)])
})
afterEach(cleanup)

describe('compare', () => {
  it('highlights exactly the rows that differ, says so in words, and diffs the prompt', async () => {
    const { container } = await openCompare(['i1', 'i2'])
    expect(screen.getByRole('dialog', { name: 'Compare 2 items' })).toBeTruthy()
    expect(differing()).toEqual(['prompt', 'seed', 'param:quality', 'param:steps'])
    for (const key of ['prompt', 'seed', 'param:quality', 'param:steps']) {
      const row = screen.getByTestId(`compare-row-${key}`)
      expect(row.className).toBe('cmp-differs')
      expect(within(row).getByRole('rowheader').textContent).toMatch(/\(differs\)$/)
      expect(row.querySelectorAll('td.cmp-cell-differs')).toHaveLength(1)
    }
    for (const key of [
      'negativePrompt',
      'model',
      'size',
      'param:sampler',
      'param:extra.cfg',
      'cost',
    ]) {
      const row = screen.getByTestId(`compare-row-${key}`)
      expect(row.className).toBe('')
      expect(row.textContent).not.toContain('differs')
    }
    // The request's own prompt is not repeated as a parameter row.
    expect(screen.queryByTestId('compare-row-param:prompt')).toBeNull()
    const prompt = screen.getByTestId('compare-row-prompt')
    expect(prompt.querySelector('del')!.textContent).toBe('[removed: red]')
    expect(prompt.querySelector('ins')!.textContent).toBe('[added: blue]')
    expect(screen.getByText(/Settings: 4 differ/)).toBeTruthy()
    expect(await violations(container)).toEqual([])
  })

  it('moves the A/B divider with the keyboard, and only offers A/B for exactly two images', async () => {
    const { container } = await openCompare(['i1', 'i2'])
    act(() => void fireEvent.click(screen.getByRole('button', { name: 'A/B slider' })))
    const range = screen.getByRole('slider', { name: 'A/B divider' }) as HTMLInputElement
    const divider = screen.getByTestId('ab-divider')
    const bLayer = () => screen.getByRole('img', { name: /^B:/ }).parentElement!
    expect(range.value).toBe('50')
    range.focus()
    act(() => void fireEvent.keyDown(range, { key: 'ArrowRight' }))
    expect(range.value).toBe('55')
    expect(divider.style.left).toBe('55%')
    expect(bLayer().style.clipPath).toBe('inset(0 0 0 55%)')
    act(() => void fireEvent.keyDown(range, { key: 'ArrowLeft', shiftKey: true }))
    expect(range.value).toBe('54')
    expect(range.getAttribute('aria-valuetext')).toBe('54% A, 46% B')
    act(() => void fireEvent.keyDown(range, { key: 'End' }))
    expect(range.value).toBe('100')
    act(() => void fireEvent.keyDown(range, { key: 'ArrowRight' }))
    expect(range.value).toBe('100')
    act(() => void fireEvent.keyDown(range, { key: 'Home' }))
    expect(bLayer().style.clipPath).toBe('inset(0 0 0 0%)')
    expect(await violations(container)).toEqual([])
    cleanup()
    seedLibrary([tile(1), tile(2), tile(3)])
    await openCompare(['i1', 'i2', 'i3'])
    expect(screen.getByRole('button', { name: 'A/B slider' })).toHaveProperty('disabled', true)
    expect(screen.getAllByRole('group', { name: /^[ABC]:/ })).toHaveLength(3)
  })

  it('zooms and pans all panes together', async () => {
    await openCompare(['i1', 'i2', 'i3'])
    const images = () => screen.getAllByRole('img', { name: /^[ABC]:/ })
    const transforms = () => images().map((i) => i.style.transform)
    const before = transforms()[0]
    const pane = screen.getAllByRole('group', { name: /^[ABC]:/ })[1]!
    act(() => void fireEvent.wheel(pane, { deltaY: -100 }))
    const after = transforms()
    expect(after[0]).not.toBe(before)
    expect(new Set(after).size).toBe(1)
    act(() => void fireEvent.keyDown(pane, { key: '1', ctrlKey: true }))
    expect(transforms().every((t) => t.endsWith('scale(1)'))).toBe(true)
    expect(screen.getByTestId('compare-zoom').textContent).toBe('100%')
  })

  it('Esc closes and gives focus back to the Compare button', async () => {
    const { button } = await openCompare(['i1', 'i2'])
    const dialog = screen.getByRole('dialog')
    expect(dialog.contains(document.activeElement)).toBe(true)
    act(() => void fireEvent.keyDown(dialog, { key: 'Escape' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(useLibraryViewStore.getState().compareIds).toBeNull()
    expect(document.activeElement).toBe(button)
  })

  it('offers Compare only for 2–4 selected items', () => {
    libraryMain(items)
    useLibraryStore.setState({ selection: new Set(['i1']) })
    const { rerender } = render(<CompareButton />)
    expect(screen.queryByRole('button', { name: /Compare/ })).toBeNull()
    act(() => useLibraryStore.setState({ selection: new Set(['i1', 'i2', 'i3', 'i4', 'i5']) }))
    rerender(<CompareButton />)
    expect(screen.getByRole('button', { name: 'Compare (2–4 items)' })).toHaveProperty(
      'disabled',
      true,
    )
  })
})

/** The words the table passes in English. */
const WORDS = { noRate: 'No published rate', yes: 'Yes', no: 'No' }

describe('compareRows', () => {
  it('takes the union of parameter keys, nested ones dotted, and marks the missing', () => {
    const rows = compareRows(
      [
        item(1, { params: { steps: 20, parameters: { scale: 5, sampler: 'k' } } }),
        item(2, { params: { parameters: { scale: 5 }, n: 1 } }),
      ],
      WORDS,
    )
    const byKey = Object.fromEntries(rows.map((r) => [r.key, r]))
    expect(rows.map((r) => r.key)).toEqual([
      'prompt',
      'negativePrompt',
      'model',
      'seed',
      'size',
      'param:n',
      'param:parameters.sampler',
      'param:parameters.scale',
      'param:steps',
      'cost',
    ])
    expect(byKey['param:steps']).toMatchObject({ values: ['20', '—'], differs: true })
    expect(byKey['param:parameters.scale']).toMatchObject({ values: ['5', '5'], differs: false })
    expect(byKey['cost']).toMatchObject({ values: ['$0.04', '$0.04'], differs: false })
  })

  it('compares values by content, whatever their key order, and notes video durations', () => {
    const rows = compareRows(
      [
        item(1, { params: { box: { x: 1, y: 2 }, list: [1, { a: 1, b: 2 }] } }),
        item(2, {
          prompt: 'prompt 1',
          params: { box: { y: 2, x: 1 }, list: [1, { b: 2, a: 1 }] },
          durationSec: 5,
        }),
      ],
      WORDS,
    )
    expect(rows.filter((r) => r.differs).map((r) => r.key)).toEqual(['duration'])
  })
})
