import { KeptCostBadge } from '@renderer/forms/KeptCostBadge'
import { initialState, useSpendingStore } from '@renderer/stores/spending'
import type { KeptCost } from '@shared/spending/types'
import { fakeMain } from '@test/support/generateScreens'
import { budgetState } from '@test/support/spendingFakes'
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

beforeEach(() => useSpendingStore.setState(initialState()))
afterEach(cleanup)

const cost = (over: Partial<KeptCost>): KeptCost => ({
  model: 'std-image-2',
  days: 30,
  spentUsd: 0.36,
  kept: 3,
  perKeptUsd: 0.12,
  ...over,
})

describe('cost per kept image beside Generate', () => {
  it("shows the model's figure and asks again when the model or the ledger changes", async () => {
    const m = fakeMain({
      'spending:costPerKept': (p) => {
        const { model } = p as { model: string }
        return {
          ok: true,
          value: cost({ model, perKeptUsd: model === 'std-image-2' ? 0.12 : 0.5 }),
        }
      },
    })
    const { rerender } = render(<KeptCostBadge model="std-image-2" />)
    expect((await screen.findByTestId('kept-cost')).textContent).toBe(
      '$0.12 per kept image (30 days)',
    )
    rerender(<KeptCostBadge model="art-v4.5" />)
    await waitFor(() =>
      expect(screen.getByTestId('kept-cost').textContent).toBe('$0.50 per kept image (30 days)'),
    )
    expect(m.of('spending:costPerKept')).toEqual([{ model: 'std-image-2' }, { model: 'art-v4.5' }])
    // spending:changed refreshes the store's budget: the figure is asked for again.
    act(() => useSpendingStore.setState({ budget: budgetState() }))
    await waitFor(() => expect(m.of('spending:costPerKept')).toHaveLength(3))
  })

  it('shows nothing when nothing was kept', async () => {
    const m = fakeMain({
      'spending:costPerKept': () => ({ ok: true, value: cost({ kept: 0, perKeptUsd: null }) }),
    })
    render(<KeptCostBadge model="std-image-2" />)
    await waitFor(() => expect(m.of('spending:costPerKept')).toHaveLength(1))
    expect(screen.queryByTestId('kept-cost')).toBeNull()
  })
})
