/**
 * What the engine does about each error code (issue #18): the whole table, written out from the
 * rules in classify.ts's doc comment, so a code moved to the wrong disposition (a refusal
 * retried forever, a timeout failing a task) fails here.
 */
import { type Disposition, dispositionOf, toAppError } from '@main/services/tasks/engine/classify'
import { AppFailure, ERROR_CODES, type ErrorCode } from '@shared/result'
import { describe, expect, it } from 'vitest'

const EXPECTED: Record<ErrorCode, Disposition> = {
  rate_limited: 'rate_limited',
  pending: 'pending',
  quote_expired: 'quote_expired',
  validation: 'refused',
  auth: 'refused',
  forbidden: 'refused',
  model_unavailable: 'refused',
  unsupported: 'refused',
  over_budget: 'refused',
  repeat: 'refused',
  not_found: 'not_found',
  not_connected: 'offline',
  no_secure_store: 'offline',
  storage: 'storage',
  cancelled: 'cancelled',
  network: 'retry',
  timeout: 'retry',
  server: 'retry',
  bad_response: 'malformed',
  internal: 'malformed',
}

describe('dispositionOf', () => {
  it.each(ERROR_CODES.map((code) => [code, EXPECTED[code]] as const))('%s → %s', (code, d) => {
    expect(dispositionOf({ code, message: 'm' })).toBe(d)
  })

  it('the table above names every code there is', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...ERROR_CODES].sort())
  })
})

describe('toAppError', () => {
  it('keeps an AppFailure’s own error', () => {
    const error = { code: 'forbidden', message: 'no access' } as const
    expect(toAppError(new AppFailure(error))).toEqual(error)
  })

  it('turns anything else into a passing internal error with a bounded message', () => {
    const e = toAppError(new Error('x'.repeat(10_000)))
    expect(e.code).toBe('internal')
    expect(dispositionOf(e)).toBe('malformed')
    expect(e.message).toBe(`Unexpected problem: ${'x'.repeat(300)}`)
    expect(e.action).toMatch(/same request key/)
    expect(toAppError('plain text').message).toBe('Unexpected problem: plain text')
  })
})
