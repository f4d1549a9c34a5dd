/** Accounts, rights, the ledger and idempotency (one charge per key; in-flight → pending). */
import type { Simulator } from '@simulator'
import { call, fastSimulator } from '@test/support/simulatorClient'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let sim: Simulator
beforeAll(async () => {
  // Images take 150 ms so a second request can arrive while the first is running.
  sim = await fastSimulator({
    timeScale: 1,
    timings: { imageMs: 150, textMs: 0, nativeMs: 0, textChunkMs: 0 },
  })
})
afterAll(() => sim.close())

const image = { model: 'std-image-2', prompt: 'idempotent kite' }

describe('authentication and account rights', () => {
  it('401 for a missing or unknown key, with the OpenAI-style body', async () => {
    for (const key of [null, 'sk-not-a-real-key']) {
      const r = await call(sim, 'GET', '/v1/models', { key })
      expect(r.status).toBe(401)
      expect(r.json().error).toMatchObject({
        type: 'authentication_error',
        code: 'invalid_api_key',
        param: null,
      })
      expect(r.headers.get('www-authenticate')).toBe('Bearer')
    }
  })

  it('the restricted key lists and uses only its models; others get 403', async () => {
    const key = sim.accounts.restricted.key
    const ids = (await call(sim, 'GET', '/v1/models', { key }))
      .json()
      .data.map((m: { id: string }) => m.id)
    expect(ids).toEqual([
      'std-image-2',
      'std-image-2.5-sunburst',
      'art-v4.5',
      'motion-2.0-fast',
      'clip-h3',
      'std-6-sol',
      'lite-v4.1-flash',
    ])
    const refused = await call(sim, 'POST', '/v1/images/generations', {
      key,
      body: { model: 'still-5.0-pro', prompt: 'x' },
    })
    expect(refused.status).toBe(403)
    expect(refused.json().error).toMatchObject({ code: 'permission_denied', param: 'model' })
    const native = await call(sim, 'POST', '/ai/generate-image', {
      key,
      body: {
        input: 'x',
        model: 'art-diffusion-5-full',
        action: 'generate',
        parameters: { width: 64, height: 64, steps: 1, n_samples: 1 },
      },
    })
    expect(native.status).toBe(403)
    const workbenchV5 = await call(sim, 'POST', '/v1/art/estimate', {
      key,
      body: {
        model: 'art-v4.5',
        model_variant: 'art-diffusion-5-full',
        prompt: 'x',
        width: 64,
        height: 64,
        steps: 1,
        count: 1,
      },
    })
    expect(workbenchV5.status).toBe(403)
    expect((await call(sim, 'POST', '/v1/images/generations', { key, body: image })).status).toBe(
      200,
    )
  })

  it('model_not_found for unknown models and for compact-2-sfw (web workspace only)', async () => {
    for (const model of ['gpt-9', 'compact-2-sfw']) {
      const r = await call(sim, 'POST', '/v1/images/generations', { body: { model, prompt: 'x' } })
      expect(r.status).toBe(404)
      expect(r.json().error.code).toBe('model_not_found')
    }
    const ids = (await call(sim, 'GET', '/v1/models')).json().data.map((m: { id: string }) => m.id)
    expect(ids).not.toContain('compact-2-sfw')
  })

  it('an empty wallet gets 402 insufficient_balance, nothing charged, for paid and text calls', async () => {
    const key = sim.accounts.emptyWallet.key
    const before = sim.ledger.charges().length
    const r = await call(sim, 'POST', '/v1/images/generations', {
      key,
      body: image,
      headers: { 'Idempotency-Key': 'empty-1' },
    })
    expect(r.status).toBe(402)
    expect(r.json().error).toMatchObject({ code: 'insufficient_balance', type: 'billing_error' })
    const chat = await call(sim, 'POST', '/v1/chat/completions', {
      key,
      body: { model: 'std-6-sol', messages: [{ role: 'user', content: 'hi' }] },
    })
    expect(chat.status).toBe(402)
    expect(sim.ledger.charges()).toHaveLength(before)
    // The refused key was released, not left pending: a repeat is refused again, not 409.
    expect(
      (
        await call(sim, 'POST', '/v1/images/generations', {
          key,
          body: image,
          headers: { 'Idempotency-Key': 'empty-1' },
        })
      ).status,
    ).toBe(402)
  })

  it('the wallet-only account pays for art-v5 on the native endpoint from its wallet', async () => {
    const key = sim.accounts.walletOnly.key
    const before = sim.accounts.walletOnly.balanceUsd()
    const r = await call(sim, 'POST', '/ai/generate-image', {
      key,
      headers: { Accept: 'application/json' },
      body: {
        input: 'x',
        model: 'art-diffusion-5-full',
        action: 'generate',
        parameters: { width: 1024, height: 1024, steps: 23, n_samples: 2 },
      },
    })
    expect(r.status).toBe(200)
    expect(r.json().images).toHaveLength(2)
    expect(sim.ledger.charges().at(-1)).toMatchObject({
      account: 'walletOnly',
      model: 'art-diffusion-5-full',
      usd: 0.012,
      paidFrom: 'wallet',
    })
    expect(sim.accounts.walletOnly.balanceUsd()).toBeCloseTo(before - 0.012, 9)
  })
})

