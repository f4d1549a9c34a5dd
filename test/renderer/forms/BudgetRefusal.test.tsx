import ImagesScreen from '@renderer/features/images/ImagesScreen'
import { useNavigationStore } from '@renderer/stores/navigation'
import { initialState, useBudgetRefusals, useSpendingStore } from '@renderer/stores/spending'
import { fakeMain, field, resetScreensEachTest, taskView } from '@test/support/generateScreens'
import { budgetState, dayCapRefusal } from '@test/support/spendingFakes'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'

resetScreensEachTest()
beforeEach(() => {
  useSpendingStore.setState(initialState())
  useBudgetRefusals.setState({ byForm: {} })
})

const refusal = dayCapRefusal()

type Sent = { requestId: string; overrideBudget?: boolean; request: unknown }

/** Main refusing every submission over the cap unless it carries the override. */
function main() {
  return fakeMain({
    'budget:get': () => ({ ok: true, value: budgetState() }),
    'tasks:submit': (p) =>
      (p as Sent).overrideBudget
        ? { ok: true, value: taskView({ id: 'over' }) }
        : {
            ok: false,
            error: { code: 'over_budget', message: 'Over the daily cap', budget: refusal },
          },
  })
}
const sent = (m: ReturnType<typeof fakeMain>) => m.of('tasks:submit') as Sent[]

async function generate(prompt = 'a lighthouse') {
  fireEvent.change(field('Prompt'), { target: { value: prompt } })
  fireEvent.click(screen.getByRole('button', { name: 'Generate' }))
  return screen.findByTestId('budget-refusal')
}

describe('budget refusal on a generation form', () => {
  it('says which cap and by how much, and never re-sends by itself', async () => {
    const m = main()
    render(<ImagesScreen />)
    const box = await generate()
    expect(box.textContent).toBe(
      "This request ($0.01) would go over today's cap of $0.05: $0.05 already committed, $0.00 left.Raise the cap…Go over the cap onceNot now",
    )
    // Shown once, in the footer, not again as an error banner.
    expect(screen.queryByText('Over the daily cap')).toBeNull()
    await act(() => new Promise((r) => setTimeout(r, 300)))
    expect(sent(m)).toHaveLength(1)
    expect(sent(m)[0]!.overrideBudget).toBeUndefined()
  })

  it('"Go over the cap once" re-sends the same submission once with the override, then forgets it', async () => {
    const m = main()
    render(<ImagesScreen />)
    await generate()
    const button = screen.getByRole('button', { name: 'Go over the cap once' })
    fireEvent.click(button)
    fireEvent.click(button)
    await waitFor(() => expect(screen.queryByTestId('budget-refusal')).toBeNull())
    await act(async () => {})
    expect(sent(m)).toHaveLength(2)
    expect(sent(m)[1]!.overrideBudget).toBe(true)
    expect(sent(m)[1]!.request).toEqual(sent(m)[0]!.request)
    expect(sent(m).filter((s) => s.overrideBudget)).toHaveLength(1)

    // The next Generate is checked again: no override is remembered.
    await generate('another')
    expect(sent(m)).toHaveLength(3)
    expect(sent(m)[2]!.overrideBudget).toBeUndefined()
  })

  it('"Raise the cap…" goes to the budget panel; editing the form drops the refusal', async () => {
    main()
    render(<ImagesScreen />)
    await generate()
    fireEvent.change(field('Prompt'), { target: { value: 'a different prompt' } })
    expect(screen.queryByTestId('budget-refusal')).toBeNull()
    await generate('a lighthouse')
    fireEvent.click(screen.getByRole('button', { name: 'Raise the cap…' }))
    expect(useNavigationStore.getState().area).toBe('spending')
    expect(useSpendingStore.getState().focusBudgets).toBe(true)
  })
})
