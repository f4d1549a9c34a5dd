/** The CDN origin: signed expiring URLs, Range, HEAD, header records, streaming synthetic files. */
import { request } from 'node:http'

import { type Simulator, startSimulator, syntheticBytes } from '@simulator'
import { call } from '@test/support/simulatorClient'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let sim: Simulator
let clock = Date.now()
beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0, cdnUrlTtlMs: 60_000, now: () => clock })
})
afterAll(() => sim.close())

describe('CDN', () => {
  it('serves image results under signed URLs that expire after the TTL', async () => {
    const r = await call(sim, 'POST', '/v1/images/generations', {
      body: { model: 'std-image-2', prompt: 'expiring' },
    })
    const url: string = r.json().data[0].url
    expect(new URL(url).origin).toBe(sim.cdnOrigin)
    expect((await fetch(url)).status).toBe(200)
    clock += 61_000
    const expired = await fetch(url)
    expect(expired.status).toBe(403)
    expect((await expired.json()).error.code).toBe('url_expired')
  })

  it('refuses tampered signatures and unknown files', async () => {
    const url = new URL(sim.publishCdnFile(Buffer.from('hello'), { contentType: 'text/plain' }))
    url.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 1))
    expect((await fetch(url)).status).toBe(403)
  })

  it('honours Range and HEAD on stored files', async () => {
    const data = Buffer.from('0123456789abcdef')
    const url = sim.publishCdnFile(data, {
      contentType: 'application/octet-stream',
      filename: 'x.bin',
    })
    const part = await fetch(url, { headers: { Range: 'bytes=4-7' } })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe('bytes 4-7/16')
    expect(await part.text()).toBe('4567')
    const suffix = await fetch(url, { headers: { Range: 'bytes=-3' } })
    expect(await suffix.text()).toBe('def')
    expect((await fetch(url, { headers: { Range: 'bytes=99-' } })).status).toBe(416)
    const head = await fetch(url, { method: 'HEAD' })
    expect(head.headers.get('content-length')).toBe('16')
    expect(head.headers.get('accept-ranges')).toBe('bytes')
  })

  it('records every request with its headers, so tests can prove no key reached it', async () => {
    const url = sim.publishCdnFile(Buffer.from('x'), { contentType: 'text/plain' })
    await fetch(url, { headers: { 'X-Probe': 'yes' } })
    const last = sim.cdnRequests().at(-1)
    expect(last?.headers['x-probe']).toBe('yes')
    expect(last?.status).toBe(200)
    expect(sim.cdnRequests().every((r) => r.headers.authorization === undefined)).toBe(true)
  })

  it('the expire-cdn-url fault makes a valid URL answer as expired once', async () => {
    const url = sim.publishCdnFile(Buffer.from('y'), { contentType: 'text/plain' })
    sim.faults.inject({ target: 'cdn', kind: 'expire-cdn-url' })
    expect((await fetch(url)).status).toBe(403)
    expect((await fetch(url)).status).toBe(200)
  })

  it('streams a large synthetic file with backpressure and exact bytes, Range included', async () => {
    const size = 96 * 1024 * 1024 + 123
    const url = sim.cdnSyntheticUrl(size, { magic: 'mp4' })
    // Live memory (heap + Buffers) after a forced GC, not RSS: RSS also counts garbage the GC has
    // not collected yet, which under CPU load says more about the GC than about buffering.
    const gc = (globalThis as { gc?: () => void }).gc
    expect(gc, 'the unit project runs with --expose-gc').toBeTypeOf('function')
    const live = () => {
      gc?.()
      const m = process.memoryUsage()
      return m.heapUsed + m.arrayBuffers
    }
    const rssBefore = live()
    const { received, head, tail, peakRss } = await new Promise<{
      received: number
      head: Buffer
      tail: Buffer
      peakRss: number
    }>((resolve, reject) => {
      request(url, (res) => {
        let received = 0
        let head = Buffer.alloc(0)
        let tail = Buffer.alloc(0)
        let peakRss = 0
        res.on('data', (c: Buffer) => {
          if (head.length < 64) head = Buffer.concat([head, c]).subarray(0, 64)
          tail = Buffer.concat([tail, c]).subarray(-64)
          received += c.length
          if ((received & 0xffffff) < c.length) peakRss = Math.max(peakRss, live())
        })
        res.on('end', () => resolve({ received, head, tail, peakRss }))
        res.on('error', reject)
      })
        .on('error', reject)
        .end()
    })
    expect(received).toBe(size)
    expect(head).toEqual(syntheticBytes('mp4', 0, 64))
    expect(head.subarray(4, 8).toString('latin1')).toBe('ftyp')
    expect(tail).toEqual(syntheticBytes('mp4', size - 64, size))
    expect(peakRss - rssBefore).toBeLessThan(48 * 1024 * 1024)
    const ranged = await fetch(url, { headers: { Range: `bytes=${size - 10}-` } })
    expect(ranged.status).toBe(206)
    expect(Buffer.from(await ranged.arrayBuffer())).toEqual(syntheticBytes('mp4', size - 10, size))
  })

  it('a truncate fault on a synthetic download stops at afterBytes with the full length declared', async () => {
    sim.faults.inject({ target: 'cdn', route: '/s/*', kind: 'truncate', afterBytes: 1000 })
    const url = sim.cdnSyntheticUrl(1_000_000)
    const got = await new Promise<{
      declared: string | undefined
      received: number
      aborted: boolean
    }>((resolve) => {
      request(url, (res) => {
        let received = 0
        res.on('data', (c: Buffer) => (received += c.length))
        res.on('end', () =>
          resolve({ declared: res.headers['content-length'], received, aborted: false }),
        )
        res.on('aborted', () =>
          resolve({ declared: res.headers['content-length'], received, aborted: true }),
        )
        res.on('error', () =>
          resolve({ declared: res.headers['content-length'], received, aborted: true }),
        )
      }).end()
    })
    expect(got).toEqual({ declared: '1000000', received: 1000, aborted: true })
  })
})
