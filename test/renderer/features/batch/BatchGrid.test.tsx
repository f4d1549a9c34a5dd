import { BatchGridDialog } from '@renderer/features/batch/BatchGridDialog'
import { thumbUrl } from '@shared/library/mediaUrls'
import { fakeMain, resetScreensEachTest } from '@test/support/generateScreens'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { gridView, resetBatchStoreEachTest } from './fixtures'

resetScreensEachTest()
resetBatchStoreEachTest()

const text = (el: Element) => el.textContent?.trim() ?? ''

describe('Batch grid', () => {
  it('puts X values in column headers, Y values in row headers and each result in its cell', async () => {
    const main = fakeMain({ 'batch:grid': () => ({ ok: true, value: gridView() }) })
    render(<BatchGridDialog id="b1" onClose={() => {}} />)
    const table = await screen.findByRole('table')
    expect(main.of('batch:grid')).toEqual([{ id: 'b1' }])

    const columns = within(table).getAllByRole('columnheader').map(text)
    expect(columns).toEqual(['Guidance', '20', '30', '40'])
    const rows = within(table).getAllByRole('rowheader').map(text)
    expect(rows).toEqual(['5', '7.5'])
    for (const th of table.querySelectorAll('thead th'))
      expect(th.getAttribute('scope')).toBe('col')
    for (const th of table.querySelectorAll('tbody th'))
      expect(th.getAttribute('scope')).toBe('row')

    const body = table.querySelectorAll('tbody tr')
    const cellsOf = (r: number) => [...body[r]!.querySelectorAll('td')]
    // Row "5": three saved results, each its first output's thumbnail, labelled by its place.
    const images = cellsOf(0).map((td) => td.querySelector('img')!)
    expect(images.map((i) => i.getAttribute('alt'))).toEqual([
      'Steps 20, Guidance 5, repeat 1',
      'Steps 30, Guidance 5, repeat 1',
      'Steps 40, Guidance 5, repeat 1',
    ])
    expect(images[1]!.getAttribute('src')).toBe(thumbUrl('lib1', ''))
    // Row "7.5": still running, failed, queued.
    expect(cellsOf(1).map(text)).toEqual(['Running', 'failed', 'Queued'])
    expect(cellsOf(1).some((td) => td.querySelector('img'))).toBe(false)
  })

  it('exports the grid as one image and shows where it was saved', async () => {
    const main = fakeMain({
      'batch:grid': () => ({ ok: true, value: gridView() }),
      'batch:exportGrid': () => ({ ok: true, value: { path: '/home/u/grid.png' } }),
    })
    render(<BatchGridDialog id="b1" onClose={() => {}} />)
    await screen.findByRole('table')
    fireEvent.click(screen.getByRole('button', { name: 'Export as one image' }))
    await waitFor(() =>
      expect(screen.getByTestId('grid-saved').textContent).toContain('/home/u/grid.png'),
    )
    expect(main.of('batch:exportGrid')).toEqual([{ id: 'b1' }])
  })
})
