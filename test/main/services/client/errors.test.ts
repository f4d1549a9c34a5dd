import { setMainLanguage } from '@main/i18n'
import { type HttpErrorContext, mapHttpError, parseErrorBody } from '@main/services/client/errors'
import { describe, expect, it } from 'vitest'

const map = (status: number, body: unknown, extra: Partial<HttpErrorContext> = {}) =>
  mapHttpError({
    status,
    parsed: parseErrorBody(
      typeof body === 'string' ? body : JSON.stringify(body),
      extra.target === 'cdn' ? 'text/plain' : 'application/json',
    ),
    retryAfterMs: null,
    target: 'service',
    endpoint: '/v1/images/generations',
    redact: (t) => t,
    ...extra,
  })

describe('parseErrorBody', () => {
  it('reads the common shapes and never throws', () => {
    expect(
      parseErrorBody(
        '{"error":{"code":"x","message":"m","param":"size","type":"t"}}',
        'application/json',
      ).error,
    ).toEqual({ code: 'x', message: 'm', param: 'size', type: 't' })
    expect(parseErrorBody('{"error":"plain text"}', undefined).error).toEqual({
      message: 'plain text',
    })
    expect(parseErrorBody('{"code":429,"message":"m"}', undefined).error).toEqual({
      code: '429',
      message: 'm',
    })
    expect(parseErrorBody('{"detail":"d"}', undefined).error).toEqual({ message: 'd' })
    expect(parseErrorBody('oops', 'text/plain').error).toEqual({ message: 'oops' })
    expect(parseErrorBody('', undefined).error).toBeNull()
    expect(parseErrorBody('[1,2]', undefined).error).toBeNull()
    expect(parseErrorBody('<html></html>', 'text/html').html).toBe(true)
  })
})

describe('the spec error table', () => {
  it('400 → validation with the field from param', () => {
    const e = map(400, { error: { message: 'size must be a multiple of 8', param: 'size' } })
    expect(e).toMatchObject({
      code: 'validation',
      status: 400,
      fields: { size: 'size must be a multiple of 8' },
    })
  })
  it('401 → auth: check the key', () => {
    expect(map(401, { error: { message: 'bad key' } })).toMatchObject({
      code: 'auth',
      action: 'Check the key in Settings.',
    })
  })
  it('403 → forbidden: permissions/account', () => {
    expect(map(403, { error: { message: 'no' } }).code).toBe('forbidden')
    expect(map(403, { error: { message: 'no' } }).action).toMatch(/permissions/)
  })
  it('model_not_found (any status) → model_unavailable, do not resubmit', () => {
    for (const status of [400, 403, 404]) {
      const e = map(status, { error: { code: 'model_not_found', message: 'no access' } })
      expect(e.code).toBe('model_unavailable')
      expect(e.action).toMatch(/resubmitting will not help/)
    }
  })
  it('429 → rate_limited with retryAfterMs', () => {
    expect(map(429, {}, { retryAfterMs: 5000 })).toMatchObject({
      code: 'rate_limited',
      retryAfterMs: 5000,
    })
  })
  it('generation_pending → pending: keep the key and wait', () => {
    const e = map(409, { error: { code: 'generation_pending', message: 'still running' } })
    expect(e.code).toBe('pending')
    expect(e.action).toMatch(/same request key/)
  })
  it('an expired quote → quote_expired: re-quote', () => {
    expect(map(400, { error: { code: 'quote_expired', message: 'Quote expired' } }).code).toBe(
      'quote_expired',
    )
    expect(
      map(410, { error: { code: 'invalid_quote', message: 'The quote has expired' } }).code,
    ).toBe('quote_expired')
  })
  it('402 / insufficient balance → forbidden with a wallet message', () => {
    expect(map(402, {}).message).toMatch(/wallet/)
    const e = map(403, { error: { code: 'insufficient_balance', message: 'top up' } })
    expect(e).toMatchObject({ code: 'forbidden' })
    expect(e.action).toMatch(/Top up/)
  })
  it('5xx → server; 408 → timeout with "check history"', () => {
    expect(map(500, {}).code).toBe('server')
    expect(map(503, 'Service Unavailable').code).toBe('server')
    expect(map(408, {})).toMatchObject({ code: 'timeout' })
    expect(map(408, {}).action).toMatch(/history/)
  })
  it('an HTML answer → bad_response pointing at the address; native 404 names the path', () => {
    expect(map(200, '<!DOCTYPE html><html>')).toMatchObject({ code: 'bad_response' })
    const native = map(404, { error: { message: 'Not found' } }, { endpoint: '/ai/generate-image' })
    expect(native.code).toBe('not_found')
    expect(native.action).toMatch(/POST \/ai\/generate-image/)
  })
  it('redacts the server message before it reaches the UI', () => {
    const e = map(
      400,
      { error: { message: 'bad key sk-abc in request' } },
      { redact: (t) => t.replace('sk-abc', '[redacted]') },
    )
    expect(e.message).not.toContain('sk-abc')
  })
})

describe("the service's errors in the user's language", () => {
  it('a refused key in Chinese, the service text kept as it said it', () => {
    setMainLanguage('zh-Hans')
    try {
      const e = map(401, {})
      expect(e).toMatchObject({ code: 'auth', action: '请在“设置”中检查密钥。' })
      expect(e.message).toBe('服务不接受该 API 密钥（错误、未激活或已过期）。')
      const low = map(402, { error: { message: 'insufficient funds' } })
      expect(low.message).toBe('钱包余额不足以支付此请求。服务返回：insufficient funds')
    } finally {
      setMainLanguage('en')
    }
  })
})
