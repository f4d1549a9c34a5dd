import { BatchDialog } from '@renderer/features/batch/BatchDialog'
import ImagesScreen from '@renderer/features/images/ImagesScreen'
import { planBatch } from '@shared/batch/plan'
import type { BatchSpec } from '@shared/batch/types'
import type { SubmitTaskInput, SubmitTaskPayload } from '@shared/tasks/submit'
import { fakeMain, field, resetScreensEachTest } from '@test/support/generateScreens'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'

import { batchView, nativeBase, planView, resetBatchStoreEachTest } from './fixtures'

resetScreensEachTest()
resetBatchStoreEachTest()

const base = nativeBase

const EMPTY_SPEC: BatchSpec = { repeat: 1, seedBase: null, x: null, y: null, title: '' }
const runButton = () => screen.getByRole('button', { name: /^Run/ }) as HTMLButtonElement
const price = async () => {
  fireEvent.click(screen.getByRole('button', { name: /^Price it/ }))
  await screen.findByTestId('batch-plan')
}

describe('Batch dialog', () => {
  it('sends the spec the user built, shows count and total, and runs only a fresh price', async () => {
    const main = fakeMain({
      'batch:plan': () => ({ ok: true, value: planView() }),
      'batch:submit': () => ({ ok: true, value: batchView({ total: 3 }) }),
    })
    const onStarted = vi.fn()
    render(<BatchDialog base={base} onClose={() => {}} onStarted={onStarted} />)
    expect(runButton().disabled).toBe(true)

    fireEvent.change(field('Repeat'), { target: { value: '2' } })
    fireEvent.change(field('Seed base (optional)'), { target: { value: '100' } })
    fireEvent.change(field('Title'), { target: { value: 'Steps sweep' } })
    fireEvent.change(field('X varies'), { target: { value: 'steps' } })
    fireEvent.change(field('X values'), { target: { value: '20, 30, 40' } })
    await price()

    expect(main.of('batch:plan')).toEqual([
      {
        base,
        spec: {
          repeat: 2,
          seedBase: 100,
          x: { field: 'steps', values: ['20', '30', '40'] },
          y: null,
          title: 'Steps sweep',
        },
      },
    ])
    expect(screen.getByTestId('batch-count').textContent).toBe('3')
    expect(screen.getByTestId('batch-total').textContent).toBe('$0.12')
    expect(screen.getByTestId('batch-time').textContent).toBe('about 3 min')
    expect(screen.getByTestId('batch-budget').textContent).toBe('Fits your budget')
    expect(runButton().textContent).toBe('Run 3 requests · $0.12')
    expect(runButton().disabled).toBe(false)

    // Any change drops the price: Run needs a new plan.
    fireEvent.change(field('X values'), { target: { value: '20, 30, 50' } })
    expect(runButton().disabled).toBe(true)
    expect(screen.queryByTestId('batch-plan')).toBeNull()
    await price()
    expect(main.of('batch:plan')).toHaveLength(2)
    fireEvent.click(runButton())
    await waitFor(() => expect(onStarted).toHaveBeenCalledTimes(1))
    const sent = main.of('batch:submit')[0] as Record<string, unknown>
    expect(sent).toMatchObject({ base, spec: { x: { values: ['20', '30', '50'] } } })
    expect(sent.requestId).toMatch(/^gen-/)
    expect(sent.overrideBudget).toBeUndefined()
  })

  it('over the budget: shows the cap and runs only with "Go over the cap", sending overrideBudget', async () => {
    const refusal = {
      period: 'day' as const,
      kind: null,
      capUsd: 5,
      spentUsd: 4.9,
      requestUsd: 1.2,
      remainingUsd: 0.1,
    }
    const main = fakeMain({
      'batch:plan': () => ({
        ok: true,
        value: planView({ totalUsd: 1.2, approximate: true, budget: { fits: false, refusal } }),
      }),
      'batch:submit': () => ({ ok: true, value: batchView() }),
    })
    render(<BatchDialog base={base} onClose={() => {}} onStarted={() => {}} />)
    await price()
    expect(screen.getByTestId('batch-total').textContent).toBe('≈ $1.20')
    expect(screen.getByTestId('batch-budget').textContent).toBe(
      'This batch (estimated $1.20) goes over the daily cap of $5.00: $4.90 is already committed, $0.10 is left.',
    )
    expect(runButton().disabled).toBe(true)
    fireEvent.click(screen.getByLabelText('Go over the cap for this batch'))
    expect(runButton().disabled).toBe(false)
    fireEvent.click(runButton())
    await waitFor(() => expect(main.of('batch:submit')).toHaveLength(1))
    expect(main.of('batch:submit')[0]).toMatchObject({ overrideBudget: true })
  })

  it('shows main’s plan errors at their fields, and local errors without asking main', async () => {
    const main = fakeMain({
      'batch:plan': () => ({
        ok: false,
        error: {
          code: 'validation',
          message: 'steps: "abc" is not a whole number',
          fields: { 'x.values': 'steps: "abc" is not a whole number', prompt: 'No such list' },
        },
      }),
    })
    render(<BatchDialog base={base} onClose={() => {}} onStarted={() => {}} />)
    fireEvent.change(field('Repeat'), { target: { value: '0' } })
    fireEvent.click(screen.getByRole('button', { name: 'Price it' }))
    expect(field('Repeat').getAttribute('aria-invalid')).toBe('true')
    expect(main.of('batch:plan')).toHaveLength(0)

    fireEvent.change(field('Repeat'), { target: { value: '1' } })
    fireEvent.change(field('X varies'), { target: { value: 'steps' } })
    fireEvent.change(field('X values'), { target: { value: 'abc' } })
    fireEvent.click(screen.getByRole('button', { name: 'Price it' }))
    await waitFor(() => expect(field('X values').getAttribute('aria-invalid')).toBe('true'))
    const messageId = field('X values').getAttribute('aria-describedby')!
    expect(document.getElementById(messageId)?.textContent).toBe(
      'steps: "abc" is not a whole number',
    )
    expect(screen.getByText('prompt: No such list')).toBeTruthy()
    expect(runButton().disabled).toBe(true)
  })

  it('shows a prompt with an unclosed brace as main refuses it, and never runs it', async () => {
    const broken: SubmitTaskPayload = {
      ...base,
      request: { ...(base.request as object), input: '{{masterpiece}, {red|blue castle' },
    } as SubmitTaskPayload
    // Main answers as BatchService.expand does with planBatch's refusal.
    const main = fakeMain({
      'batch:plan': (p) => {
        const plan = planBatch((p as { base: SubmitTaskInput }).base, EMPTY_SPEC, new Map())
        if (plan.ok) return { ok: true, value: planView() }
        return {
          ok: false,
          error: { code: 'validation', message: plan.message, fields: plan.fields },
        }
      },
    })
    render(<BatchDialog base={broken} onClose={() => {}} onStarted={() => {}} />)
    fireEvent.click(screen.getByRole('button', { name: 'Price it' }))
    const message =
      'Unclosed "{" at character 1 (and 1 more): "{{masterpiece}, {red|blu…". Close it with "}", or write \\{ if you meant a literal brace.'
    expect(await screen.findByText(`prompt: ${message}`)).toBeTruthy()
    expect(main.of('batch:plan')).toHaveLength(1)
    expect(screen.queryByTestId('batch-plan')).toBeNull()
    expect(runButton().disabled).toBe(true)
    fireEvent.click(runButton())
    expect(main.of('batch:submit')).toHaveLength(0)
  })

  it('manages wildcard lists through main, and a list change drops the price', async () => {
    let lists = [{ name: 'colours', values: ['red', 'blue'] }]
    const main = fakeMain({
      'batch:plan': () => ({ ok: true, value: planView() }),
      'wildcards:list': () => ({ ok: true, value: lists }),
      'wildcards:save': (p) => {
        lists = [...lists, p as (typeof lists)[number]]
        return { ok: true, value: lists }
      },
      'wildcards:delete': () => {
        lists = lists.filter((l) => l.name !== 'colours')
        return { ok: true, value: lists }
      },
    })
    render(<BatchDialog base={base} onClose={() => {}} onStarted={() => {}} />)
    await price()
    fireEvent.click(screen.getByRole('button', { name: 'Wildcard lists…' }))
    const manager = within(screen.getByRole('region', { name: 'Wildcard lists' }))
    expect(await manager.findByText('__colours__')).toBeTruthy()

    fireEvent.click(manager.getByRole('button', { name: 'New list…' }))
    fireEvent.change(manager.getByLabelText('List name'), { target: { value: 'animals' } })
    fireEvent.change(manager.getByLabelText('Values (one per line)'), {
      target: { value: 'cat\n dog \n' },
    })
    fireEvent.click(manager.getByRole('button', { name: 'Save list' }))
    expect(await manager.findByText('__animals__')).toBeTruthy()
    expect(main.of('wildcards:save')).toEqual([{ name: 'animals', values: ['cat', 'dog'] }])
    // The same prompt now expands differently: the price is gone until priced again.
    expect(runButton().disabled).toBe(true)
    expect(screen.queryByTestId('batch-plan')).toBeNull()

    fireEvent.click(manager.getByRole('button', { name: 'Delete __colours__' }))
    expect(main.of('wildcards:delete')).toHaveLength(0)
    fireEvent.click(manager.getByRole('button', { name: 'Delete __colours__ for good' }))
    await waitFor(() => expect(manager.queryByText('__colours__')).toBeNull())
    expect(main.of('wildcards:delete')).toEqual([{ name: 'colours' }])
  })

  it('Esc closes it', () => {
    fakeMain()
    const onClose = vi.fn()
    render(<BatchDialog base={base} onClose={onClose} onStarted={() => {}} />)
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' })
    expect(onClose).toHaveBeenCalled()
  })
})

