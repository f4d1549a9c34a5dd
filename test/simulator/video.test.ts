/** Video tasks: lifecycle with progress, content bytes or redirect, failure with refund. */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'

import { type Simulator, startSimulator, VIDEO_FAIL_MARKER } from '@simulator'
import { SAMPLE_MP4_BASE64 } from '@simulator/fixtures/media'
import { call, fastSimulator, until } from '@test/support/simulatorClient'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let sim: Simulator
let clock = 1_800_000_000_000
beforeAll(async () => {
  // Queued 5 s, running 30 s of simulated time, on a clock the test moves by hand.
  sim = await startSimulator({ timeScale: 1, timings: { textMs: 0 }, now: () => clock })
})
afterAll(() => sim.close())

const create = (body: Record<string, unknown>, key?: string) =>
  call(sim, 'POST', '/v1/videos', {
    body: { model: 'clip-h3', prompt: 'a fox', ...body },
    key,
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  })

describe('video task lifecycle', () => {
  it('queued → in_progress with progress → completed, content downloadable as the sample MP4', async () => {
    const created = (await create({ duration: 5, resolution: '720p', aspect_ratio: '9:16' })).json()
    expect(created).toMatchObject({
      object: 'video',
      status: 'queued',
      progress: 0,
      model: 'clip-h3',
      size: '720x1280',
    })
    expect(sim.ledger.charges().at(-1)).toMatchObject({
      model: 'clip-h3',
      usd: 0.2892,
      approximate: true,
      taskId: created.id,
    })
    const get = async () => (await call(sim, 'GET', `/v1/videos/${created.id}`)).json()
    const notReady = await call(sim, 'GET', `/v1/videos/${created.id}/content`)
    expect(notReady.status).toBe(409)
    expect(notReady.json().error.code).toBe('video_not_ready')
    clock += 5_000 + 15_000
    expect(await get()).toMatchObject({ status: 'in_progress', progress: 50, completed_at: null })
    clock += 15_000
    const done = await get()
    expect(done).toMatchObject({ status: 'completed', progress: 100, error: null })
    expect(done.expires_at).toBeGreaterThan(done.completed_at)
    const content = await fetch(`${sim.baseUrl}/v1/videos/${created.id}/content`, {
      headers: { Authorization: `Bearer ${sim.accounts.full.key}` },
    })
    expect(content.headers.get('content-type')).toBe('video/mp4')
    const bytes = Buffer.from(await content.arrayBuffer())
    expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp')
    expect(bytes).toEqual(Buffer.from(SAMPLE_MP4_BASE64, 'base64'))
    const thumb = await call(sim, 'GET', `/v1/videos/${created.id}/content?variant=thumbnail`)
    expect(thumb.headers.get('content-type')).toBe('image/png')
  })

  it('a failed task reports failed and has no content', async () => {
    const created = (
      await create({ prompt: `storm ${VIDEO_FAIL_MARKER}` }, sim.accounts.walletOnly.key)
    ).json()
    expect(
      sim.ledger
        .charges()
        .filter((c) => c.taskId === created.id)
        .map((c) => c.kind),
    ).toEqual(['charge'])
    clock += 40_000
    const failed = (
      await call(sim, 'GET', `/v1/videos/${created.id}`, { key: sim.accounts.walletOnly.key })
    ).json()
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'generation_failed' } })
    expect(
      (
        await call(sim, 'GET', `/v1/videos/${created.id}/content`, {
          key: sim.accounts.walletOnly.key,
        })
      ).json().error.code,
    ).toBe('video_failed')
  })

  it('tasks are private to their account', async () => {
    const created = (await create({})).json()
    const other = await call(sim, 'GET', `/v1/videos/${created.id}`, {
      key: sim.accounts.restricted.key,
    })
    expect(other.status).toBe(404)
    expect(other.json().error.code).toBe('video_not_found')
  })
})

describe('refund and redirect on real (scaled) time', () => {
  it('refunds a failed task when it fails, and can redirect content to the CDN', async () => {
    const fast = await fastSimulator({ timeScale: 0.002, videoContentRedirect: true })
    try {
      const key = fast.accounts.full.key
      const failing = (
        await call(fast, 'POST', '/v1/videos', {
          key,
          body: { model: 'reel-2.2-real', prompt: `x ${VIDEO_FAIL_MARKER}` },
        })
      ).json()
      await until(() =>
        fast.ledger.charges().some((c) => c.kind === 'refund' && c.taskId === failing.id),
      )
      const entries = fast.ledger.charges().filter((c) => c.taskId === failing.id)
      expect(entries.map((e) => [e.kind, e.usd])).toEqual([
        ['charge', 0.18],
        ['refund', -0.18],
      ])
      expect(fast.ledger.total(key)).toBe(0)
      const ok = (
        await call(fast, 'POST', '/v1/videos', {
          key,
          body: { model: 'reel-2.2-anime', prompt: 'y', resolution: '480p' },
        })
      ).json()
      await until(
        async () => (await call(fast, 'GET', `/v1/videos/${ok.id}`)).json().status === 'completed',
      )
      const redirect = await call(fast, 'GET', `/v1/videos/${ok.id}/content`)
      expect(redirect.status).toBe(302)
      const location = redirect.headers.get('location') as string
      expect(new URL(location).origin).toBe(fast.cdnOrigin)
      const mp4 = await fetch(location)
      expect(mp4.headers.get('content-type')).toBe('video/mp4')
      expect(fast.cdnRequests().at(-1)?.headers.authorization).toBeUndefined()
    } finally {
      await fast.close()
    }
  })
})

describe('the embedded sample clip', () => {
  it('matches the committed fixture file byte for byte and is a small H.264 MP4', () => {
    const file = readFileSync(resolve(__dirname, '../../src/simulator/fixtures/sample.mp4'))
    expect(Buffer.from(SAMPLE_MP4_BASE64, 'base64')).toEqual(file)
    expect(file.length).toBeLessThan(100 * 1024)
    expect(file.includes(Buffer.from('avc1'))).toBe(true)
  })
})
