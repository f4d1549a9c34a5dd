/**
 * The service-free parts of editing a queued task (admission/queuedEdit.ts): the edited input's
 * shape with field messages, the task row it becomes (its estimate, a new key) and the ledger
 * amount that replaces the committed one.
 */
import {
  editedRequest,
  ledgerAmountOf,
  notUnsent,
  parseEdit,
} from '@main/services/admission/queuedEdit'
import { costOf } from '@shared/tasks/estimate'
import type { SubmitTaskInput } from '@shared/tasks/submit'
import { rejection } from '@test/support/rejection'
import { describe, expect, it } from 'vitest'

const video = { model: 'motion-2.0', prompt: 'a wave', duration: 5, resolution: '720p' }
const refused = (f: () => unknown) => rejection(Promise.resolve().then(f))

describe('parseEdit', () => {
  it('answers a well-formed edit as the submit schema parses it', () => {
    const input = { kind: 'video', request: video } as SubmitTaskInput
    expect(parseEdit(input)).toEqual({ kind: 'video', request: video })
  })

  it('refuses a malformed edit with one message per field, naming the first, the queued task kept', async () => {
    const error = await refused(() =>
      parseEdit({ kind: 'video', request: { model: '', prompt: 7 } } as unknown as SubmitTaskInput),
    )
    expect(error.code).toBe('validation')
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(['request.model', 'request.prompt'])
    const [first, problem] = Object.entries(error.fields ?? {})[0]!
    expect(error.message).toBe(`${first}: ${problem}`)
    expect(error.action).toMatch(/queued/i)
  })
})

describe('editedRequest', () => {
  it('carries the new estimate (the same one a new task journals), prompt and model', () => {
    const input = { kind: 'video', request: video } as SubmitTaskInput
    const row = editedRequest(input)
    expect(row).toMatchObject({
      request: video,
      prompt: 'a wave',
      model: 'motion-2.0',
      ...costOf(input),
    })
    expect(row.costUsd).toBeGreaterThan(0)
    // The row's request is its own copy: changing the input later cannot change the journal.
    expect(row.request).not.toBe(input.request)
  })

  it('gives every edit a new key: it is a different request', () => {
    const input = { kind: 'video', request: video } as SubmitTaskInput
    const a = editedRequest(input).idempotencyKey
    const b = editedRequest(input).idempotencyKey
    expect(a).toMatch(/^[0-9a-f-]{36}$/)
    expect(b).not.toBe(a)
  })

  it('a request with no model journals an empty model, not "undefined"', () => {
    const input = { kind: 'video', request: { prompt: 'p' } } as unknown as SubmitTaskInput
    expect(editedRequest(input).model).toBe('')
  })
})

describe('ledgerAmountOf', () => {
  const row = { request: {}, prompt: 'p', model: 'm', costLabel: '$0', idempotencyKey: 'k' }

  it('a priced edit is an estimate, even a free one', () => {
    expect(ledgerAmountOf({ ...row, costUsd: 0.25 })).toEqual({
      amountUsd: 0.25,
      basis: 'estimate',
      model: 'm',
      prompt: 'p',
    })
    expect(ledgerAmountOf({ ...row, costUsd: 0 }).basis).toBe('estimate')
  })

  it('an edit with no published price has no amount and no basis', () => {
    expect(ledgerAmountOf({ ...row, costUsd: null })).toMatchObject({
      amountUsd: null,
      basis: 'none',
    })
  })
})

describe('notUnsent', () => {
  it('refuses as a validation problem that says nothing was changed', async () => {
    const error = await refused(() => notUnsent())
    expect(error.code).toBe('validation')
    expect(error.message).toMatch(/already sent/)
    expect(error.action).toMatch(/Nothing was changed/)
  })
})