describe('Batch… on a generation form', () => {
  it('opens on the form’s request as Generate would send it, and not on an invalid form', async () => {
    const main = fakeMain({ 'batch:plan': () => ({ ok: true, value: planView() }) })
    render(<ImagesScreen />)
    fireEvent.click(screen.getByRole('button', { name: 'Batch…' }))
    await act(async () => {})
    // An empty prompt: the form shows its message and no dialog opens.
    expect(screen.queryByRole('dialog')).toBeNull()

    fireEvent.change(field('Prompt'), { target: { value: 'a {red|blue} lighthouse' } })
    fireEvent.click(screen.getByRole('button', { name: 'Batch…' }))
    const dialog = await screen.findByRole('dialog')
    // The dialog takes focus once it has opened (its focus trap runs after the first paint).
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByLabelText('Repeat')),
    )
    fireEvent.change(within(dialog).getByLabelText('X varies'), { target: { value: 'quality' } })
    fireEvent.change(within(dialog).getByLabelText('X values'), {
      target: { value: 'low\nhigh' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Price it' }))
    await waitFor(() => expect(main.of('batch:plan')).toHaveLength(1))
    expect(main.of('batch:plan')[0]).toMatchObject({
      base: { kind: 'image', request: { model: 'std-image-2', prompt: 'a {red|blue} lighthouse' } },
      spec: { x: { field: 'quality', values: ['low', 'high'] } },
    })
    // Ctrl+Enter in the dialog stays in the dialog: the form behind it does not submit.
    fireEvent.keyDown(within(dialog).getByLabelText('X values'), { key: 'Enter', ctrlKey: true })
    await act(async () => {})
    // Nothing was submitted as a single generation.
    expect(main.of('tasks:submit')).toHaveLength(0)
    // Esc closes the dialog and gives focus back to Batch….
    fireEvent.keyDown(dialog, { key: 'Escape' })
    expect(screen.queryByRole('dialog')).toBeNull()
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Batch…' })),
    )
  })
})

