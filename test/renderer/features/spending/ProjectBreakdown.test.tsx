import SpendingScreen from '@renderer/features/spending/SpendingScreen'
import { initialState, useSpendingStore } from '@renderer/stores/spending'
import { fakeMain } from '@test/support/generateScreens'
import { budgetState, summaryAnswer } from '@test/support/spendingFakes'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(2025, 2, 12, 0, 30) })
  useSpendingStore.setState(initialState())
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

function main(exported: { path: string; rows: number } | null = { path: '/x/inv.csv', rows: 2 }) {
  return fakeMain({
    'spending:summary': summaryAnswer({
      byProject: [
        { project: 'Client X', usd: 0.2, count: 2, unpriced: 0 },
        { project: null, usd: 0.07, count: 4, unpriced: 3 },
        { project: '=Side', usd: 0.03, count: 1, unpriced: 0 },
        { project: 'Idle', usd: 0, count: 0, unpriced: 0 },
      ],
    }),
    'budget:get': () => ({ ok: true, value: budgetState() }),
    'spending:exportInvoice': () => ({ ok: true, value: exported }),
  })
}

describe('Spending: per project', () => {
  it('lists the range by project (amount, count, "No project"), largest first', async () => {
    main()
    useSpendingStore.setState({ preset: 'month' })
    render(<SpendingScreen />)
    const table = await screen.findByTestId('project-table')
    const rows = within(table).getAllByTestId('project-row')
    expect(
      rows.map((r) => [
        r.dataset.name,
        ...[...r.querySelectorAll('td')].slice(0, 2).map((td) => td.textContent),
      ]),
    ).toEqual([
      ['Client X', '2', '$0.20'],
      ['No project', '4', '$0.07 + 3 with no published rate'],
      ['=Side', '1', '$0.03'],
    ])
  })

  it('exports one project’s invoice for the range shown and says where it went', async () => {
    const m = main()
    useSpendingStore.setState({ preset: 'month' })
    render(<SpendingScreen />)
    const table = await screen.findByTestId('project-table')
    fireEvent.click(within(table).getByRole('button', { name: 'Export invoice CSV for Client X' }))
    await waitFor(() =>
      expect(screen.getByTestId('spend-exported').textContent).toBe('Saved 2 rows to /x/inv.csv'),
    )
    fireEvent.click(
      within(table).getByRole('button', { name: 'Export invoice CSV for No project' }),
    )
    await waitFor(() => expect(m.of('spending:exportInvoice')).toHaveLength(2))
    expect(m.of('spending:exportInvoice')).toEqual([
      { from: '2025-03-01', to: '2025-03-12', project: 'Client X' },
      { from: '2025-03-01', to: '2025-03-12', project: null },
    ])
  })

  it('says nothing when the save dialog was cancelled', async () => {
    const m = main(null)
    render(<SpendingScreen />)
    const table = await screen.findByTestId('project-table')
    fireEvent.click(within(table).getByRole('button', { name: 'Export invoice CSV for Client X' }))
    await waitFor(() => expect(m.of('spending:exportInvoice')).toHaveLength(1))
    await waitFor(() => expect(useSpendingStore.getState().exporting).toBe(false))
    expect(screen.queryByTestId('spend-exported')).toBeNull()
  })
})
