import { BatchesSection } from '@renderer/features/batch/BatchesSection'
import { useLibraryStore } from '@renderer/stores/library'
import { useNavigationStore } from '@renderer/stores/navigation'
import type { BatchView } from '@shared/batch/types'
import { fakeMain, resetScreensEachTest } from '@test/support/generateScreens'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'

import { batchView, resetBatchStoreEachTest } from './fixtures'

resetScreensEachTest()
resetBatchStoreEachTest()

/** main answers every action with the batch in its new state. */
const answering = (list: BatchView[]) =>
  fakeMain({
    'batch:list': () => ({ ok: true, value: list }),
    'batch:pause': (p) => ({ ok: true, value: batchView({ ...(p as object), state: 'paused' }) }),
    'batch:resume': (p) => ({ ok: true, value: batchView({ ...(p as object), state: 'running' }) }),
    'batch:cancel': (p) => ({
      ok: true,
      value: batchView({ ...(p as object), state: 'cancelled' }),
    }),
  })

const row = async () => within(await screen.findByTestId('batch'))

describe('Batches in the Tasks screen', () => {
  it('lists a batch with its progress, counts and estimate, and follows batch:updated', async () => {
    const main = answering([batchView()])
    render(<BatchesSection />)
    const r = await row()
    expect(r.getByRole('heading', { name: 'Steps sweep' })).toBeTruthy()
    expect(r.getByText(/Art \(native\) · art-diffusion-4-5-full · Steps \(3\) × Guidance \(2\)/))
    expect(r.getByTestId('batch-progress').textContent).toBe('2 / 6 saved')
    expect(r.getByTestId('batch-counts').textContent).toBe(
      '3 queued · 1 running · 2 saved · estimated $0.24',
    )
    act(() => main.emit('batch:updated', batchView({ counts: { saved: 6 }, state: 'done' })))
    expect(r.getByTestId('batch-progress').textContent).toBe('6 / 6 saved')
    expect(r.getByTestId('batch-state').textContent).toBe('Done')
    // A finished batch can no longer be paused or cancelled.
    expect(r.queryByRole('button', { name: 'Pause' })).toBeNull()
    expect(r.queryByRole('button', { name: 'Cancel…' })).toBeNull()
  })

  it('pauses, resumes and (after saying what it cannot stop) cancels through main', async () => {
    const main = answering([batchView()])
    render(<BatchesSection />)
    const r = await row()
    fireEvent.click(r.getByRole('button', { name: 'Pause' }))
    await waitFor(() => expect(r.getByTestId('batch-state').textContent).toBe('Paused'))
    expect(main.of('batch:pause')).toEqual([{ id: 'b1' }])

    fireEvent.click(r.getByRole('button', { name: 'Resume' }))
    await waitFor(() => expect(r.getByTestId('batch-state').textContent).toBe('Running'))
    expect(main.of('batch:resume')).toEqual([{ id: 'b1' }])

    fireEvent.click(r.getByRole('button', { name: 'Cancel…' }))
    const confirm = r.getByRole('group', { name: 'Confirm cancelling the batch' })
    expect(confirm.textContent).toContain('Requests already sent finish, are charged and are saved')
    expect(main.of('batch:cancel')).toHaveLength(0)
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel the rest' }))
    await waitFor(() => expect(r.getByTestId('batch-state').textContent).toBe('Cancelled'))
    expect(main.of('batch:cancel')).toEqual([{ id: 'b1' }])
  })

  it('shows a refused action at the batch', async () => {
    answering([batchView()])
    window.api.batch.pause = async () => ({
      ok: false,
      error: { code: 'not_found', message: 'That batch is gone.' },
    })
    render(<BatchesSection />)
    const r = await row()
    fireEvent.click(r.getByRole('button', { name: 'Pause' }))
    expect((await r.findByRole('alert')).textContent).toContain('That batch is gone.')
  })

  it('"Show in library" filters the library by the batch; "Grid" only for a batch with an axis', async () => {
    answering([
      batchView(),
      batchView({ id: 'b2', title: 'Plain', createdAt: 5, xField: null, yField: null }),
    ])
    const showBatch = vi.fn()
    useLibraryStore.setState({ showBatch })
    render(<BatchesSection />)
    await screen.findAllByTestId('batch')
    const [first, second] = screen.getAllByTestId('batch').map((el) => within(el))
    fireEvent.click(first!.getByRole('button', { name: 'Show in library' }))
    expect(showBatch).toHaveBeenCalledWith('b1')
    expect(useNavigationStore.getState().area).toBe('library')
    expect(first!.getByRole('button', { name: 'Grid' })).toBeTruthy()
    expect(second!.queryByRole('button', { name: 'Grid' })).toBeNull()
  })

  it('shows nothing while there is no batch', async () => {
    const main = answering([])
    const { container } = render(<BatchesSection />)
    await waitFor(() => expect(main.of('batch:list')).toHaveLength(1))
    expect(container.textContent).toBe('')
  })

  it('Run first gives a batch with waiting requests priority through main, and takes it back', async () => {
    const main = fakeMain({
      'batch:list': () => ({ ok: true, value: [batchView()] }),
      'batch:prioritize': (p) => {
        const { id, first } = p as { id: string; first: boolean }
        return { ok: true, value: batchView({ id, priority: first ? 3 : 0 }) }
      },
    })
    render(<BatchesSection />)
    const r = await row()
    fireEvent.click(r.getByRole('button', { name: 'Run first' }))
    const on = await r.findByRole('button', { name: 'Running first' })
    expect(on.getAttribute('aria-pressed')).toBe('true')
    fireEvent.click(on)
    await r.findByRole('button', { name: 'Run first' })
    expect(main.of('batch:prioritize')).toEqual([
      { id: 'b1', first: true },
      { id: 'b1', first: false },
    ])
    // Nothing left to send: nothing to put first.
    act(() => main.emit('batch:updated', batchView({ counts: { running: 1, saved: 5 } })))
    expect(r.queryByRole('button', { name: /Run first|Running first/ })).toBeNull()
  })
})
