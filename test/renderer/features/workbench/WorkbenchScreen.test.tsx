import WorkbenchScreen from '@renderer/features/workbench/WorkbenchScreen'
import { useWorkbenchStore } from '@renderer/stores/generate/workbench'
import { fakeMain, field, resetScreensEachTest, taskView } from '@test/support/generateScreens'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

resetScreensEachTest()

describe('Workbench screen', () => {
  it('quotes first, refuses a stale quote, and generates with the accepted quote', async () => {
    const main = fakeMain({
      'generate:estimate': () => ({
        ok: true,
        value: {
          quoteId: 'quote_1',
          priceUsd: 0.0029,
          paymentMethod: 'wallet',
          allowance: 'applies: no',
          expiresAt: Date.now() + 600_000,
          quotedAt: Date.now(),
          fields: { basis: 'scaled' },
        },
      }),
      'tasks:submit': () => ({ ok: true, value: taskView({ id: 'w', kind: 'workbench' }) }),
    })
    render(<WorkbenchScreen />)
    const generate = screen.getByRole('button', { name: 'Generate' }) as HTMLButtonElement
    expect(generate.disabled).toBe(true)
    fireEvent.change(field('Prompt'), { target: { value: 'a tower' } })
    fireEvent.click(screen.getByRole('button', { name: 'Get quote' }))
    expect(await screen.findByTestId('quote')).toBeTruthy()
    expect(screen.getByTestId('quote-price').textContent).toBe('$0.0029')
    expect(screen.getByTestId('quote-payment').textContent).toBe('Account balance')
    const quoted = main.of('generate:estimate')[0] as { request: Record<string, unknown> }
    expect(typeof quoted.request.seed).toBe('number')

    fireEvent.change(field('Steps'), { target: { value: '30' } })
    expect(screen.getByTestId('quote-problem').textContent).toContain('settings changed')
    expect((screen.getByRole('button', { name: 'Generate' }) as HTMLButtonElement).disabled).toBe(
      true,
    )
    fireEvent.change(field('Steps'), { target: { value: '23' } })
    expect(screen.queryByTestId('quote-problem')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }))
    await waitFor(() => expect(main.of('tasks:submit')).toHaveLength(1))
    expect(main.of('tasks:submit')[0]).toMatchObject({
      kind: 'workbench',
      request: { ...quoted.request },
      quote: { quoteId: 'quote_1', priceUsd: 0.0029 },
    })
    // A quote buys one generation.
    await waitFor(() => expect(useWorkbenchStore.getState().quote).toBeNull())
  })

  it('sends no estimate while a field is out of range', async () => {
    const main = fakeMain()
    render(<WorkbenchScreen />)
    fireEvent.change(field('Prompt'), { target: { value: 'a tower' } })
    fireEvent.change(field('Guidance'), { target: { value: '10.5' } })
    expect(screen.getByText('Guidance must be 0 to 10')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Get quote' }))
    await act(async () => {})
    expect(main.of('generate:estimate')).toHaveLength(0)
    expect(main.of('generate:uploadAsset')).toHaveLength(0)
  })
})