describe('idempotency and the ledger', () => {
  it('the same Idempotency-Key returns the same result and charges once', async () => {
    const key = crypto.randomUUID()
    const before = sim.ledger.charges().length
    const a = await call(sim, 'POST', '/v1/images/generations', {
      body: image,
      headers: { 'Idempotency-Key': key },
    })
    const b = await call(sim, 'POST', '/v1/images/generations', {
      body: image,
      headers: { 'Idempotency-Key': key },
    })
    expect(a.status).toBe(200)
    expect(b.text).toBe(a.text)
    expect(b.headers.get('idempotent-replayed')).toBe('true')
    const charges = sim.ledger.charges().slice(before)
    expect(charges).toEqual([
      expect.objectContaining({
        key: sim.accounts.full.key,
        account: 'full',
        route: 'POST /v1/images/generations',
        model: 'std-image-2',
        usd: 0.01,
        micros: 10_000,
        idempotencyKey: key,
        kind: 'charge',
      }),
    ])
    // A new key is a new generation.
    await call(sim, 'POST', '/v1/images/generations', {
      body: image,
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    })
    expect(sim.ledger.charges().slice(before)).toHaveLength(2)
  })

  it('the same key while the first is running → 409 generation_pending; then the result', async () => {
    const key = crypto.randomUUID()
    const first = call(sim, 'POST', '/v1/images/generations', {
      body: image,
      headers: { 'Idempotency-Key': key },
    })
    await new Promise((r) => setTimeout(r, 50))
    const second = await call(sim, 'POST', '/v1/images/generations', {
      body: image,
      headers: { 'Idempotency-Key': key },
    })
    expect(second.status).toBe(409)
    expect(second.json().error.code).toBe('generation_pending')
    expect(second.headers.get('retry-after')).toBe('1')
    const done = await first
    const third = await call(sim, 'POST', '/v1/images/generations', {
      body: image,
      headers: { 'Idempotency-Key': key },
    })
    expect(third.text).toBe(done.text)
    expect(sim.ledger.charges().filter((c) => c.idempotencyKey === key)).toHaveLength(1)
  })

  it('the same key with a different body is refused, and keys are per account', async () => {
    const key = crypto.randomUUID()
    await call(sim, 'POST', '/v1/images/generations', {
      body: image,
      headers: { 'Idempotency-Key': key },
    })
    const other = await call(sim, 'POST', '/v1/images/generations', {
      body: { ...image, prompt: 'another prompt' },
      headers: { 'Idempotency-Key': key },
    })
    expect(other.status).toBe(409)
    expect(other.json().error).toMatchObject({
      code: 'idempotency_key_reused',
      param: 'Idempotency-Key',
    })
    const walletOnly = await call(sim, 'POST', '/v1/images/generations', {
      key: sim.accounts.walletOnly.key,
      body: image,
      headers: { 'Idempotency-Key': key },
    })
    expect(walletOnly.status).toBe(200)
    expect(
      sim.ledger
        .charges()
        .filter((c) => c.idempotencyKey === key)
        .map((c) => c.account),
    ).toEqual(['full', 'walletOnly'])
  })

  it('totals per key and overall, in exact micro-dollars', async () => {
    const all = sim.ledger.charges()
    const sum = (k?: string) =>
      all.filter((c) => !k || c.key === k).reduce((s, c) => s + c.micros, 0)
    expect(sim.ledger.totalMicros()).toBe(sum())
    expect(sim.ledger.total(sim.accounts.full.key)).toBe(sum(sim.accounts.full.key) / 1e6)
    expect(sim.accounts.full.balanceUsd()).toBeCloseTo(1000 - sum(sim.accounts.full.key) / 1e6, 9)
  })
})

describe('rate limit', () => {
  it('429 with Retry-After seconds once a key exceeds its window', async () => {
    const limited = await fastSimulator({ rateLimit: { requests: 3, windowMs: 60_000 } })
    try {
      const statuses: number[] = []
      for (let i = 0; i < 4; i++) statuses.push((await call(limited, 'GET', '/v1/models')).status)
      expect(statuses).toEqual([200, 200, 200, 429])
      const r = await call(limited, 'GET', '/v1/models')
      expect(r.json().error.code).toBe('rate_limit_exceeded')
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(59)
      // Per key: another account is not limited.
      expect(
        (await call(limited, 'GET', '/v1/models', { key: limited.accounts.walletOnly.key })).status,
      ).toBe(200)
    } finally {
      await limited.close()
    }
  })
})
