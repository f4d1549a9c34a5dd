/**
 * Protocol fidelity: the official `openai` SDK, an independent client, talks to the simulator.
 * Fields our spec adds beyond OpenAI's types (duration, resolution, aspect_ratio, …) are passed as
 * extra body properties, which the SDK sends unchanged.
 */
import { imageDimensions, sniffImageType } from '@shared/catalog'
import type { Simulator } from '@simulator'
import { SAMPLE_MP4_BASE64 } from '@simulator/fixtures/media'
import { replyFor } from '@simulator/routes/text'
import { fileBytes } from '@test/support/catalogFixtures'
import { fastSimulator } from '@test/support/simulatorClient'
import OpenAI, { APIError, toFile } from 'openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let sim: Simulator
let client: OpenAI

beforeAll(async () => {
  sim = await fastSimulator({ timeScale: 0.005 })
  client = new OpenAI({
    apiKey: sim.accounts.full.key,
    baseURL: `${sim.baseUrl}/v1`,
    maxRetries: 0,
  })
})
afterAll(() => sim.close())

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any

describe('images', () => {
  it('images.generate with url results on the CDN origin, fetched without Authorization', async () => {
    const res = await client.images.generate(
      { model: 'std-image-2', prompt: 'a harbour at dawn', response_format: 'url' },
      { headers: { 'Idempotency-Key': 'key-harbour' } },
    )
    const url = res.data?.[0]?.url as string
    expect(new URL(url).origin).toBe(sim.cdnOrigin)
    const png = new Uint8Array(await (await fetch(url)).arrayBuffer())
    expect(sniffImageType(png)).toBe('image/png')
    expect(imageDimensions(png)).toEqual({ width: 1024, height: 1024 })
    const cdnHeaders = sim.cdnRequests().map((r) => r.headers)
    expect(cdnHeaders.length).toBeGreaterThan(0)
    expect(cdnHeaders.every((h) => h.authorization === undefined)).toBe(true)
    // The SDK sent the key to the API, with an Idempotency-Key on the POST.
    const post = sim.requests().find((r) => r.path === '/v1/images/generations')
    expect(post?.headers.authorization).toBe(`Bearer ${sim.accounts.full.key}`)
    expect(post?.headers['idempotency-key']).toBe('key-harbour')
  })

  it('images.generate with b64_json at the tier the quality implies', async () => {
    const res = await client.images.generate({
      model: 'std-image-2',
      prompt: 'a lighthouse',
      quality: 'medium',
      size: '2048x1152' as Loose,
      response_format: 'b64_json',
    })
    const png = Buffer.from(res.data?.[0]?.b64_json as string, 'base64')
    expect(imageDimensions(png)).toEqual({ width: 2048, height: 1152 })
    expect(sim.ledger.charges().at(-1)).toMatchObject({ model: 'std-image-2', usd: 0.015 })
  })

  it('images.edit with several files (multipart, boundary set by the SDK)', async () => {
    const before = sim.ledger.charges().length
    const res = await client.images.edit({
      model: 'still-5.0-pro',
      prompt: 'blend these into one scene',
      image: [
        await toFile(await fileBytes('png'), 'a.png', { type: 'image/png' }),
        await toFile(await fileBytes('jpeg'), 'b.jpg', { type: 'image/jpeg' }),
        await toFile(await fileBytes('webp'), 'c.webp', { type: 'image/webp' }),
      ],
      response_format: 'b64_json',
      ...({ aspect_ratio: '16:9' } as Loose),
    })
    const png = Buffer.from(res.data?.[0]?.b64_json as string, 'base64')
    const dims = imageDimensions(png)
    expect(dims && dims.width / dims.height).toBeCloseTo(16 / 9, 1)
    // Three references: 0.045 + 2 × 0.003.
    expect(sim.ledger.charges().slice(before)).toMatchObject([
      { model: 'still-5.0-pro', usd: 0.051 },
    ])
    const req = sim.requests().findLast((r) => r.path === '/v1/images/edits')
    expect(req?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/)
  })

  it('maps a 400 into the SDK error with code and param', async () => {
    const err = await client.images
      .generate({ model: 'std-image-2', prompt: 'x', n: 3 })
      .catch((e: unknown) => e)
    expect(err).toBeInstanceOf(APIError)
    expect((err as APIError).status).toBe(400)
    expect((err as APIError).param).toBe('n')
    expect((err as APIError).message).toMatch(/n must be 1/)
  })

  it('SDK retries after a reset keep the Idempotency-Key: one charge, one result', async () => {
    const retrying = new OpenAI({
      apiKey: sim.accounts.walletOnly.key,
      baseURL: `${sim.baseUrl}/v1`,
      maxRetries: 2,
    })
    sim.faults.inject({ route: 'POST /v1/images/generations', kind: 'reset' })
    // The SDK sends no Idempotency-Key by itself; the client sets one and the retries reuse it.
    const res = await retrying.images.generate(
      { model: 'std-image-2.5-sunburst', prompt: 'retry me', response_format: 'url' },
      { headers: { 'Idempotency-Key': crypto.randomUUID() } },
    )
    expect(res.data?.[0]?.url).toMatch(/^http:\/\/127\.0\.0\.1/)
    const tries = sim
      .requests()
      .filter((r) => r.headers.authorization === `Bearer ${sim.accounts.walletOnly.key}`)
    expect(tries).toHaveLength(2)
    expect(tries[0]?.headers['idempotency-key']).toBe(tries[1]?.headers['idempotency-key'])
    expect(sim.ledger.charges().filter((c) => c.account === 'walletOnly')).toHaveLength(1)
  })
})

