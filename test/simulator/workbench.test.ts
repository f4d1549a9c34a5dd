/** The workbench extension: quotes, generation, SSE with resume, task GET, assets, expiry. */
import { imageDimensions } from '@shared/catalog'
import { type Simulator, startSimulator, WORKBENCH_FAIL_MARKER } from '@simulator'
import { fileBytes } from '@test/support/catalogFixtures'
import { call, rawSse, until } from '@test/support/simulatorClient'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let sim: Simulator
let skew = 0
beforeAll(async () => {
  sim = await startSimulator({
    timeScale: 1,
    timings: { workbenchQueuedMs: 40, workbenchStepMs: 60 },
    keepaliveMs: 25,
    quoteTtlMs: 60_000,
    now: () => Date.now() + skew,
  })
})
afterAll(() => sim.close())

const params = (over: Record<string, unknown> = {}) => ({
  model: 'art-v4.5',
  model_variant: 'art-diffusion-4-5-full',
  prompt: 'a fox in the snow',
  width: 1024,
  height: 1024,
  steps: 23,
  count: 2,
  seed: 77,
  ...over,
})

async function quote(over: Record<string, unknown> = {}, key?: string) {
  const r = await call(sim, 'POST', '/v1/art/estimate', { body: params(over), key })
  expect(r.status, r.text).toBe(200)
  return r.json().data
}

describe('estimate', () => {
  it('returns a quote with price, payment method, allowance usage and expiry', async () => {
    const q = await quote()
    expect(q).toMatchObject({
      quote_id: expect.stringMatching(/^quote_/),
      price_usd: 0.006,
      approximate: false,
      payment_method: 'allowance',
      allowance: { applies: true, used_usd: 0.006, remaining_usd: 4.994 },
      balance_sufficient: true,
    })
    expect(Date.parse(q.expires_at)).toBeGreaterThan(Date.now() + 50_000)
    const v5 = await quote(
      { model_variant: 'art-diffusion-5-full', count: 1 },
      sim.accounts.walletOnly.key,
    )
    expect(v5).toMatchObject({
      price_usd: 0.006,
      payment_method: 'wallet',
      allowance: { applies: false },
    })
    const empty = await quote({}, sim.accounts.emptyWallet.key)
    expect(empty).toMatchObject({ payment_method: 'wallet', balance_sufficient: false })
    expect(sim.ledger.charges()).toHaveLength(0)
  })
})

describe('generation, stream and resume', () => {
  it('POST generations → numeric task; GET task until completed with image URLs', async () => {
    const q = await quote()
    const crid = crypto.randomUUID()
    const r = await call(sim, 'POST', '/v1/art/generations', {
      body: { ...params(), quote_id: q.quote_id, client_request_id: crid },
    })
    expect(r.status, r.text).toBe(200)
    const task = r.json().data
    expect(task).toMatchObject({
      status: 'queued',
      model_variant: 'art-diffusion-4-5-full',
      client_request_id: crid,
      payment_method: 'allowance',
    })
    expect(typeof task.id).toBe('number')
    // Same client_request_id while running → generation_pending with the task ID to resume.
    const pending = await call(sim, 'POST', '/v1/art/generations', {
      body: { ...params(), quote_id: q.quote_id, client_request_id: crid },
    })
    expect(pending.status).toBe(409)
    expect(pending.json().error).toMatchObject({ code: 'generation_pending', task_id: task.id })
    let done: { status: string; images: { url: string; width: number }[] } = task
    await until(async () => {
      done = (await call(sim, 'GET', `/v1/art/generations/${task.id}`)).json().data
      return done.status === 'completed'
    })
    expect(done.images).toHaveLength(2)
    const png = Buffer.from(await (await fetch(done.images[0]?.url as string)).arrayBuffer())
    expect(imageDimensions(png)).toEqual({ width: 1024, height: 1024 })
    // After completion the same client_request_id returns the same task, charged once.
    const again = await call(sim, 'POST', '/v1/art/generations', {
      body: { ...params(), quote_id: q.quote_id, client_request_id: crid },
    })
    expect(again.json().data.id).toBe(task.id)
    expect(sim.ledger.charges().filter((c) => c.idempotencyKey === crid)).toMatchObject([
      { usd: 0.006, paidFrom: 'allowance' },
    ])
  })

  it('streams queued, previews with real images, keepalives and done', async () => {
    const q = await quote({ count: 1 })
    const { status, events, outcome } = await rawSse(sim, 'POST', '/v1/art/generations/stream', {
      body: {
        ...params({ count: 1 }),
        quote_id: q.quote_id,
        client_request_id: crypto.randomUUID(),
      },
    })
    expect(status).toBe(200)
    expect(outcome).toBe('end')
    const kinds = events.filter((e) => e.event !== 'keepalive').map((e) => e.event)
    expect(kinds).toEqual(['queued', 'preview', 'preview', 'preview', 'done'])
    expect(events.some((e) => e.event === 'keepalive')).toBe(true)
    const preview = JSON.parse(events.find((e) => e.event === 'preview')?.data as string)
    expect(imageDimensions(Buffer.from(preview.image, 'base64'))).toEqual({ width: 64, height: 64 })
    const done = JSON.parse(events.at(-1)?.data as string)
    expect(done).toMatchObject({ status: 'completed', images: [{ width: 1024, height: 1024 }] })
    expect(events.filter((e) => e.id).map((e) => Number(e.id))).toEqual([1, 2, 3, 4, 5])
  })

  it('a dropped stream resumes from Last-Event-ID on the events path without gaps or repeats', async () => {
    const q = await quote({ count: 1, prompt: 'resume me' })
    sim.faults.inject({
      route: 'POST /v1/art/generations/stream',
      kind: 'sse-drop',
      afterEvents: 2,
    })
    const first = await rawSse(sim, 'POST', '/v1/art/generations/stream', {
      body: {
        ...params({ count: 1, prompt: 'resume me' }),
        quote_id: q.quote_id,
        client_request_id: crypto.randomUUID(),
      },
    })
    expect(first.outcome).toBe('aborted')
    const got = first.events.filter((e) => e.id)
    const lastId = got.at(-1)?.id as string
    const taskId = JSON.parse(got[0]?.data as string).task_id
    const rest = await rawSse(sim, 'GET', `/v1/art/generations/${taskId}/events`, {
      headers: { 'Last-Event-ID': lastId },
    })
    const all = [...got, ...rest.events.filter((e) => e.id)]
    expect(all.map((e) => Number(e.id))).toEqual([1, 2, 3, 4, 5])
    expect(all.at(-1)?.event).toBe('done')
    // The events path of a finished task replays everything and ends.
    const replay = await rawSse(sim, 'GET', `/v1/art/generations/${taskId}/events`)
    expect(replay.events.filter((e) => e.id).map((e) => e.event)).toEqual([
      'queued',
      'preview',
      'preview',
      'preview',
      'done',
    ])
    expect(replay.outcome).toBe('end')
  })

  it('a failing task sends an error event and is refunded', async () => {
    const prompt = `doomed ${WORKBENCH_FAIL_MARKER}`
    const q = await quote({ prompt, count: 1 }, sim.accounts.walletOnly.key)
    const crid = crypto.randomUUID()
    const { events } = await rawSse(sim, 'POST', '/v1/art/generations/stream', {
      key: sim.accounts.walletOnly.key,
      body: { ...params({ prompt, count: 1 }), quote_id: q.quote_id, client_request_id: crid },
    })
    expect(events.filter((e) => e.id).map((e) => e.event)).toEqual(['queued', 'preview', 'error'])
    expect(JSON.parse(events.at(-1)?.data as string).error.code).toBe('generation_failed')
    expect(
      sim.ledger
        .charges()
        .filter((c) => c.idempotencyKey === crid)
        .map((c) => c.kind),
    ).toEqual(['charge', 'refund'])
  })
})