describe('Batch dialog: requests already paid for (issue #29)', () => {
  const paid = {
    taskId: 'task-paid',
    libraryIds: ['lib-1'],
    amountUsd: 0.04,
    costLabel: '$0.04',
    paidAt: new Date(2026, 10, 20).getTime(),
  }
  const repeat = (dropped: boolean) => ({ index: 1, x: '30', y: null, repeat: 1, paid, dropped })

  it('lists the repeats and, when left out, prices again without them before anything runs', async () => {
    const main = fakeMain({
      'batch:plan': (p) => {
        const drop = (p as { spec: { dropRepeats?: boolean } }).spec.dropRepeats === true
        return {
          ok: true,
          value: planView(
            drop
              ? { count: 2, totalUsd: 0.08, repeats: [repeat(true)] }
              : { repeats: [repeat(false)] },
          ),
        }
      },
      'batch:submit': () => ({ ok: true, value: batchView({ total: 2 }) }),
    })
    render(<BatchDialog base={base} onClose={() => {}} onStarted={() => {}} />)
    await price()
    const box = screen.getByTestId('batch-repeats')
    expect(box.textContent).toContain('1 request of this batch was already paid for')
    expect(box.textContent).toContain('Request 2 (X 30, repeat 1)')
    expect(screen.getByTestId('batch-total').textContent).toBe('$0.12')

    fireEvent.click(within(box).getByRole('checkbox'))
    await waitFor(() => expect(screen.getByTestId('batch-total').textContent).toBe('$0.08'))
    expect(main.of('batch:plan')).toHaveLength(2)
    expect((main.of('batch:plan')[1] as { spec: { dropRepeats?: boolean } }).spec.dropRepeats).toBe(
      true,
    )
    fireEvent.click(runButton())
    await waitFor(() => expect(main.of('batch:submit')).toHaveLength(1))
    expect(
      (main.of('batch:submit')[0] as { spec: { dropRepeats?: boolean } }).spec.dropRepeats,
    ).toBe(true)
  })
})
