import diagnosticsChannel from 'node:diagnostics_channel'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import type { Clock } from '@main/adapters/clock/Clock'
import { usableCatalogModels } from '@main/services/client/accountModels'
import { newIdempotencyKey, ServiceClient } from '@main/services/client/ServiceClient'
import type { ArtEvent } from '@main/services/client/types'
import { Diagnostics } from '@main/services/diagnostics/Diagnostics'
import { DownloadService } from '@main/services/downloads/DownloadService'
import { type AppError, isAppFailure } from '@shared/result'
import { type Simulator, startSimulator } from '@simulator/index'
import sharp from 'sharp'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

/**
 * The client and downloads against the real simulator over loopback: every endpoint, the
 * simulator's fault modes, and the rule that the key never reaches the CDN origin.
 */

let sim: Simulator
let dir: string
let refA: string
let refB: string
const sleeps: number[] = []
/** Real time, but backoff sleeps are recorded and shortened so fault tests run fast. */
const fastClock: Clock = {
  now: () => Date.now(),
  random: () => 0.5,
  sleep: (ms, signal) => {
    sleeps.push(ms)
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(new Error('aborted'))
      setTimeout(resolve, Math.min(ms, 20))
    })
  },
}

const clients: ServiceClient[] = []
function connect(key = sim.accounts.full.key, diagnostics?: Diagnostics) {
  const client = new ServiceClient({
    connection: async () => ({ baseUrl: sim.baseUrl, key }),
    clock: fastClock,
    ...(diagnostics ? { diagnostics } : {}),
  })
  clients.push(client)
  return { client, downloads: new DownloadService({ client }) }
}

async function errorOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise
  } catch (e) {
    if (isAppFailure(e)) return e.error
    throw e
  }
  throw new Error('expected a failure')
}

const target = (baseName: string) => ({ dir, baseName, accept: ['png', 'jpeg', 'webp'] as const })
const isPng = (path: string) =>
  readFileSync(path).subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex'))
const chargesFor = (key: string) => sim.ledger.charges().filter((c) => c.idempotencyKey === key)

beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0.002, keepaliveMs: 40 })
  dir = mkdtempSync(join(tmpdir(), 'client-sim-'))
  refA = join(dir, 'ref-a.png')
  refB = join(dir, 'ref-b.jpg')
  writeFileSync(
    refA,
    await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } })
      .png()
      .toBuffer(),
  )
  writeFileSync(
    refB,
    await sharp({ create: { width: 40, height: 40, channels: 3, background: '#3c3' } })
      .jpeg()
      .toBuffer(),
  )
})
afterEach(async () => {
  sim.faults.clear()
  sleeps.length = 0
  await Promise.all(clients.splice(0).map((c) => c.close()))
})
afterAll(async () => {
  await sim.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('endpoints', () => {
  it('GET /v1/models, and which catalog models each account may use', async () => {
    const models = await connect().client.listModels()
    expect(models).toContain('std-image-2')
    expect(usableCatalogModels(models)).toContain('motion-2.5')
    const restricted = await connect(sim.accounts.restricted.key).client.listModels()
    const usable = usableCatalogModels(restricted)
    expect(usable).toContain('clip-h3')
    expect(usable).not.toContain('motion-2.5')
  })

  it('image generation (url and b64_json) saved as verified PNG files; one charge per key', async () => {
    const { client, downloads } = connect()
    const key = newIdempotencyKey()
    const result = await client.generateImages(
      { model: 'std-image-2', prompt: 'a red fox' },
      { idempotencyKey: key },
    )
    const url = result.images[0]!.url!
    expect(new URL(url).origin).toBe(sim.cdnOrigin)
    const saved = await downloads.fromUrl(url, target('gen-url'))
    expect(saved.kind).toBe('png')
    expect(isPng(saved.path)).toBe(true)

    const again = await client.generateImages(
      { model: 'std-image-2', prompt: 'a red fox' },
      { idempotencyKey: key },
    )
    expect(again.images[0]!.url).toBe(url)
    expect(chargesFor(key)).toHaveLength(1)

    const b64 = await client.generateImages(
      { model: 'std-image-2', prompt: 'a blue fox', response_format: 'b64_json' },
      { idempotencyKey: newIdempotencyKey() },
    )
    const file = await downloads.saveBase64(b64.images[0]!.b64!, target('gen-b64'))
    expect(isPng(file.path)).toBe(true)
  })

  it('image edits: one file as "image", several as "image[]", multipart the server accepts', async () => {
    const { client } = connect()
    const one = await client.editImages(
      { model: 'std-image-2', prompt: 'make it blue', images: [{ path: refA }] },
      { idempotencyKey: newIdempotencyKey() },
    )
    expect(one.images).toHaveLength(1)
    const two = await client.editImages(
      { model: 'std-image-2', prompt: 'combine', images: [{ path: refA }, { path: refB }] },
      { idempotencyKey: newIdempotencyKey() },
    )
    expect(two.images).toHaveLength(1)
    const edits = sim.requests().filter((r) => r.path === '/v1/images/edits')
    expect(edits.map((r) => r.status)).toEqual([200, 200])
    expect(String(edits[0]!.headers['content-type'])).toMatch(/^multipart\/form-data; boundary=/)
  })

  it('video: create, poll to completed, download the content (and via a CDN redirect)', async () => {
    const { client, downloads } = connect()
    const task = await client.createVideo(
      { model: 'motion-2.0-fast', prompt: 'waves at dusk', duration: 5, resolution: '480p' },
      { idempotencyKey: newIdempotencyKey() },
    )
    let status = task.status
    for (let i = 0; i < 200 && status !== 'completed'; i++) {
      await new Promise((r) => setTimeout(r, 20))
      status = (await client.getVideo(task.id)).status
    }
    expect(status).toBe('completed')
    const saved = await downloads.videoContent(task.id, {
      dir,
      baseName: 'video',
      accept: ['mp4', 'webm'],
    })
    expect(saved.kind).toBe('mp4')

    const redirecting = await startSimulator({ timeScale: 0, videoContentRedirect: true })
    try {
      const c = new ServiceClient({
        connection: async () => ({
          baseUrl: redirecting.baseUrl,
          key: redirecting.accounts.full.key,
        }),
      })
      clients.push(c)
      const t = await c.createVideo(
        { model: 'motion-2.0-fast', prompt: 'rain', duration: 5 },
        { idempotencyKey: newIdempotencyKey() },
      )
      for (let i = 0; i < 50 && (await c.getVideo(t.id)).status !== 'completed'; i++)
        await new Promise((r) => setTimeout(r, 10))
      const viaCdn = await new DownloadService({ client: c }).videoContent(t.id, {
        dir,
        baseName: 'video-cdn',
        accept: ['mp4'],
      })
      expect(viaCdn.kind).toBe('mp4')
      expect(redirecting.cdnRequests().length).toBeGreaterThan(0)
      expect(redirecting.cdnRequests().every((r) => r.headers.authorization === undefined)).toBe(
        true,
      )
      expect(redirecting.requests().find((r) => r.path.endsWith('/content'))?.status).toBe(302)
    } finally {
      await redirecting.close()
    }
  })

  it('native endpoint: JSON (Base64) and ZIP (extracted with limits)', async () => {
    const { client, downloads } = connect()
    const req = {
      input: 'a castle on a hill',
      model: 'art-diffusion-4-5-full',
      action: 'generate' as const,
      parameters: { width: 512, height: 512, steps: 12, n_samples: 2 },
    }
    const images = await client.generateArtNativeJson(req, { idempotencyKey: newIdempotencyKey() })
    expect(images).toHaveLength(2)
    const fromJson = await downloads.saveBase64(images[0]!, target('native-json'))
    expect(isPng(fromJson.path)).toBe(true)
    const files = await downloads.nativeArtZip(
      req,
      { idempotencyKey: newIdempotencyKey() },
      { dir, baseName: 'native-zip' },
    )
    expect(files.map((f) => f.path)).toEqual([
      join(dir, 'native-zip-1.png'),
      join(dir, 'native-zip-2.png'),
    ])
    expect(readdirSync(dir).filter((f) => f.endsWith('.part') || f.endsWith('.zip'))).toEqual([])
  })

  const wb = {
    model: 'art-v4.5' as const,
    model_variant: 'art-diffusion-4-5-full',
    prompt: 'a lighthouse in fog',
    width: 512,
    height: 512,
    steps: 12,
    count: 1,
  }

  it('workbench: asset, estimate, generation, task, stream and resume', async () => {
    const { client } = connect()
    const asset = await client.uploadArtAsset({ path: refA })
    expect(asset.id).toMatch(/^asset_/)
    const quote = await client.estimateArt(wb)
    expect(quote.quoteId).toBeTruthy()
    const task = await client.submitArt({
      ...wb,
      quote_id: quote.quoteId,
      client_request_id: newIdempotencyKey(),
    })
    expect(task.id).toMatch(/^\d+$/)
    expect((await client.getArtTask(task.id)).id).toBe(task.id)

    const q2 = await client.estimateArt({ ...wb, prompt: 'a lighthouse at night' })
    const events: ArtEvent[] = []
    for await (const e of client.streamArt({
      ...wb,
      prompt: 'a lighthouse at night',
      quote_id: q2.quoteId,
      client_request_id: newIdempotencyKey(),
    })) {
      events.push(e)
    }
    const kinds = events.map((e) => e.event)
    expect(kinds).toContain('preview')
    expect(kinds.at(-1)).toBe('done')
    const resumed: string[] = []
    for await (const e of client.artEvents(task.id)) resumed.push(e.event)
    expect(resumed.at(-1)).toBe('done')
  })

  it('chat (plain and streamed), responses and responses/compact', async () => {
    const { client } = connect()
    const messages = [{ role: 'user' as const, content: 'Say something short.' }]
    const reply = await client.chat({ model: 'std-6-sol', messages })
    expect(reply.content.length).toBeGreaterThan(0)
    let streamed = ''
    for await (const d of client.chatStream({ model: 'lite-v4.1-flash', messages }))
      streamed += d.content
    expect(streamed.length).toBeGreaterThan(0)
    expect(
      (await client.responses({ model: 'std-6-astra', input: 'Hello' })).text.length,
    ).toBeGreaterThan(0)
    expect((await client.responsesCompact({ model: 'std-5.6-sol', input: 'Hello' })).text).toMatch(
      /Summary/,
    )
  })
})

describe('account errors', () => {
  it('a wrong key → auth; a restricted key → forbidden; an empty wallet → wallet message', async () => {
    expect(
      await errorOf(connect('sk-sim-wrong-key-000000000000').client.listModels()),
    ).toMatchObject({
      code: 'auth',
      action: 'Check the key in Settings.',
    })
    const forbidden = await errorOf(
      connect(sim.accounts.restricted.key).client.createVideo(
        { model: 'motion-2.5', prompt: 'x y z' },
        { idempotencyKey: newIdempotencyKey() },
      ),
    )
    expect(forbidden).toMatchObject({ code: 'forbidden', status: 403 })
    const wallet = await errorOf(
      connect(sim.accounts.emptyWallet.key).client.generateImages(
        { model: 'std-image-2', prompt: 'cat' },
        { idempotencyKey: newIdempotencyKey() },
      ),
    )
    expect(wallet.code).toBe('forbidden')
    expect(wallet.message).toMatch(/wallet/)
  })
})

describe('fault modes', () => {
  it('reset after the charge: the retry reuses the key and is not charged twice', async () => {
    const { client } = connect()
    sim.faults.inject({ kind: 'reset', route: 'POST /v1/images/generations' })
    const key = newIdempotencyKey()
    const result = await client.generateImages(
      { model: 'std-image-2', prompt: 'reset me' },
      { idempotencyKey: key },
    )
    expect(result.images).toHaveLength(1)
    const attempts = sim
      .requests()
      .filter((r) => r.path === '/v1/images/generations' && r.headers['idempotency-key'] === key)
    expect(attempts).toHaveLength(2)
    expect(chargesFor(key)).toHaveLength(1)
  })

  it('a stall times out and the GET is retried', async () => {
    const { client } = connect()
    const before = sim.faults.fired().length
    sim.faults.inject({ kind: 'stall', route: 'GET /v1/models', stallMs: 3000 })
    expect((await client.listModels({ headersTimeoutMs: 300 })).length).toBeGreaterThan(0)
    expect(
      sim.faults
        .fired()
        .slice(before)
        .map((f) => f.kind),
    ).toEqual(['stall'])
  })

  it('5xx and 429 honour Retry-After, then succeed', async () => {
    const { client } = connect()
    sim.faults.inject({
      kind: 'status',
      status: 503,
      retryAfterSeconds: 2,
      route: 'GET /v1/models',
    })
    sim.faults.inject({
      kind: 'status',
      status: 429,
      retryAfterSeconds: 3,
      route: 'GET /v1/models',
    })
    await client.listModels()
    expect(sleeps).toEqual([2000, 3000])
  })

  it('persistent 500s end as server errors after the bounded attempts', async () => {
    const { client } = connect()
    sim.faults.inject({ kind: 'status', status: 500, route: 'GET /v1/videos/*', times: Infinity })
    const error = await errorOf(client.getVideo('video_x'))
    expect(error).toMatchObject({ code: 'server', status: 500, taskId: 'video_x' })
    expect(sim.requests().filter((r) => r.path === '/v1/videos/video_x')).toHaveLength(4)
  })

  it('a truncated JSON body and a body reset mid-way are retried', async () => {
    const { client } = connect()
    const before = sim.faults.fired().length
    sim.faults.inject({ kind: 'truncate', route: 'GET /v1/models' })
    sim.faults.inject({ kind: 'reset-mid-body', route: 'GET /v1/models' })
    expect((await client.listModels()).length).toBeGreaterThan(0)
    const fired = sim.faults
      .fired()
      .slice(before)
      .map((f) => f.kind)
    expect(fired.sort()).toEqual(['reset-mid-body', 'truncate'])
  })

  it('a truncated CDN download is retried and never leaves a partial file', async () => {
    const { downloads } = connect()
    const url = sim.cdnSyntheticUrl(3 * 1024 * 1024, { magic: 'png' })
    sim.faults.inject({ kind: 'truncate', target: 'cdn' })
    const saved = await downloads.fromUrl(url, target('truncated'))
    expect(saved.bytes).toBe(3 * 1024 * 1024)
    sim.faults.inject({ kind: 'truncate', target: 'cdn', times: Infinity })
    expect((await errorOf(downloads.fromUrl(url, target('truncated-always')))).code).toBe('network')
    expect(readdirSync(dir).filter((f) => f.includes('truncated-always'))).toEqual([])
  })

  it('an expired CDN URL → not_found with advice', async () => {
    const { downloads } = connect()
    sim.faults.inject({ kind: 'expire-cdn-url', target: 'cdn' })
    const error = await errorOf(
      downloads.fromUrl(sim.cdnSyntheticUrl(1000, { magic: 'png' }), target('expired')),
    )
    expect(error.code).toBe('not_found')
    expect(error.message).toMatch(/temporary/)
  })

  it('an expired quote → quote_expired (re-quote)', async () => {
    const { client } = connect()
    const quote = await client.estimateArt(wbFor('expired quote'))
    sim.faults.inject({ kind: 'expire-quote' })
    const error = await errorOf(
      client.submitArt({
        ...wbFor('expired quote'),
        quote_id: quote.quoteId,
        client_request_id: newIdempotencyKey(),
      }),
    )
    expect(error.code).toBe('quote_expired')
    expect(error.action).toMatch(/new quote/)
  })

  it('a dropped SSE stream → network; resuming with Last-Event-ID reaches done', async () => {
    const { client } = connect()
    const quote = await client.estimateArt(wbFor('dropped stream'))
    sim.faults.inject({
      kind: 'sse-drop',
      route: 'POST /v1/art/generations/stream',
      afterEvents: 1,
    })
    let lastId: string | undefined
    let taskId: string | undefined
    const error = await errorOf(
      (async () => {
        for await (const e of client.streamArt({
          ...wbFor('dropped stream'),
          quote_id: quote.quoteId,
          client_request_id: newIdempotencyKey(),
        })) {
          lastId = e.id ?? lastId
          const data = e.data as { task_id?: number; id?: number }
          taskId = String(data.task_id ?? data.id ?? taskId)
        }
      })(),
    )
    expect(error.code).toBe('network')
    expect(taskId).toMatch(/^\d+$/)
    const rest: string[] = []
    for await (const e of client.artEvents(taskId!, lastId ? { lastEventId: lastId } : {}))
      rest.push(e.event)
    expect(rest.at(-1)).toBe('done')
  })

  it('generation_pending while the first request with the same key still runs', async () => {
    const slow = await startSimulator({ timeScale: 1, timings: { imageMs: 600 } })
    try {
      const make = () => {
        const c = new ServiceClient({
          connection: async () => ({ baseUrl: slow.baseUrl, key: slow.accounts.full.key }),
        })
        clients.push(c)
        return c
      }
      const key = newIdempotencyKey()
      const req = { model: 'std-image-2', prompt: 'slow one' }
      const first = make().generateImages(req, { idempotencyKey: key })
      await new Promise((r) => setTimeout(r, 150))
      const second = await errorOf(make().generateImages(req, { idempotencyKey: key }))
      expect(second).toMatchObject({ code: 'pending', status: 409, retryAfterMs: 1000 })
      expect(second.action).toMatch(/same request key/)
      expect((await first).images).toHaveLength(1)
      expect(slow.ledger.charges().filter((c) => c.idempotencyKey === key)).toHaveLength(1)
    } finally {
      await slow.close()
    }
  })
})

describe('the key never reaches the CDN', () => {
  it('undici diagnostics and the simulator CDN log show no Authorization; diagnostics hold no key', async () => {
    const seen: Array<{ origin: string; headers: string[] }> = []
    const onCreate = (m: unknown) => {
      const { request } = m as { request: { origin: string; headers: string[] | string } }
      const headers = Array.isArray(request.headers)
        ? request.headers.map(String)
        : String(request.headers).split('\r\n')
      seen.push({ origin: String(request.origin), headers })
    }
    diagnosticsChannel.subscribe('undici:request:create', onCreate)
    const diagnostics = new Diagnostics({ dir: null })
    try {
      const cdnBefore = sim.cdnRequests().length
      const { client, downloads } = connect(sim.accounts.full.key, diagnostics)
      const result = await client.generateImages(
        { model: 'std-image-2', prompt: 'no key at the cdn' },
        { idempotencyKey: newIdempotencyKey() },
      )
      await downloads.fromUrl(result.images[0]!.url!, target('cdn-check'))
      const cdnSide = seen.filter((r) => r.origin === sim.cdnOrigin)
      const apiSide = seen.filter((r) => r.origin === sim.baseUrl)
      expect(cdnSide.length).toBeGreaterThan(0)
      expect(apiSide.length).toBeGreaterThan(0)
      expect(cdnSide.some((r) => r.headers.some((h) => /authorization/i.test(h)))).toBe(false)
      expect(apiSide.every((r) => r.headers.some((h) => /authorization/i.test(h)))).toBe(true)
      const cdnLog = sim.cdnRequests().slice(cdnBefore)
      expect(cdnLog.length).toBeGreaterThan(0)
      expect(cdnLog.every((r) => r.headers.authorization === undefined)).toBe(true)
      expect(JSON.stringify(await diagnostics.export())).not.toContain(sim.accounts.full.key)
    } finally {
      diagnosticsChannel.unsubscribe('undici:request:create', onCreate)
    }
  })
})

function wbFor(prompt: string) {
  return {
    model: 'art-v4.5' as const,
    model_variant: 'art-diffusion-4-5-full',
    prompt,
    width: 512,
    height: 512,
    steps: 12,
    count: 1,
  }
}