describe('quotes', () => {
  it('expire after their TTL, are bound to the parameters, and belong to one account', async () => {
    const q = await quote()
    const go = (over: Record<string, unknown>, key?: string) =>
      call(sim, 'POST', '/v1/art/generations', {
        key,
        body: { ...params(over), quote_id: q.quote_id, client_request_id: crypto.randomUUID() },
      })
    const changed = await go({ steps: 28 })
    expect(changed.status).toBe(409)
    expect(changed.json().error).toMatchObject({ code: 'quote_mismatch', param: 'quote_id' })
    expect((await go({}, sim.accounts.walletOnly.key)).json().error.code).toBe('quote_not_found')
    sim.faults.inject({ route: 'POST /v1/art/generations', kind: 'expire-quote' })
    expect((await go({})).json().error.code).toBe('quote_expired')
    skew = 61_000
    try {
      const expired = await go({})
      expect(expired.status).toBe(409)
      expect(expired.json().error).toMatchObject({ code: 'quote_expired', param: 'quote_id' })
    } finally {
      skew = 0
    }
    const before = sim.ledger.charges().length
    expect((await go({})).status).toBe(200)
    expect(sim.ledger.charges()).toHaveLength(before + 1)
  })
})

describe('assets', () => {
  it('uploads a file part, owned by the uploading account', async () => {
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(await fileBytes('png'))]), 'source.png')
    const r = await call(sim, 'POST', '/v1/art/assets', { form })
    expect(r.status, r.text).toBe(200)
    const asset = r.json().data
    expect(asset).toMatchObject({
      id: expect.stringMatching(/^asset_/),
      type: 'image/png',
      width: 48,
      height: 32,
    })
    expect(
      (
        await call(sim, 'POST', '/v1/art/estimate', {
          body: params({ source_asset_id: asset.id, source_strength: 0.6 }),
        })
      ).status,
    ).toBe(200)
    const foreign = await call(sim, 'POST', '/v1/art/estimate', {
      key: sim.accounts.walletOnly.key,
      body: params({ source_asset_id: asset.id }),
    })
    expect(foreign.status).toBe(404)
    expect(foreign.json().error).toMatchObject({
      code: 'asset_not_found',
      param: 'source_asset_id',
    })
  })

  it('refuses non-images, a missing file part and a body that is not multipart', async () => {
    const text = new FormData()
    text.append('file', new Blob([new Uint8Array(await fileBytes('text'))]), 'notes.txt')
    expect((await call(sim, 'POST', '/v1/art/assets', { form: text })).json().error.param).toBe(
      'file',
    )
    const none = new FormData()
    none.append('other', 'x')
    expect((await call(sim, 'POST', '/v1/art/assets', { form: none })).json().error.param).toBe(
      'file',
    )
    const json = await call(sim, 'POST', '/v1/art/assets', { body: { file: 'x' } })
    expect(json.status).toBe(400)
    expect(json.json().error.param).toBe('Content-Type')
  })
})
