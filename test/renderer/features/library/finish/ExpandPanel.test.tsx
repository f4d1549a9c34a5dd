import { ExpandPanel } from '@renderer/features/library/finish/ExpandPanel'
import { initialState, useSpendingStore } from '@renderer/stores/spending'
import { finishItem } from '@test/support/finishItem'
import { fakeMain, taskView } from '@test/support/generateScreens'
import { dayCapRefusal } from '@test/support/spendingFakes'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

beforeEach(() => useSpendingStore.setState(initialState()))
afterEach(cleanup)

const item = finishItem()
const refusal = dayCapRefusal()
type Sent = { requestId: string; overrideBudget?: boolean }

/** Main: prepares every expand, refuses every submission over the cap unless it carries the override. */
function main() {
  return fakeMain({
    'picture:expandPrepare': () => ({
      ok: true,
      value: {
        image: '/staged/image.png',
        mask: '/staged/mask.png',
        plan: { width: 896, height: 512, x: 192, y: 0, w: 512, h: 512 },
        source: { width: 512, height: 512 },
      },
    }),
    'generate:submitNative': (p) =>
      (p as Sent).overrideBudget
        ? { ok: true, value: taskView({ id: 'over' }) }
        : {
            ok: false,
            error: { code: 'over_budget', message: 'Over the daily cap', budget: refusal },
          },
  })
}

describe('Expand the canvas: a budget refusal (issue #31)', () => {
  it('offers "Go over the cap once", which sends one expand with the override', async () => {
    const m = main()
    const onError = vi.fn()
    const onSent = vi.fn()
    render(<ExpandPanel item={item} onError={onError} onSent={onSent} />)
    fireEvent.click(screen.getByRole('button', { name: 'Expand' }))
    const box = await screen.findByTestId('budget-refusal')
    expect(box.textContent).toMatch(/would go over today's cap of \$0\.05/)
    // A refusal is a choice, not an error, and nothing went over the cap by itself.
    expect(onError).not.toHaveBeenCalled()
    expect(m.of('generate:submitNative')).toHaveLength(1)

    fireEvent.click(screen.getByRole('button', { name: 'Go over the cap once' }))
    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(1))
    const sent = m.of('generate:submitNative') as Sent[]
    expect(sent.map((s) => s.overrideBudget)).toEqual([undefined, true])
    expect(screen.queryByTestId('budget-refusal')).toBeNull()
  })

  it('an edit after the refusal drops it: the choice was about the old expand', async () => {
    main()
    render(<ExpandPanel item={item} onError={vi.fn()} onSent={vi.fn()} />)
    fireEvent.click(screen.getByRole('button', { name: 'Expand' }))
    await screen.findByTestId('budget-refusal')
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'a lighthouse at night' } })
    await waitFor(() => expect(screen.queryByTestId('budget-refusal')).toBeNull())
  })
})
