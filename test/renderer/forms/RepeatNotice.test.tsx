import ImagesScreen from '@renderer/features/images/ImagesScreen'
import { useLibraryStore } from '@renderer/stores/library'
import { useNavigationStore } from '@renderer/stores/navigation'
import {
  initialState,
  useBudgetRefusals,
  useRepeatNotices,
  useSpendingStore,
} from '@renderer/stores/spending'
import type { PaidRepeat } from '@shared/result'
import { fakeMain, field, resetScreensEachTest, taskView } from '@test/support/generateScreens'
import { budgetState } from '@test/support/spendingFakes'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'

resetScreensEachTest()
beforeEach(() => {
  useSpendingStore.setState(initialState())
  useBudgetRefusals.setState({ byForm: {} })
  useRepeatNotices.setState({ byForm: {} })
})

const paid: PaidRepeat = {
  taskId: 'task-paid',
  libraryIds: ['lib-7'],
  amountUsd: 0.04,
  costLabel: '$0.04',
  paidAt: new Date(2026, 10, 20, 9, 30).getTime(),
}

type Sent = { requestId: string; allowRepeat?: boolean; request: unknown }

/** Main refusing every submission as a paid repeat unless the user chose to pay again. */
function main() {
  return fakeMain({
    'budget:get': () => ({ ok: true, value: budgetState() }),
    'tasks:submit': (p) =>
      (p as Sent).allowRepeat
        ? { ok: true, value: taskView({ id: 'again' }) }
        : {
            ok: false,
            error: {
              code: 'repeat',
              message: 'You paid $0.04 for this on 2026-11-20.',
              repeat: paid,
            },
          },
  })
}
const sent = (m: ReturnType<typeof fakeMain>) => m.of('tasks:submit') as Sent[]

async function generate(prompt = 'a lighthouse') {
  fireEvent.change(field('Prompt'), { target: { value: prompt } })
  fireEvent.click(screen.getByRole('button', { name: 'Generate' }))
  return screen.findByTestId('repeat-notice')
}

describe('"You already paid for this" on a generation form', () => {
  it('says what was paid and when, and sends nothing by itself', async () => {
    const m = main()
    render(<ImagesScreen />)
    const box = await generate()
    const on = new Date(paid.paidAt).toLocaleDateString(undefined, { dateStyle: 'medium' })
    expect(box.textContent).toContain(`You paid $0.04 for this on ${on}`)
    expect(screen.getByRole('button', { name: 'Open it' })).toBeTruthy()
    await act(() => new Promise((r) => setTimeout(r, 300)))
    expect(sent(m)).toHaveLength(1)
    expect(sent(m)[0]!.allowRepeat).toBeUndefined()
  })

  it('"Generate again anyway" re-sends the same submission once with allowRepeat, then forgets it', async () => {
    const m = main()
    render(<ImagesScreen />)
    await generate()
    const again = screen.getByRole('button', { name: 'Generate again anyway' })
    fireEvent.click(again)
    fireEvent.click(again)
    await waitFor(() => expect(screen.queryByTestId('repeat-notice')).toBeNull())
    await act(async () => {})
    expect(sent(m)).toHaveLength(2)
    expect(sent(m)[1]).toMatchObject({ allowRepeat: true, request: sent(m)[0]!.request })
    await generate('another')
    expect(sent(m)[2]!.allowRepeat).toBeUndefined()
  })

  it('"Open it" shows the paid result in the library', async () => {
    main()
    const openDetail = vi.fn(async () => {})
    useLibraryStore.setState({ openDetail })
    render(<ImagesScreen />)
    await generate()
    fireEvent.click(screen.getByRole('button', { name: 'Open it' }))
    expect(useNavigationStore.getState().area).toBe('library')
    expect(openDetail).toHaveBeenCalledWith('lib-7')
  })
})
