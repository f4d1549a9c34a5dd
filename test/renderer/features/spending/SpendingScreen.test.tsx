import SpendingScreen from '@renderer/features/spending/SpendingScreen'
import { useLibraryStore } from '@renderer/stores/library'
import { useNavigationStore } from '@renderer/stores/navigation'
import { initialState, useSpendingStore } from '@renderer/stores/spending'
import type { Result } from '@shared/result'
import type { SpendSummary } from '@shared/spending/types'
import { fakeMain } from '@test/support/generateScreens'
import { budgetState, emptySummary, summaryOf } from '@test/support/spendingFakes'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

type Range = { from: string; to: string; includeDemo?: boolean }

/** Main answering the spending channels; `summary` decides what a range holds. */
function main(summary: (r: Range) => SpendSummary = (r) => summaryOf(r.from, r.to)) {
  return fakeMain({
    'spending:summary': (p) => ({ ok: true, value: summary(p as Range) }),
    'budget:get': () => ({ ok: true, value: budgetState() }),
    'library:get': () => ({ ok: false, error: { code: 'not_found', message: 'gone' } }),
  })
}
const ranges = (m: ReturnType<typeof fakeMain>) => m.of('spending:summary') as Range[]

beforeEach(() => {
  // Wednesday 12 March 2025, half past midnight local time: "today" is the local day, not UTC's.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(2025, 2, 12, 0, 30) })
  useSpendingStore.setState(initialState())
  localStorage.clear()
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('Spending screen', () => {
  it('shows the totals as estimates, a bar per day, the models (text unpriced) and the top list', async () => {
    const m = main()
    useSpendingStore.setState({ preset: 'week' })
    render(<SpendingScreen />)
    expect(await screen.findByTestId('spend-total')).toHaveProperty('textContent', '$0.30')
    expect(screen.getByText('Estimated spend', { selector: 'dt' })).toBeTruthy()
    expect(screen.getByText(/the service publishes no actual-charge figure/)).toBeTruthy()
    expect(screen.getByTestId('spend-settled').textContent).toBe('$0.25')
    expect(screen.getByTestId('spend-pending').textContent).toBe('$0.05')
    expect(screen.getByTestId('spend-failed').textContent).toBe('1')
    expect(screen.getByTestId('spend-kept').textContent).toContain(
      '$0.042 per kept image (12 kept)',
    )

    // Monday 10 to Wednesday 12 March: three bars, each with its figures as a tooltip.
    expect(ranges(m)[0]).toEqual({ from: '2025-03-10', to: '2025-03-12', includeDemo: false })
    const bars = screen.getAllByTestId('day-bar')
    expect(bars.map((b) => b.getAttribute('data-day'))).toEqual([
      '2025-03-10',
      '2025-03-11',
      '2025-03-12',
    ])
    expect(bars[2]!.querySelector('title')?.textContent).toContain('$0.30 estimated, 9 requests')
    expect(Number(bars[0]!.getAttribute('height'))).toBe(0)
    const chart = screen.getByRole('img')
    expect(chart.getAttribute('aria-label')).toMatch(/\$0\.30 in total, highest \$0\.30 on/)

    const models = screen.getAllByTestId('model-row')
    expect(models.map((r) => r.getAttribute('data-name'))).toEqual([
      'motion-1',
      'std-image-2',
      'chat-large',
    ])
    expect(within(models[0]!).getByText('$0.20')).toBeTruthy()
    const text = models[2]!
    expect(text.textContent).toContain('no published rate')
    expect(text.textContent).not.toContain('$')
    expect(within(text).getByText('3')).toBeTruthy()
    const textKind = screen.getAllByTestId('kind-row').find((r) => r.dataset.name === 'Text')!
    expect(textKind.textContent).toContain('no published rate')
    expect(textKind.textContent).not.toContain('$')

    const top = screen.getAllByTestId('top-entry')
    expect(top[0]!.textContent).toContain('$0.20')
    fireEvent.click(within(top[0]!).getByRole('button', { name: /Open in library/ }))
    expect(useNavigationStore.getState().area).toBe('library')
    expect(useLibraryStore.getState().detailId).toBe('lib-9')
  })

  it('asks main for the right local days for each range, the demo only when ticked', async () => {
    const m = main()
    render(<SpendingScreen />)
    await waitFor(() => expect(ranges(m)).toHaveLength(1))
    expect(ranges(m)[0]).toEqual({ from: '2025-03-12', to: '2025-03-12', includeDemo: false })

    fireEvent.click(screen.getByLabelText('This week'))
    fireEvent.click(screen.getByLabelText('This month'))
    await waitFor(() => expect(ranges(m)).toHaveLength(3))
    expect(ranges(m)[1]).toMatchObject({ from: '2025-03-10', to: '2025-03-12' })
    expect(ranges(m)[2]).toMatchObject({ from: '2025-03-01', to: '2025-03-12' })
    expect(screen.getAllByTestId('day-bar')).toHaveLength(12)

    fireEvent.click(screen.getByLabelText('Custom'))
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-02-27' } })
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-03-02' } })
    await waitFor(() =>
      expect(ranges(m).at(-1)).toEqual({
        from: '2025-02-27',
        to: '2025-03-02',
        includeDemo: false,
      }),
    )
    await waitFor(() => expect(screen.getAllByTestId('day-bar')).toHaveLength(4))

    // A range that ends before it starts is a message at the dates, and nothing is asked.
    const asked = ranges(m).length
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-03-05' } })
    expect(screen.getByRole('alert').textContent).toBe('The range ends before it starts.')
    expect(screen.getByLabelText('From').getAttribute('aria-invalid')).toBe('true')
    expect(ranges(m)).toHaveLength(asked)

    fireEvent.click(screen.getByLabelText('Today'))
    fireEvent.click(screen.getByLabelText('Include demo activity'))
    await waitFor(() =>
      expect(ranges(m).at(-1)).toEqual({ from: '2025-03-12', to: '2025-03-12', includeDemo: true }),
    )
  })

  it('says so when the range has nothing, and reloads when main says the ledger changed', async () => {
    let spent = false
    const m = main((r) => (spent ? summaryOf(r.from, r.to) : emptySummary(r.from, r.to)))
    render(<SpendingScreen />)
    expect((await screen.findByTestId('spend-empty')).textContent).toContain('Nothing was spent on')
    expect(screen.queryByTestId('day-chart')).toBeNull()
    spent = true
    m.emit('spending:changed', budgetState())
    expect(await screen.findByTestId('spend-total')).toHaveProperty('textContent', '$0.30')
    expect(ranges(m)).toHaveLength(2)
  })

  it('exports the range as CSV and shows where it went; a cancelled dialog shows nothing', async () => {
    let answer: Result<{ path: string; rows: number } | null> = { ok: true, value: null }
    const m = fakeMain({
      'spending:summary': (p) => ({
        ok: true,
        value: summaryOf((p as Range).from, (p as Range).to),
      }),
      'budget:get': () => ({ ok: true, value: budgetState() }),
      'spending:exportCsv': () => answer,
    })
    render(<SpendingScreen />)
    await screen.findByTestId('spend-total')
    const button = screen.getByRole('button', { name: 'Export CSV' })
    fireEvent.click(button)
    await waitFor(() => expect(m.of('spending:exportCsv')).toHaveLength(1))
    expect(m.of('spending:exportCsv')[0]).toEqual({
      from: '2025-03-12',
      to: '2025-03-12',
      includeDemo: false,
    })
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false))
    expect(screen.queryByTestId('spend-exported')).toBeNull()

    answer = { ok: true, value: { path: '/home/u/spend.csv', rows: 9 } }
    fireEvent.click(button)
    expect((await screen.findByTestId('spend-exported')).textContent).toBe(
      'Saved 9 rows to /home/u/spend.csv',
    )
  })
})
