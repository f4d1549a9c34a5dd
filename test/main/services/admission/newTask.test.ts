/**
 * A new task's journal row (admission/newTask.ts): queued and never sent, with a key of its own,
 * its estimate or accepted quote, where it came from, and the files it sends; and a journaled
 * task's request as a submission again (retry as new, an edit, an undo).
 */
import { inputOfTask, queuedRecord, recordOf } from '@main/services/admission/newTask'
import type { TaskRecord } from '@main/services/journal/taskRecord'
import { costOf } from '@shared/tasks/estimate'
import type { SubmitTaskInput } from '@shared/tasks/submit'
import { describe, expect, it } from 'vitest'

const NOW = 1_700_000_000_000
const video = { model: 'motion-2.0', prompt: 'a wave', duration: 5, resolution: '720p' }
const workbench = {
  model: 'art-v4.5',
  model_variant: 'art-diffusion-4-5-full',
  prompt: 'cat',
}
const none = { retryOf: null, batch: null }

describe('recordOf', () => {
  it('a queued, never-sent row with the estimate it will be charged against', () => {
    const input = { kind: 'video', request: video } as SubmitTaskInput
    const files = { images: [] }
    const r = recordOf(input, 'task-1', files, false, none, NOW)
    expect(r).toStrictEqual(
      queuedRecord(
        {
          id: 'task-1',
          requestId: null,
          kind: 'video',
          idempotencyKey: r.idempotencyKey,
          model: 'motion-2.0',
          prompt: 'a wave',
          request: video,
          files,
          ...costOf(input),
          quote: null,
          demo: false,
          retryOf: null,
          batch: null,
        },
        NOW,
      ),
    )
    expect(r.costUsd).toBeGreaterThan(0)
    expect(r.request).not.toBe(video)
  })

  it('every row gets its own key: a new generation is a new charge', () => {
    const input = { kind: 'video', request: video } as SubmitTaskInput
    const a = recordOf(input, 'a', { images: [] }, false, none, NOW)
    const b = recordOf(input, 'b', { images: [] }, false, none, NOW)
    expect(a.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/)
    expect(b.idempotencyKey).not.toBe(a.idempotencyKey)
  })

  it('keeps the requestId, the demo flag and where the task came from', () => {
    const input = { kind: 'video', requestId: 'req-12345678', request: video } as SubmitTaskInput
    const batch = { batchId: 'b1', index: 2, values: {} } as never
    const r = recordOf(input, 'x', { images: [] }, true, { retryOf: 'old', batch }, NOW)
    expect(r).toMatchObject({ requestId: 'req-12345678', demo: true, retryOf: 'old', batch })
  })

  it('a workbench task keeps the quote the user accepted, stamped now; others keep none', () => {
    const quote = { quoteId: 'q1', priceUsd: 0.002 }
    const wb = { kind: 'workbench', request: workbench, quote } as SubmitTaskInput
    expect(recordOf(wb, 'w', { images: [] }, false, none, NOW).quote).toEqual({
      ...quote,
      quotedAt: NOW,
    })
    const unquoted = { kind: 'workbench', request: workbench } as SubmitTaskInput
    expect(recordOf(unquoted, 'w', { images: [] }, false, none, NOW).quote).toBeNull()
    const notWorkbench = { kind: 'video', request: video, quote } as unknown as SubmitTaskInput
    expect(recordOf(notWorkbench, 'v', { images: [] }, false, none, NOW).quote).toBeNull()
  })

  it('a native task journals its input as its prompt; no model journals an empty one', () => {
    const native = {
      kind: 'native',
      request: { input: 'a garden', action: 'generate', parameters: {} },
    } as unknown as SubmitTaskInput
    const r = recordOf(native, 'n', { images: [] }, false, none, NOW)
    expect(r.prompt).toBe('a garden')
    expect(r.model).toBe('')
  })
})

describe('queuedRecord', () => {
  it('a row of any origin starts queued, never sent, with nothing heard', () => {
    const r = queuedRecord({ id: 'q' } as never, NOW)
    expect(r).toMatchObject({ id: 'q', state: 'queued', createdAt: NOW, updatedAt: NOW })
    expect([r.attempts, r.dismissed, r.startedAt, r.serverId, r.outputs]).toEqual([
      0,
      false,
      null,
      null,
      null,
    ])
  })
})

describe('inputOfTask', () => {
  const task = (over: Partial<TaskRecord>) =>
    ({ kind: 'video', request: video, files: { images: [] }, ...over }) as TaskRecord

  it('an edit sends the task’s own copies of its references', () => {
    const input = inputOfTask(task({ kind: 'edit', files: { images: ['/t/1.png', '/t/2.png'] } }))
    expect(input).toStrictEqual({ kind: 'edit', request: video, images: ['/t/1.png', '/t/2.png'] })
  })

  it('a native task sends its own source and mask, and names only those it has', () => {
    const both = inputOfTask(
      task({ kind: 'native', files: { images: [], image: '/t/image.png', mask: '/t/mask.png' } }),
    )
    expect(both).toStrictEqual({
      kind: 'native',
      request: video,
      image: '/t/image.png',
      mask: '/t/mask.png',
    })
    const maskOnly = inputOfTask(task({ kind: 'native', files: { images: [], mask: '/t/m.png' } }))
    expect(maskOnly).toStrictEqual({ kind: 'native', request: video, mask: '/t/m.png' })
    const imageOnly = inputOfTask(
      task({ kind: 'native', files: { images: [], image: '/t/i.png' } }),
    )
    expect(imageOnly).toStrictEqual({ kind: 'native', request: video, image: '/t/i.png' })
  })

  it('other kinds send no files; an edit of the request replaces the journaled one', () => {
    const other = { model: 'motion-2.0', prompt: 'calmer' }
    expect(inputOfTask(task({ files: { images: ['/x.png'], image: '/y.png' } }))).toStrictEqual({
      kind: 'video',
      request: video,
    })
    expect(inputOfTask(task({}), other)).toStrictEqual({ kind: 'video', request: other })
  })
})
