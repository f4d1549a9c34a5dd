import diagnosticsChannel from 'node:diagnostics_channel'

import { createCdnDispatcher } from '@main/adapters/http/dispatchers'
import { ServiceClient } from '@main/services/client/ServiceClient'
import type { BinarySink } from '@main/services/client/types'
import { sendJson, startLoopback } from '@test/support/loopback'
import { request } from 'undici'
import { afterEach, describe, expect, it } from 'vitest'

const KEY = 'sk-live-cdn-isolation-secret-42'

/** Every request undici creates, with its headers, seen through its diagnostics channel. */
function watchUndici() {
  const seen: Array<{ origin: string; path: string; headers: string[] }> = []
  const onCreate = (message: unknown) => {
    const { request: req } = message as {
      request: { origin: string; path: string; headers: string[] | string }
    }
    const headers = Array.isArray(req.headers)
      ? req.headers.map(String)
      : String(req.headers).split('\r\n')
    seen.push({ origin: String(req.origin), path: req.path, headers })
  }
  diagnosticsChannel.subscribe('undici:request:create', onCreate)
  return { seen, stop: () => diagnosticsChannel.unsubscribe('undici:request:create', onCreate) }
}

const hasAuth = (headers: string[]) => headers.some((h) => /authorization/i.test(h))

const collect: BinarySink<string> = async (res) => {
  const chunks: Uint8Array[] = []
  for await (const c of res.body) chunks.push(c)
  return Buffer.concat(chunks).toString()
}

const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c()
})

async function twoOrigins() {
  const cdn = await startLoopback((req, res) => {
    if (req.url.startsWith('/back')) {
      res.writeHead(302, { location: `${service.origin}/v1/videos/v1/content?final=1` })
      return res.end()
    }
    res.writeHead(200, { 'content-type': 'video/mp4' })
    res.end(`cdn:${req.url}`)
  })
  const service = await startLoopback((req, res) => {
    if (req.url === '/v1/videos/v1/content') {
      res.writeHead(302, { location: `${cdn.origin}/signed/video.mp4?sig=abc` })
      return res.end()
    }
    if (req.url.startsWith('/v1/videos/v1/content?final')) {
      res.writeHead(200)
      return res.end('service-file')
    }
    sendJson(res, 404, { error: { message: 'nope' } })
  })
  const client = new ServiceClient({
    connection: async () => ({ baseUrl: service.origin, key: KEY }),
  })
  const watch = watchUndici()
  cleanups.push(
    () => void watch.stop(),
    () => client.close(),
    () => cdn.close(),
    () => service.close(),
  )
  return { cdn, service, client, watch }
}

describe('the key never reaches a download host', () => {
  it('downloads a result URL on another origin without Authorization', async () => {
    const { cdn, client, watch } = await twoOrigins()
    expect(await client.download(`${cdn.origin}/img/1.png?sig=x`, collect)).toBe(
      'cdn:/img/1.png?sig=x',
    )
    const toCdn = watch.seen.filter((r) => r.origin === cdn.origin)
    expect(toCdn).toHaveLength(1)
    expect(hasAuth(toCdn[0]!.headers)).toBe(false)
    expect(cdn.received[0]!.headers.authorization).toBeUndefined()
  })

  it('follows a redirect from the service to the CDN, dropping the key at the origin change', async () => {
    const { cdn, service, client, watch } = await twoOrigins()
    expect(await client.videoContent('v1', collect)).toBe('cdn:/signed/video.mp4?sig=abc')
    expect(service.received[0]!.headers.authorization).toBe(`Bearer ${KEY}`)
    expect(cdn.received[0]!.headers.authorization).toBeUndefined()
    const toCdn = watch.seen.filter((r) => r.origin === cdn.origin)
    expect(toCdn.length).toBeGreaterThan(0)
    expect(toCdn.every((r) => !hasAuth(r.headers))).toBe(true)
    const toService = watch.seen.filter((r) => r.origin === service.origin)
    expect(toService.length).toBeGreaterThan(0)
    expect(toService.every((r) => hasAuth(r.headers))).toBe(true)
  })

  it('attaches the key again only when a redirect comes back to the service origin', async () => {
    const { cdn, service, client } = await twoOrigins()
    expect(await client.download(`${cdn.origin}/back`, collect)).toBe('service-file')
    expect(cdn.received[0]!.headers.authorization).toBeUndefined()
    expect(service.received.at(-1)!.headers.authorization).toBe(`Bearer ${KEY}`)
  })

  it('downloads without any connection configured (no key to leak at all)', async () => {
    const { cdn } = await twoOrigins()
    const client = new ServiceClient({ connection: async () => null })
    cleanups.push(() => client.close())
    expect(await client.download(`${cdn.origin}/x.png`, collect)).toBe('cdn:/x.png')
  })

  it('the CDN dispatcher itself refuses a request that carries Authorization', async () => {
    const { cdn } = await twoOrigins()
    const dispatcher = createCdnDispatcher()
    cleanups.push(() => dispatcher.close())
    await expect(
      request(`${cdn.origin}/x`, { dispatcher, headers: { Authorization: `Bearer ${KEY}` } }),
    ).rejects.toThrow(/Authorization/)
    await expect(
      request(`${cdn.origin}/x`, { dispatcher, headers: ['authorization', 'Bearer x'] }),
    ).rejects.toThrow(/Authorization/)
    expect(cdn.received).toHaveLength(0)
  })

  it('maps an expired CDN link (403/404/410) to not_found with advice, not auth', async () => {
    const cdn = await startLoopback((_req, res) => {
      res.writeHead(403, { 'content-type': 'application/xml' })
      res.end('<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>')
    })
    cleanups.push(() => cdn.close())
    const client = new ServiceClient({ connection: async () => null })
    cleanups.push(() => client.close())
    await expect(client.download(`${cdn.origin}/old.png`, collect)).rejects.toMatchObject({
      error: { code: 'not_found', status: 403 },
    })
  })
})
