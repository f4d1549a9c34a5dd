import { ClaimDialog } from '@renderer/features/spending/ClaimDialog'
import type { ClaimCandidate } from '@shared/spending/claims'
import { fakeMain } from '@test/support/generateScreens'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

afterEach(cleanup)

const candidate = (over: Partial<ClaimCandidate>): ClaimCandidate => ({
  id: 'a',
  taskId: 'a',
  reasons: ['failed'],
  kind: 'image',
  model: 'std-image-2',
  amountUsd: 0.04,
  basis: 'estimate',
  status: 'failed',
  createdAt: new Date(2025, 2, 10, 9).getTime(),
  message: 'The service failed the request.',
  unusableReason: null,
  ...over,
})

const RANGE = { from: '2025-03-01', to: '2025-03-12' }

describe('Prepare a claim', () => {
  it('lists every candidate ticked, prompts off, and exports what stays ticked', async () => {
    const m = fakeMain({
      'spending:claimCandidates': () => ({
        ok: true,
        value: [
          candidate({ id: 'a' }),
          candidate({ id: 'b', reasons: ['pending'], status: 'pending', message: null }),
          candidate({
            id: 'c',
            reasons: ['unusable'],
            status: 'settled',
            unusableReason: 'blurred',
          }),
        ],
      }),
      'spending:exportClaim': () => ({ ok: true, value: { path: '/tmp/claim.zip', requests: 2 } }),
    })
    render(<ClaimDialog range={RANGE} onClose={() => {}} />)
    const boxes = await screen.findAllByTestId('claim-candidate')
    expect(m.of('spending:claimCandidates')).toEqual([RANGE])
    expect(boxes.map((b) => (b as HTMLInputElement).checked)).toEqual([true, true, true])
    expect(screen.getByText('Failed')).toBeTruthy()
    expect(screen.getByText('Pending too long')).toBeTruthy()
    expect(screen.getByText('Result unusable')).toBeTruthy()
    expect(screen.getByText('blurred')).toBeTruthy()
    expect(screen.getByText('The service failed the request.')).toBeTruthy()
    const prompts = screen.getByLabelText('Include prompts') as HTMLInputElement
    expect(prompts.checked).toBe(false)

    fireEvent.click(boxes[1]!)
    fireEvent.click(screen.getByRole('button', { name: 'Export 2 requests' }))
    expect(await screen.findByTestId('claim-saved')).toHaveProperty(
      'textContent',
      'Saved 2 requests to /tmp/claim.zip',
    )
    expect(m.of('spending:exportClaim')).toEqual([
      { ...RANGE, ids: ['a', 'c'], includePrompts: false },
    ])
  })

  it('includes prompts only when ticked; a cancelled save dialog says nothing', async () => {
    const m = fakeMain({
      'spending:claimCandidates': () => ({ ok: true, value: [candidate({})] }),
      'spending:exportClaim': () => ({ ok: true, value: null }),
    })
    render(<ClaimDialog range={RANGE} onClose={() => {}} />)
    await screen.findAllByTestId('claim-candidate')
    fireEvent.click(screen.getByLabelText('Include prompts'))
    fireEvent.click(screen.getByRole('button', { name: 'Export 1 request' }))
    await waitFor(() => expect(m.of('spending:exportClaim')).toHaveLength(1))
    expect(m.of('spending:exportClaim')[0]).toMatchObject({ includePrompts: true })
    expect(screen.queryByTestId('claim-saved')).toBeNull()
  })

  it('with nothing to claim says so and cannot export; Escape closes', async () => {
    fakeMain({ 'spending:claimCandidates': () => ({ ok: true, value: [] }) })
    const onClose = vi.fn()
    render(<ClaimDialog range={RANGE} onClose={onClose} />)
    expect(await screen.findByTestId('claim-none')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Export 0 requests' })).toHaveProperty(
      'disabled',
      true,
    )
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' })
    expect(onClose).toHaveBeenCalled()
  })

  it('shows main’s refusal as it was given', async () => {
    fakeMain({
      'spending:claimCandidates': () => ({ ok: true, value: [candidate({})] }),
      'spending:exportClaim': () => ({
        ok: false,
        error: {
          code: 'validation',
          message: '1 of the ticked requests are no longer candidates.',
        },
      }),
    })
    render(<ClaimDialog range={RANGE} onClose={() => {}} />)
    await screen.findAllByTestId('claim-candidate')
    fireEvent.click(screen.getByRole('button', { name: 'Export 1 request' }))
    expect(await screen.findByText(/no longer candidates/)).toBeTruthy()
  })
})
