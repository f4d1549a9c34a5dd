import {
  backoffDelay,
  classifyTransportError,
  DEFAULT_RETRY_POLICY,
  isRetryableStatus,
  mayRetryMethod,
  parseRetryAfter,
} from '@main/adapters/http/retryPolicy'
import { describe, expect, it } from 'vitest'

const NOW = Date.parse('2026-11-01T12:00:00Z')

describe('retry policy', () => {
  it('retries 408, 429 and 5xx only', () => {
    expect([408, 429, 500, 502, 503, 504, 599].every(isRetryableStatus)).toBe(true)
    expect([200, 301, 400, 401, 402, 403, 404, 409, 410, 422].some(isRetryableStatus)).toBe(false)
  })

  it('repeats a POST only when it carries an idempotency key', () => {
    expect(mayRetryMethod('GET', false)).toBe(true)
    expect(mayRetryMethod('POST', false)).toBe(false)
    expect(mayRetryMethod('POST', true)).toBe(true)
  })

  it('reads Retry-After as seconds or an HTTP-date', () => {
    expect(parseRetryAfter('120', NOW)).toBe(120_000)
    expect(parseRetryAfter(['2', '9'], NOW)).toBe(2000)
    expect(parseRetryAfter(new Date(NOW + 30_000).toUTCString(), NOW)).toBe(30_000)
    expect(parseRetryAfter(new Date(NOW - 30_000).toUTCString(), NOW)).toBe(0)
    expect(parseRetryAfter('soon', NOW)).toBeNull()
    expect(parseRetryAfter(undefined, NOW)).toBeNull()
  })

  it('backs off exponentially with full jitter up to the cap, or as the server says', () => {
    const p = { ...DEFAULT_RETRY_POLICY, baseDelayMs: 100, maxDelayMs: 1000 }
    expect([1, 2, 3, 4, 5].map((n) => backoffDelay(p, n, 1, null))).toEqual([
      100, 200, 400, 800, 1000,
    ])
    expect(backoffDelay(p, 3, 0.25, null)).toBe(100)
    expect(backoffDelay(p, 1, 0, null)).toBe(0)
    expect(backoffDelay(p, 9, 0.5, 4321)).toBe(4321)
  })

  it('classifies undici and Node errors (also when wrapped in cause)', () => {
    const err = (code: string) => Object.assign(new Error(code), { code })
    expect(classifyTransportError(err('ECONNRESET'))).toBe('network')
    expect(classifyTransportError(err('UND_ERR_SOCKET'))).toBe('network')
    expect(classifyTransportError(err('UND_ERR_HEADERS_TIMEOUT'))).toBe('timeout')
    expect(classifyTransportError(err('UND_ERR_BODY_TIMEOUT'))).toBe('timeout')
    expect(classifyTransportError(err('UND_ERR_ABORTED'))).toBe('cancelled')
    expect(
      classifyTransportError(new TypeError('fetch failed', { cause: err('ECONNREFUSED') })),
    ).toBe('network')
    expect(classifyTransportError(new Error('plain'))).toBeNull()
    expect(classifyTransportError('string')).toBeNull()
  })

  // Issue #18: these rules had surviving mutants.
  it.each([
    ['1.5', 1_500],
    ['0.25', 250],
    [' 2 ', 2_000],
    ['0', 0],
    ['120', 120_000],
  ])('Retry-After %j waits %i ms', (value, ms) => {
    expect(parseRetryAfter(value, 0)).toBe(ms)
  })

  it('Retry-After as an HTTP date counts from now; a past date means now; garbage is ignored', () => {
    const now = Date.parse('2026-11-24T10:00:00Z')
    expect(parseRetryAfter('Tue, 24 Nov 2026 10:00:07 GMT', now)).toBe(7_000)
    expect(parseRetryAfter('Tue, 24 Nov 2026 09:59:00 GMT', now)).toBe(0)
    for (const bad of ['soon', '-5', '1e3', '', undefined])
      expect(parseRetryAfter(bad, now)).toBeNull()
    expect(parseRetryAfter(['3', '9'], now)).toBe(3_000)
  })

  it.each([
    'ECONNRESET',
    'ECONNREFUSED',
    'ECONNABORTED',
    'EPIPE',
    'ETIMEDOUT',
    'ENOTFOUND',
    'EAI_AGAIN',
    'ENETUNREACH',
    'EHOSTUNREACH',
    'ENETDOWN',
    'UND_ERR_SOCKET',
    'UND_ERR_CLOSED',
    'UND_ERR_CONNECT_TIMEOUT',
    'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
    'UND_ERR_REQ_CONTENT_LENGTH_MISMATCH',
    'ERR_BODY_TRUNCATED',
  ])('%s is a network failure, directly and as a cause', (code) => {
    expect(classifyTransportError({ code })).toBe('network')
    expect(classifyTransportError(new TypeError('fetch failed', { cause: { code } }))).toBe(
      'network',
    )
  })

  it('other coded errors are not transport failures: a bug is never retried as "network"', () => {
    for (const code of [
      'ERR_INVALID_ARG_TYPE',
      'ENOENT',
      'EACCES',
      'ERR_ASSERTION',
      'UND_ERR_INVALID_ARG',
    ])
      expect(classifyTransportError({ code }), code).toBeNull()
    expect(classifyTransportError({ code: 'UND_ERR_HEADERS_TIMEOUT' })).toBe('timeout')
    expect(classifyTransportError({ code: 'UND_ERR_BODY_TIMEOUT' })).toBe('timeout')
    expect(classifyTransportError(null)).toBeNull()
    expect(classifyTransportError('ECONNRESET')).toBeNull()
  })

  it('reads all three HTTP-date formats, as GMT whatever the local zone (RFC 9110 §5.6.7)', () => {
    const now = Date.parse('1994-11-06T08:49:00Z')
    expect(parseRetryAfter('Sun, 06 Nov 1994 08:49:37 GMT', now)).toBe(37_000)
    expect(parseRetryAfter('Sunday, 06-Nov-94 08:49:37 GMT', now)).toBe(37_000)
    expect(parseRetryAfter('Sun Nov  6 08:49:37 1994', now)).toBe(37_000)
    for (const bad of [
      'x Sun, 06 Nov 1994 08:49:37 GMT',
      'Sun, 99 Nov 1994 08:49:37 GMT',
      'Xyz, 06 Nov 1994 08:49:37 GMT',
      'Sun,06 Nov 1994',
    ])
      expect(parseRetryAfter(bad, now), bad).toBeNull()
  })

  it('seconds are digits only, whole or with a fraction, nothing around them', () => {
    expect(parseRetryAfter('12.5', 0)).toBe(12_500)
    for (const bad of ['1.5s', 'x1.5', '1.', '.5', '2s', '1,5'])
      expect(parseRetryAfter(bad, 0), bad).toBeNull()
  })

  it('status and method edges', () => {
    expect([407, 499, 600, 0].some(isRetryableStatus)).toBe(false)
    expect(mayRetryMethod('HEAD', false)).toBe(true)
    expect(mayRetryMethod('PUT', false)).toBe(false)
  })

  it('the default policy: 4 attempts, 0.5 s doubling, capped at 20 s', () => {
    const p = DEFAULT_RETRY_POLICY
    expect(p.maxAttempts).toBe(4)
    expect([1, 2, 3, 6, 7].map((n) => backoffDelay(p, n, 1, null))).toEqual([
      500, 1_000, 2_000, 16_000, 20_000,
    ])
    expect(p.maxRetryAfterMs).toBe(60_000)
  })

  it('aborts by name or code; an error that is its own cause ends the walk', () => {
    expect(classifyTransportError({ name: 'AbortError' })).toBe('cancelled')
    expect(classifyTransportError({ code: 'ABORT_ERR' })).toBe('cancelled')
    const loop: { code: string; cause?: unknown } = { code: 'ERR_X' }
    loop.cause = loop
    expect(classifyTransportError(loop)).toBeNull()
    expect(classifyTransportError(undefined)).toBeNull()
    expect(
      classifyTransportError(
        new Error('x', { cause: new Error('y', { cause: { code: 'EPIPE' } }) }),
      ),
    ).toBe('network')
    expect(classifyTransportError({ code: 42, cause: { name: 'AbortError' } })).toBe('cancelled')
  })
})
