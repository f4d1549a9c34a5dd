import {
  customRangeProblem,
  dayKey,
  initialState,
  presetRange,
  tightestUse,
  useSpendingStore,
} from '@renderer/stores/spending'
import type { SpendSummary } from '@shared/spending/types'
import { fakeMain } from '@test/support/generateScreens'
import { budgetState, summaryOf, use } from '@test/support/spendingFakes'
import { beforeEach, describe, expect, it } from 'vitest'

beforeEach(() => useSpendingStore.setState(initialState()))

describe('spending days', () => {
  it('names local calendar days, and weeks start on Monday', () => {
    expect(dayKey(new Date(2025, 0, 5, 23, 59))).toBe('2025-01-05')
    // Sunday 5 January 2025: the week began on Monday 30 December 2024.
    const sunday = new Date(2025, 0, 5, 12)
    expect(presetRange('week', sunday)).toEqual({ from: '2024-12-30', to: '2025-01-05' })
    expect(presetRange('week', new Date(2025, 0, 6))).toEqual({
      from: '2025-01-06',
      to: '2025-01-06',
    })
    expect(presetRange('month', sunday)).toEqual({ from: '2025-01-01', to: '2025-01-05' })
    expect(presetRange('today', sunday)).toEqual({ from: '2025-01-05', to: '2025-01-05' })
  })

  it('says what is wrong with a custom range', () => {
    expect(customRangeProblem({ from: '', to: '2025-01-01' })).toBe(
      'Choose the first day of the range.',
    )
    expect(customRangeProblem({ from: '2025-02-30', to: '2025-03-01' })).toBe(
      'Choose the first day of the range.',
    )
    expect(customRangeProblem({ from: '2025-03-02', to: '2025-03-01' })).toBe(
      'The range ends before it starts.',
    )
    expect(customRangeProblem({ from: '2025-03-01', to: '2025-03-01' })).toBeNull()
  })
})

describe('tightestUse', () => {
  it("takes the cap with least room among the overall ones and the kinds' own", () => {
    const state = budgetState({
      uses: [
        use({ period: 'month', remainingUsd: 0.01 }),
        use({ period: 'day', remainingUsd: 0.01 }),
        use({ kind: 'video', remainingUsd: 0 }),
      ],
    })
    expect(tightestUse(state, ['image'])).toMatchObject({ period: 'day', kind: null })
    expect(tightestUse(state, ['video'])).toMatchObject({ kind: 'video' })
    expect(tightestUse(budgetState({ uses: [] }), ['image'])).toBeNull()
    expect(tightestUse(null, ['image'])).toBeNull()
  })
})

describe('spending store', () => {
  it('keeps only the answer to the latest range asked for', async () => {
    const answers: Array<(s: SpendSummary) => void> = []
    fakeMain()
    window.api.spending.summary = () =>
      new Promise((resolve) => answers.push((s) => resolve({ ok: true, value: s })))
    const s = useSpendingStore.getState()
    const first = s.loadSummary()
    s.setPreset('month')
    const latest = summaryOf('2025-03-01', '2025-03-12')
    answers[1]!(latest)
    answers[0]!(summaryOf('2025-03-12', '2025-03-12'))
    await first
    await new Promise((r) => setTimeout(r, 0))
    expect(useSpendingStore.getState().summary).toBe(latest)
    expect(useSpendingStore.getState().loading).toBe(false)
  })
})
