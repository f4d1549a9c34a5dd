/** The native art endpoint: ZIP or JSON, real PNGs with metadata, unsupported params, wrong paths. */
import { imageDimensions } from '@shared/catalog'
import type { Simulator } from '@simulator'
import { call, fastSimulator } from '@test/support/simulatorClient'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import yauzl from 'yauzl'

let sim: Simulator
beforeAll(async () => {
  sim = await fastSimulator()
})
afterAll(() => sim.close())

const body = (params: Record<string, unknown> = {}, over: Record<string, unknown> = {}) => ({
  input: 'a castle on a cliff',
  model: 'art-diffusion-4-5-full',
  action: 'generate',
  parameters: {
    width: 832,
    height: 1216,
    steps: 23,
    n_samples: 3,
    scale: 5,
    seed: 1234,
    sampler: 'k_euler',
    negative_prompt: '',
    ...params,
  },
  ...over,
})

function unzip(buf: Buffer): Promise<{ name: string; data: Buffer }[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buf, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err)
      const out: { name: string; data: Buffer }[] = []
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e)
          const parts: Buffer[] = []
          stream.on('data', (c: Buffer) => parts.push(c))
          stream.on('end', () => {
            out.push({ name: entry.fileName, data: Buffer.concat(parts) })
            zip.readEntry()
          })
        })
      })
      zip.on('end', () => resolve(out))
      zip.readEntry()
    })
  })
}

async function post(b: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${sim.baseUrl}/ai/generate-image`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${sim.accounts.full.key}`,
      'Content-Type': 'application/json',
      ...headers,
    },
    body: JSON.stringify(b),
  })
  return { res, buf: Buffer.from(await res.arrayBuffer()) }
}

describe('native endpoint', () => {
  it('answers a ZIP of n_samples PNGs by default, with NovelAI-style metadata, priced by the art table', async () => {
    const { res, buf } = await post(body())
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/zip')
    const entries = await unzip(buf)
    expect(entries).toHaveLength(3)
    for (const e of entries) {
      expect(imageDimensions(e.data)).toEqual({ width: 832, height: 1216 })
      const text = e.data.toString('latin1')
      expect(text).toContain('Description\0a castle on a cliff')
      expect(text).toContain('"seed":')
    }
    // Different seeds give different pictures.
    expect(entries[0]?.data.equals(entries[1]?.data as Buffer)).toBe(false)
    // 0.003 × (832·1216 / 1024²) × 3 images, rounded to micro-dollars.
    expect(sim.ledger.charges().at(-1)).toMatchObject({
      model: 'art-diffusion-4-5-full',
      micros: Math.round((3000 * 832 * 1216 * 3) / 1048576),
      approximate: true,
    })
  })

  it('answers JSON images when Accept is application/json, deterministic for the same seed', async () => {
    const a = await post(body({ n_samples: 1 }), { Accept: 'application/json' })
    const b = await post(body({ n_samples: 1 }), { Accept: 'application/json' })
    const images: string[] = JSON.parse(a.buf.toString()).images
    expect(images).toHaveLength(1)
    expect(imageDimensions(Buffer.from(images[0] as string, 'base64'))).toEqual({
      width: 832,
      height: 1216,
    })
    expect(JSON.parse(b.buf.toString()).images).toEqual(images)
  })

  it('refuses unsupported active parameters with 400 before any charge', async () => {
    const before = sim.ledger.charges().length
    for (const p of [
      { sm: true },
      { reference_image_multiple: ['x'] },
      { controlnet_condition: 'x' },
      { upscale: true },
    ]) {
      const { res, buf } = await post(body(p))
      expect(res.status).toBe(400)
      expect(JSON.parse(buf.toString()).error.param).toMatch(/^parameters\./)
    }
    const stream = await post(body({}, { stream: true }))
    expect(stream.res.status).toBe(400)
    expect(sim.ledger.charges()).toHaveLength(before)
  })

  it('a wrong final path answers 404 with an HTML body', async () => {
    for (const path of [
      '/ai/generate-image/ai/generate-image',
      '/v1/ai/generate-image',
      '/ai/generate-image/',
    ]) {
      const r = await call(sim, 'POST', path, { body: body() })
      expect(r.status).toBe(404)
      expect(r.headers.get('content-type')).toMatch(/^text\/html/)
      expect(r.text).toMatch(/<html>/)
    }
    const get = await call(sim, 'GET', '/ai/generate-image')
    expect(get.status).toBe(404)
    expect(get.headers.get('content-type')).toMatch(/^text\/html/)
  })
})