describe('videos', () => {
  it('create (the SDK sends multipart), retrieve until completed, download the MP4', async () => {
    const created = await client.videos.create({
      model: 'motion-2.0' as Loose,
      prompt: 'waves under the moon',
      ...({ duration: 6, resolution: '720p', aspect_ratio: '16:9' } as Loose),
    })
    expect(created.status).toBe('queued')
    expect(created.id).toMatch(/^video_/)
    const seen = new Set<string>()
    let video = created
    for (let i = 0; i < 200 && video.status !== 'completed'; i++) {
      await new Promise((r) => setTimeout(r, 10))
      video = await client.videos.retrieve(created.id)
      seen.add(video.status)
      if (video.status === 'in_progress') expect(video.progress).toBeGreaterThanOrEqual(0)
    }
    expect(video.status).toBe('completed')
    expect(seen.has('in_progress')).toBe(true)
    const content = await client.videos.downloadContent(created.id)
    expect(content.headers.get('content-type')).toBe('video/mp4')
    expect(Buffer.from(await content.arrayBuffer())).toEqual(
      Buffer.from(SAMPLE_MP4_BASE64, 'base64'),
    )
    expect(sim.ledger.charges().at(-1)).toMatchObject({ model: 'motion-2.0', approximate: true })
    expect(sim.ledger.charges().at(-1)?.usd).toBeCloseTo((0.9072 * 6) / 5, 6)
  })
})

describe('text', () => {
  it('chat.completions streaming yields the deltas of the reply', async () => {
    const stream = await client.chat.completions.create({
      model: 'std-6-sol',
      messages: [{ role: 'user', content: 'Name three rivers' }],
      stream: true,
    })
    let text = ''
    let finish: string | null = null
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta?.content ?? ''
      finish = chunk.choices[0]?.finish_reason ?? finish
    }
    expect(text).toBe(replyFor('std-6-sol', 'Name three rivers'))
    expect(finish).toBe('stop')
  })

  it('chat.completions plain', async () => {
    const res = await client.chat.completions.create({
      model: 'lite-v4.1-flash',
      messages: [{ role: 'user', content: 'Hello' }],
    })
    expect(res.choices[0]?.message.content).toBe(replyFor('lite-v4.1-flash', 'Hello'))
  })

  it('responses.create, and lite-v4.1-flash refused there', async () => {
    const res = await client.responses.create({ model: 'std-6-astra', input: 'Describe a cat' })
    expect(res.output_text).toBe(replyFor('std-6-astra', 'Describe a cat'))
    const err = await client.responses
      .create({ model: 'lite-v4.1-flash', input: 'x' })
      .catch((e: unknown) => e)
    expect((err as APIError).status).toBe(400)
    expect((err as APIError).param).toBe('model')
  })

  it('lists the models the key may use', async () => {
    const ids: string[] = []
    for await (const m of client.models.list()) ids.push(m.id)
    expect(ids).toContain('art-v5')
    expect(ids).not.toContain('compact-2-sfw')
    expect(ids).toHaveLength(17)
  })
})
