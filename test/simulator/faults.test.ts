/** Fault injection: every kind, per route, deterministic by seed, and what it does to money. */
import { request } from 'node:http'

import { type Simulator, startSimulator } from '@simulator'
import { call, fastSimulator, rawSse } from '@test/support/simulatorClient'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let sim: Simulator
beforeAll(async () => {
  sim = await fastSimulator()
})
afterAll(() => sim.close())

const image = { model: 'std-image-2', prompt: 'faulty kite' }

/** A raw request that reports how the response ended: bytes received and how. */
function rawPost(path: string, body: unknown, key = sim.accounts.full.key) {
  return new Promise<{
    status?: number
    declared?: number
    received: number
    outcome: 'end' | 'error' | 'aborted'
  }>((resolve) => {
    const data = JSON.stringify(body)
    const req = request(`${sim.baseUrl}${path}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${key}`,
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(data),
      },
    })
    req.on('response', (res) => {
      let received = 0
      res.on('data', (c: Buffer) => (received += c.length))
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          declared: Number(res.headers['content-length']),
          received,
          outcome: 'end',
        }),
      )
      res.on('aborted', () =>
        resolve({
          status: res.statusCode,
          declared: Number(res.headers['content-length']),
          received,
          outcome: 'aborted',
        }),
      )
      res.on('error', () =>
        resolve({
          status: res.statusCode,
          declared: Number(res.headers['content-length']),
          received,
          outcome: 'aborted',
        }),
      )
    })
    req.on('error', () => resolve({ received: 0, outcome: 'error' }))
    req.end(data)
  })
}

describe('faults', () => {
  it("reset 'before' the handler: no response and nothing charged", async () => {
    const before = sim.ledger.charges().length
    sim.faults.inject({ route: 'POST /v1/images/generations', kind: 'reset', phase: 'before' })
    expect((await rawPost('/v1/images/generations', image)).outcome).toBe('error')
    expect(sim.ledger.charges()).toHaveLength(before)
    expect(sim.faults.fired().at(-1)).toMatchObject({
      kind: 'reset',
      path: '/v1/images/generations',
    })
  })

  it("reset 'after' (default): charged, response lost; the same key then replays without a second charge", async () => {
    const key = crypto.randomUUID()
    sim.faults.inject({ route: 'POST /v1/images/generations', kind: 'reset' })
    await expect(
      call(sim, 'POST', '/v1/images/generations', {
        body: image,
        headers: { 'Idempotency-Key': key },
      }),
    ).rejects.toThrow()
    expect(sim.ledger.charges().filter((c) => c.idempotencyKey === key)).toHaveLength(1)
    const retry = await call(sim, 'POST', '/v1/images/generations', {
      body: image,
      headers: { 'Idempotency-Key': key },
    })
    expect(retry.status).toBe(200)
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
    expect(sim.ledger.charges().filter((c) => c.idempotencyKey === key)).toHaveLength(1)
  })

  it('reset mid-body and truncated body: part of the declared length arrives', async () => {
    sim.faults.inject({
      route: 'POST /v1/images/generations',
      kind: 'reset-mid-body',
      afterBytes: 10,
    })
    const mid = await rawPost('/v1/images/generations', image)
    expect(mid).toMatchObject({ status: 200, received: 10, outcome: 'aborted' })
    expect(mid.declared).toBeGreaterThan(10)
    sim.faults.inject({ route: 'POST /v1/images/generations', kind: 'truncate', afterBytes: 20 })
    const cut = await rawPost('/v1/images/generations', image)
    expect(cut).toMatchObject({ status: 200, received: 20, outcome: 'aborted' })
  })

  it('status faults: 500 before the handler (no charge) and 429/503 with Retry-After', async () => {
    const before = sim.ledger.charges().length
    sim.faults.inject({
      route: 'POST /v1/images/*',
      kind: 'status',
      status: 503,
      retryAfterSeconds: 7,
    })
    const r = await call(sim, 'POST', '/v1/images/generations', { body: image })
    expect(r.status).toBe(503)
    expect(r.headers.get('retry-after')).toBe('7')
    expect(r.json().error.type).toBe('server_error')
    sim.faults.inject({ route: '/v1/models', kind: 'status', status: 429 })
    const limited = await call(sim, 'GET', '/v1/models')
    expect(limited.status).toBe(429)
    expect(limited.json().error.code).toBe('rate_limit_exceeded')
    expect(sim.ledger.charges()).toHaveLength(before)
    // A rule fires `times` times only.
    expect((await call(sim, 'GET', '/v1/models')).status).toBe(200)
  })

  it('stall: no bytes for stallMs', async () => {
    sim.faults.inject({ route: 'GET /v1/models', kind: 'stall', stallMs: 300 })
    const t0 = performance.now()
    expect((await call(sim, 'GET', '/v1/models')).status).toBe(200)
    expect(performance.now() - t0).toBeGreaterThanOrEqual(290)
  })

  it('SSE dropped after N events (chat stream)', async () => {
    sim.faults.inject({ route: 'POST /v1/chat/completions', kind: 'sse-drop', afterEvents: 2 })
    const { events, outcome } = await rawSse(sim, 'POST', '/v1/chat/completions', {
      body: {
        model: 'std-6-sol',
        messages: [{ role: 'user', content: 'a long answer please' }],
        stream: true,
      },
    })
    expect(outcome).toBe('aborted')
    expect(events).toHaveLength(2)
    expect(events.some((e) => e.data === '[DONE]')).toBe(false)
  })

  it('probability is decided by the seeded generator: same seed, same decisions', async () => {
    const decisions = async (seed: number) => {
      const s = await startSimulator({ timeScale: 0, seed })
      try {
        s.faults.inject({
          route: 'GET /v1/models',
          kind: 'status',
          status: 500,
          probability: 0.5,
          times: Infinity,
        })
        const out: number[] = []
        for (let i = 0; i < 16; i++) out.push((await call(s, 'GET', '/v1/models')).status)
        return out
      } finally {
        await s.close()
      }
    }
    const a = await decisions(42)
    expect(await decisions(42)).toEqual(a)
    expect(a).toContain(500)
    expect(a).toContain(200)
    expect(await decisions(7)).not.toEqual(a)
  })

  it('clear() removes pending rules and rules match only their route', async () => {
    sim.faults.inject({ route: 'POST /v1/videos', kind: 'status', status: 500, times: Infinity })
    expect((await call(sim, 'GET', '/v1/models')).status).toBe(200)
    sim.faults.clear()
    expect(
      (await call(sim, 'POST', '/v1/videos', { body: { model: 'motion-2.0-fast', prompt: 'x' } }))
        .status,
    ).toBe(200)
  })
})
