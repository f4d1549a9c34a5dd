import { MainEvents } from '@main/events'
import { BatchService, type BatchServiceOptions } from '@main/services/batches/BatchService'
import type { BatchRecord } from '@main/services/journal/BatchJournal'
import type { TaskRecord } from '@main/services/journal/taskRecord'
import { describe, expect, it } from 'vitest'

/**
 * Cancelling a batch stops what was never sent (issue #15): a queued request, and one waiting on
 * the user to accept a new price (nothing was charged for it). A request that was sent, or that
 * waits on the user for another reason, is left to finish, so nothing paid is lost. The journal
 * and the task service are stand-ins here, so every waiting state can be set up directly.
 */
const RECORD: BatchRecord = {
  id: 'b-1',
  requestId: 'req-1',
  title: 'Images × 6',
  kind: 'image',
  model: 'std-image-2',
  state: 'running',
  createdAt: 1,
  updatedAt: 1,
  total: 6,
  estimateUsd: 0.24,
  axes: { xField: null, yField: null, xValues: [], yValues: [] },
  demo: false,
}

const task = (id: string, state: string, attention: string | null = null) =>
  ({ id, state, attention }) as unknown as TaskRecord

function service(tasks: TaskRecord[]) {
  const cancelled: string[] = []
  let state: BatchRecord['state'] = RECORD.state
  const options = {
    batches: {
      get: () => ({ ...RECORD, state }),
      setState: (_id: string, s: BatchRecord['state']) => {
        state = s
      },
      counts: () => ({}),
      priority: () => 0,
    },
    journal: { byBatch: () => tasks },
    tasks: {
      onBatchesChanged: () => {},
      cancel: async (id: string) => {
        cancelled.push(id)
        // One cancel failing (the task moved on meanwhile) does not stop the others.
        if (id === 'queued-1') throw new Error('already started')
      },
    },
    events: new MainEvents(),
  } as unknown as BatchServiceOptions
  return { batches: new BatchService(options), cancelled, state: () => state }
}

describe('BatchService: cancel', () => {
  it('cancels what was never sent, and what waits on a new price; leaves the rest to finish', async () => {
    const s = service([
      task('queued-1', 'queued'),
      task('queued-2', 'queued'),
      task('quote', 'needs_attention', 'quote_changed'),
      task('above', 'needs_attention', 'price_above_estimate'),
      task('other-attention', 'needs_attention', 'result_unavailable'),
      task('sent', 'polling'),
      task('saved', 'saved'),
    ])
    const view = await s.batches.cancel('b-1')
    expect(s.cancelled).toEqual(['queued-1', 'queued-2', 'quote', 'above'])
    expect(s.state()).toBe('cancelled')
    expect(view.state).toBe('cancelled')
  })
})
