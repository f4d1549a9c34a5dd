import { ProjectCapsPanel } from '@renderer/features/spending/ProjectCapsPanel'
import { useSettingsStore } from '@renderer/stores/settings'
import { initialState as settingsInitial } from '@renderer/stores/settings/initialState'
import { initialState, useSpendingStore } from '@renderer/stores/spending'
import type { SettingsView } from '@shared/ipc/contract'
import { budgetsSchema } from '@shared/spending/schemas'
import type { Budgets } from '@shared/spending/types'
import { fakeMain } from '@test/support/generateScreens'
import { budgetState, use } from '@test/support/spendingFakes'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

const settings = (active: string | null) =>
  ({ project: { active, recent: [] } }) as unknown as SettingsView

const held: Budgets = {
  dailyUsd: 5,
  monthlyUsd: null,
  perKind: { video: { dailyUsd: 1, monthlyUsd: null } },
  perProject: { Beta: { dailyUsd: null, monthlyUsd: 20 } },
  warnAt: 0.8,
}

beforeEach(() => {
  useSpendingStore.setState({
    ...initialState(),
    budget: budgetState({
      budgets: held,
      uses: [
        use({
          period: 'month',
          kind: null,
          project: 'Beta',
          capUsd: 20,
          spentUsd: 5,
          remainingUsd: 15,
          fraction: 0.25,
        }),
      ],
    }),
  })
  useSettingsStore.setState({ ...settingsInitial, settings: settings('Client X') })
})
afterEach(cleanup)

function main() {
  return fakeMain({
    'budget:set': (p) => ({
      ok: true,
      value: budgetState({ budgets: (p as { budgets: Budgets }).budgets, uses: [] }),
    }),
  })
}

describe('Project caps', () => {
  it('lists the active project first, then those with caps, with their use', () => {
    main()
    render(<ProjectCapsPanel />)
    const legends = screen
      .getAllByTestId('project-caps-row')
      .map((f) => f.querySelector('legend')?.textContent)
    expect(legends).toEqual(['Client X', 'Beta'])
    expect(screen.getByText('$5.00 of $20.00 this month, $15.00 left')).toBeTruthy()
    expect((screen.getByLabelText('Beta: monthly cap (USD)') as HTMLInputElement).value).toBe('20')
  })

  it('saves the project caps with every other cap kept, in the shape main parses', async () => {
    const m = main()
    render(<ProjectCapsPanel />)
    fireEvent.change(screen.getByLabelText('Client X: daily cap (USD)'), {
      target: { value: '$2.50' },
    })
    fireEvent.change(screen.getByLabelText('Beta: monthly cap (USD)'), { target: { value: '' } })
    fireEvent.change(screen.getByLabelText('Add a project'), { target: { value: '  Gamma ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add' }))
    fireEvent.change(screen.getByLabelText('Gamma: monthly cap (USD)'), { target: { value: '40' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save project caps' }))
    await screen.findByText('Project caps saved.')
    const sent = m.of('budget:set')[0] as { budgets: Budgets }
    expect(sent.budgets).toEqual({
      ...held,
      perProject: {
        'Client X': { dailyUsd: 2.5, monthlyUsd: null },
        Gamma: { dailyUsd: null, monthlyUsd: 40 },
      },
    })
    expect(budgetsSchema.safeParse(sent.budgets).success).toBe(true)
  })

  it('refuses a bad amount or a repeated name at its field and sends nothing', async () => {
    const m = main()
    render(<ProjectCapsPanel />)
    fireEvent.change(screen.getByLabelText('Add a project'), { target: { value: 'Beta' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add' }))
    expect(screen.getByRole('alert').textContent).toBe('That project is already listed')
    const daily = screen.getByLabelText('Client X: daily cap (USD)')
    fireEvent.change(daily, { target: { value: '-1' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save project caps' }))
    await waitFor(() => expect(daily.getAttribute('aria-invalid')).toBe('true'))
    expect(screen.getByText('A cap cannot be negative.')).toBeTruthy()
    expect(m.of('budget:set')).toEqual([])
  })
})
