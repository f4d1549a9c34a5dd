/**
 * A task's ledger row (journal/taskLedger.ts): what admission opens (the accepted quote before
 * the estimate, and which of them the amount is), and how the row follows the task: settled only
 * when saved, failed only on the server's word, void only when never sent, pending otherwise.
 */
import type { SpendLedger } from '@main/services/journal/SpendLedger'
import { ledgerRowOf, taskLedgerHook, type TaskLedgerTask } from '@main/services/journal/taskLedger'
import { describe, expect, it } from 'vitest'

const task = (over: Partial<TaskLedgerTask> = {}): TaskLedgerTask => ({
  id: 't1',
  kind: 'image',
  state: 'queued',
  model: 'std-image-2',
  prompt: 'a cat',
  costUsd: 0.04,
  quote: null,
  demo: false,
  createdAt: 1_000,
  updatedAt: 2_000,
  batch: null,
  ...over,
})

/** A ledger that records the two writes the hook may make. */
function recordingLedger(): { ledger: SpendLedger; writes: unknown[] } {
  const writes: unknown[] = []
  const ledger = {
    setQuote: (id: string, amount: number) => writes.push(['quote', id, amount]),
    setStatus: (id: string, status: string, at: number) => writes.push(['status', id, status, at]),
  } as unknown as SpendLedger
  return { ledger, writes }
}

describe('a new task’s ledger row', () => {
  it('holds the estimate as pending, with the task’s identity, kind and project', () => {
    expect(ledgerRowOf(task({ kind: 'edit', demo: true }), 'p1')).toEqual({
      project: 'p1',
      id: 't1',
      taskId: 't1',
      batchId: null,
      kind: 'image',
      taskKind: 'edit',
      model: 'std-image-2',
      amountUsd: 0.04,
      basis: 'estimate',
      createdAt: 1_000,
      demo: true,
      prompt: 'a cat',
    })
    expect(ledgerRowOf(task()).project).toBeNull()
  })

  it('takes an accepted quote over the estimate, and says it is a quote', () => {
    const row = ledgerRowOf(task({ kind: 'workbench', quote: { priceUsd: 0.002 } }))
    expect(row).toMatchObject({ kind: 'art', amountUsd: 0.002, basis: 'quote' })
  })

  it('a quote without a price falls back to the estimate; neither: unpriced, basis none', () => {
    expect(ledgerRowOf(task({ quote: { priceUsd: null } }))).toMatchObject({
      amountUsd: 0.04,
      basis: 'estimate',
    })
    expect(ledgerRowOf(task({ costUsd: null }))).toMatchObject({ amountUsd: null, basis: 'none' })
  })

  it('a free quote (0) is still a quote: the amount is 0, not the estimate', () => {
    expect(ledgerRowOf(task({ quote: { priceUsd: 0 } }))).toMatchObject({
      amountUsd: 0,
      basis: 'quote',
    })
  })

  it('belongs to its batch', () => {
    const batch = { batchId: 'b1', index: 0, x: null, y: null, repeat: 1, picks: [] }
    expect(ledgerRowOf(task({ batch })).batchId).toBe('b1')
  })
})

describe('a task’s ledger row follows the task', () => {
  it.each([
    ['saved', 'settled'],
    ['failed', 'failed'],
    ['cancelled', 'void'],
  ] as const)('%s → %s, stamped with the moment of the change', (state, status) => {
    const { ledger, writes } = recordingLedger()
    taskLedgerHook(ledger).changed(task({ state, updatedAt: 5_000 }), 'any')
    expect(writes).toEqual([['status', 't1', status, 5_000]])
  })

  it.each(['queued', 'submitting', 'running', 'downloading', 'needs_attention'])(
    '%s leaves it pending: the request may have been charged',
    (state) => {
      const { ledger, writes } = recordingLedger()
      taskLedgerHook(ledger).changed(task({ state }), 'blocked')
      expect(writes).toEqual([])
    },
  )

  it.each(['quoted', 'quote_confirmed'])('%s writes the accepted price', (event) => {
    const { ledger, writes } = recordingLedger()
    taskLedgerHook(ledger).changed(task({ state: 'submitting', quote: { priceUsd: 0.002 } }), event)
    expect(writes).toEqual([['quote', 't1', 0.002]])
  })

  it('a free quote is written too; a quote without a price, or another event, writes none', () => {
    const { ledger, writes } = recordingLedger()
    const hook = taskLedgerHook(ledger)
    hook.changed(task({ state: 'queued', quote: { priceUsd: 0 } }), 'quote_confirmed')
    hook.changed(task({ state: 'submitting', quote: { priceUsd: null } }), 'quoted')
    hook.changed(task({ state: 'submitting', quote: null }), 'quoted')
    hook.changed(task({ state: 'submitting', quote: { priceUsd: 0.5 } }), 'send')
    expect(writes).toEqual([['quote', 't1', 0]])
  })
})
