import { BudgetPanel } from '@renderer/features/spending/BudgetPanel'
import { initialState, useSpendingStore } from '@renderer/stores/spending'
import { budgetsSchema } from '@shared/spending/schemas'
import type { Budgets } from '@shared/spending/types'
import { fakeMain, field } from '@test/support/generateScreens'
import { budgetState, use } from '@test/support/spendingFakes'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

const messageOf = (label: string) =>
  document.getElementById(field(label).getAttribute('aria-describedby') ?? '')?.textContent

/** Main holding a $0.05 daily cap with $0.04 used; budget:set answers what it was given. */
function main() {
  return fakeMain({
    'budget:set': (p) => ({
      ok: true,
      value: budgetState({ budgets: (p as { budgets: Budgets }).budgets }),
    }),
  })
}

beforeEach(() => useSpendingStore.setState({ ...initialState(), budget: budgetState() }))
afterEach(cleanup)

describe('Budget panel', () => {
  it('shows each saved cap with how far it is used, and empty fields for no cap', () => {
    main()
    render(<BudgetPanel />)
    expect(field('Daily cap (USD)').value).toBe('0.05')
    expect(messageOf('Daily cap (USD)')).toContain('$0.04 of $0.05 today, $0.01 left')
    expect(field('Monthly cap (USD)').value).toBe('')
    expect(messageOf('Monthly cap (USD)')).toBe('No cap')
    expect(field('Warn at (%)').value).toBe('80')
  })

  it('shows a cap past its limit (after "go over once") as over, with the amount over', () => {
    main()
    useSpendingStore.setState({
      budget: budgetState({ uses: [use({ spentUsd: 1.25, remainingUsd: 0, fraction: 25 })] }),
    })
    render(<BudgetPanel />)
    const line = screen.getByTestId('use-all.day')
    expect(line.textContent).toBe("$1.20 over today's cap ($1.25 of $0.05)")
    expect(line.className).toBe('cap-over')
  })

  it('shows a message at each bad field and sends nothing', async () => {
    const m = main()
    render(<BudgetPanel />)
    fireEvent.change(field('Monthly cap (USD)'), { target: { value: '-3' } })
    fireEvent.change(field('Images daily cap (USD)'), { target: { value: 'five' } })
    fireEvent.change(field('Video monthly cap (USD)'), { target: { value: '0' } })
    fireEvent.change(field('Warn at (%)'), { target: { value: '40' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save budgets' }))
    await act(async () => {})
    expect(messageOf('Monthly cap (USD)')).toBe('A cap cannot be negative.')
    expect(messageOf('Images daily cap (USD)')).toBe(
      'Enter an amount in USD, like 5 or 0.50, or leave it empty.',
    )
    expect(messageOf('Video monthly cap (USD)')).toBe(
      'A cap is at least $0.01; leave it empty for no cap.',
    )
    expect(messageOf('Warn at (%)')).toBe('Warn at a percentage from 50 to 100.')
    expect(field('Monthly cap (USD)').getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(field('Monthly cap (USD)'))
    expect(m.of('budget:set')).toHaveLength(0)
    // Correcting a field clears its message at once.
    fireEvent.change(field('Monthly cap (USD)'), { target: { value: '10' } })
    expect(messageOf('Monthly cap (USD)')).toBe('No cap')
  })

  it('saves the caps it was given, empty ones as no cap, in the shape main parses', async () => {
    const m = main()
    render(<BudgetPanel />)
    fireEvent.change(field('Monthly cap (USD)'), { target: { value: '$10' } })
    fireEvent.change(field('Images daily cap (USD)'), { target: { value: '0.50' } })
    fireEvent.change(field('Video monthly cap (USD)'), { target: { value: ' 20 ' } })
    fireEvent.change(field('Daily cap (USD)'), { target: { value: '' } })
    fireEvent.change(field('Warn at (%)'), { target: { value: '90' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save budgets' }))
    await waitFor(() => expect(m.of('budget:set')).toHaveLength(1))
    const sent = m.of('budget:set')[0] as { budgets: Budgets }
    expect(sent).toEqual({
      budgets: {
        dailyUsd: null,
        monthlyUsd: 10,
        perKind: {
          image: { dailyUsd: 0.5, monthlyUsd: null },
          video: { dailyUsd: null, monthlyUsd: 20 },
        },
        warnAt: 0.9,
      },
    })
    expect(budgetsSchema.safeParse(sent.budgets).success).toBe(true)
    expect((await screen.findByRole('status')).textContent).toBe('Budgets saved.')
    expect(useSpendingStore.getState().budget?.budgets.monthlyUsd).toBe(10)
  })

  it('takes the focus when another screen sent the user here to raise a cap', () => {
    main()
    useSpendingStore.getState().requestBudgetFocus()
    render(<BudgetPanel />)
    expect(document.activeElement).toBe(field('Daily cap (USD)'))
    expect(useSpendingStore.getState().focusBudgets).toBe(false)
  })
})
