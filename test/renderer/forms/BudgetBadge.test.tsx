import { BudgetBadge } from '@renderer/forms/BudgetBadge'
import { useNavigationStore } from '@renderer/stores/navigation'
import { initialState, useSpendingStore } from '@renderer/stores/spending'
import type { PriceEstimate } from '@shared/pricing'
import type { BudgetState } from '@shared/spending/types'
import { NO_BUDGETS } from '@shared/spending/types'
import { fakeMain } from '@test/support/generateScreens'
import { budgetState, use } from '@test/support/spendingFakes'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

const usd = (v: number): PriceEstimate => ({
  kind: 'usd',
  usd: v,
  micros: Math.round(v * 1e6),
  approximate: false,
  basis: 'test',
})

function main(state: BudgetState) {
  return fakeMain({ 'budget:get': () => ({ ok: true, value: state }) })
}

beforeEach(() => useSpendingStore.setState(initialState()))
afterEach(cleanup)

describe('BudgetBadge', () => {
  it('shows the cap in use and what is left, and warns when the estimate would cross it', async () => {
    main(budgetState())
    const { rerender } = render(<BudgetBadge kinds={['image', 'edit']} estimate={usd(0.01)} />)
    expect((await screen.findByTestId('budget-badge-text')).textContent).toBe(
      'Today $0.04 of $0.05 · $0.01 left',
    )
    expect(screen.queryByTestId('budget-badge-over')).toBeNull()
    rerender(<BudgetBadge kinds={['image', 'edit']} estimate={usd(0.02)} />)
    expect(screen.getByTestId('budget-badge-over').textContent).toBe(
      "This would go over today's cap",
    )
    expect(screen.getByTestId('budget-badge').className).toContain('over')
    // A model with no published rate is never said to cross a cap.
    rerender(
      <BudgetBadge kinds={['image']} estimate={{ kind: 'no_published_rate', basis: 'none' }} />,
    )
    expect(screen.queryByTestId('budget-badge-over')).toBeNull()
  })

  it("picks the tightest cap among the overall ones and the form's own kind", async () => {
    const state = budgetState({
      budgets: {
        ...NO_BUDGETS,
        dailyUsd: 1,
        perKind: {
          image: { dailyUsd: 0.05, monthlyUsd: null },
          video: { dailyUsd: 0.1, monthlyUsd: null },
        },
      },
      uses: [
        use({ capUsd: 1, spentUsd: 0.1, remainingUsd: 0.9, fraction: 0.1 }),
        use({ kind: 'image', capUsd: 0.05, spentUsd: 0.04, remainingUsd: 0.01 }),
        use({ kind: 'video', capUsd: 0.1, spentUsd: 0.1, remainingUsd: 0, fraction: 1 }),
      ],
    })
    main(state)
    const { rerender } = render(<BudgetBadge kinds={['image', 'edit']} estimate={usd(0.01)} />)
    expect((await screen.findByTestId('budget-badge-text')).textContent).toBe(
      'Images today $0.04 of $0.05 · $0.01 left',
    )
    rerender(<BudgetBadge kinds={['image', 'edit']} estimate={usd(0.02)} />)
    expect(screen.getByTestId('budget-badge-over').textContent).toBe(
      "This would go over today's image cap",
    )
    cleanup()
    render(<BudgetBadge kinds={['workbench']} estimate={usd(0.5)} />)
    expect((await screen.findByTestId('budget-badge-text')).textContent).toBe(
      'Today $0.10 of $1.00 · $0.90 left',
    )
  })

  it('follows spending:changed', async () => {
    const m = main(budgetState())
    render(<BudgetBadge kinds={['video']} estimate={usd(0.01)} />)
    await screen.findByTestId('budget-badge-text')
    act(() =>
      m.emit(
        'spending:changed',
        budgetState({
          uses: [use({ period: 'month', capUsd: 5, spentUsd: 1.2, remainingUsd: 3.8 })],
        }),
      ),
    )
    expect(screen.getByTestId('budget-badge-text').textContent).toBe(
      'This month $1.20 of $5.00 · $3.80 left',
    )
  })

  it('with no cap only offers to set one, on the Spending screen', async () => {
    main(budgetState({ budgets: NO_BUDGETS, uses: [] }))
    render(<BudgetBadge kinds={['native']} estimate={usd(0.01)} />)
    expect((await screen.findByTestId('budget-badge')).textContent).toBe('No budget set·Set one')
    fireEvent.click(screen.getByRole('button', { name: 'Set one' }))
    expect(useNavigationStore.getState().area).toBe('spending')
    expect(useSpendingStore.getState().focusBudgets).toBe(true)
  })
})

describe('BudgetBadge past its cap', () => {
  it('shows a used-up cap as over, with the amount over, in the danger style (not the warning)', async () => {
    main(
      budgetState({
        budgets: { ...NO_BUDGETS, dailyUsd: 1 },
        uses: [use({ capUsd: 1, spentUsd: 2.2, remainingUsd: 0, fraction: 2.2 })],
      }),
    )
    render(<BudgetBadge kinds={['image']} estimate={usd(0.04)} />)
    expect((await screen.findByTestId('budget-badge-exceeded')).textContent).toBe(
      "$1.20 over today's cap",
    )
    const badge = screen.getByTestId('budget-badge')
    expect(badge.className).toBe('budget-badge exceeded')
    // Neither the "would go over" warning nor the threshold state: the cap is already past.
    expect(screen.queryByTestId('budget-badge-over')).toBeNull()
  })

  it('a cap used exactly to the cent is used up, not over', async () => {
    main(budgetState({ uses: [use({ spentUsd: 0.05, remainingUsd: 0, fraction: 1 })] }))
    render(<BudgetBadge kinds={['image']} estimate={null} />)
    expect((await screen.findByTestId('budget-badge-text')).textContent).toBe(
      'Today $0.05 of $0.05 · $0.00 left',
    )
    expect(screen.getByTestId('budget-badge').className).toBe('budget-badge near')
  })
})
