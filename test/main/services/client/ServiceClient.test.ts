import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { ServiceClient, type ServiceClientOptions } from '@main/services/client/ServiceClient'
import { type AppError, isAppFailure } from '@shared/result'
import {
  type Handler,
  pngBytes,
  recordingClock,
  sendJson,
  startLoopback,
} from '@test/support/loopback'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

const KEY = 'sk-test-0123456789abcdef'

let dir: string
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'client-test-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const servers: Array<{ close(): Promise<void> }> = []
const clients: ServiceClient[] = []
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()))
  await Promise.all(servers.splice(0).map((s) => s.close()))
})

async function setup(handler: Handler, options: Partial<ServiceClientOptions> = {}) {
  const server = await startLoopback(handler)
  servers.push(server)
  const rec = recordingClock()
  const client = new ServiceClient({
    connection: async () => ({ baseUrl: server.origin, key: KEY }),
    clock: rec.clock,
    ...options,
  })
  clients.push(client)
  return { server, client, ...rec }
}

/** The AppError a rejected promise carries (fails the test if it is anything else). */
async function errorOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise
  } catch (e) {
    if (isAppFailure(e)) return e.error
    throw e
  }
  throw new Error('expected a failure')
}

const image = { model: 'std-image-2', prompt: 'a red fox in snow' }
const okImages = { created: 1, data: [{ url: 'https://cdn.example/1.png' }] }

describe('ServiceClient requests', () => {
  it('lists models with the Bearer key on the service origin, ignoring unknown fields', async () => {
    const { client, server } = await setup((_req, res) =>
      sendJson(res, 200, {
        object: 'list',
        data: [{ id: 'std-image-2', owned_by: 'x' }, { id: 'motion-2.0' }],
      }),
    )
    expect(await client.listModels()).toEqual(['std-image-2', 'motion-2.0'])
    expect(server.received[0]!.headers.authorization).toBe(`Bearer ${KEY}`)
    expect(server.received[0]!.url).toBe('/v1/models')
  })

  it('joins paths under a base URL that has a path prefix', async () => {
    const { client, server } = await setup((_req, res) => sendJson(res, 200, { data: [] }))
    const prefixed = new ServiceClient({
      connection: async () => ({ baseUrl: `${server.origin}/api`, key: KEY }),
    })
    clients.push(prefixed)
    await prefixed.listModels()
    expect(server.received.at(-1)!.url).toBe('/api/v1/models')
    void client
  })

  it('fails with not_connected before any request when no connection is set', async () => {
    const { server } = await setup((_req, res) => sendJson(res, 200, { data: [] }))
    const client = new ServiceClient({ connection: async () => null })
    clients.push(client)
    expect((await errorOf(client.listModels())).code).toBe('not_connected')
    expect(server.received).toHaveLength(0)
  })

  it('sends generation JSON with Idempotency-Key and returns urls or base64', async () => {
    const { client, server } = await setup((_req, res) =>
      sendJson(res, 200, { created: 5, data: [{ b64_json: 'aGVsbG8=', revised_prompt: 'x' }] }),
    )
    const result = await client.generateImages(image, { idempotencyKey: 'key-1' })
    expect(result).toEqual({ created: 5, images: [{ b64: 'aGVsbG8=', revisedPrompt: 'x' }] })
    const req = server.received[0]!
    expect(req.headers['idempotency-key']).toBe('key-1')
    expect(req.headers['content-type']).toBe('application/json')
    expect(JSON.parse(req.body.toString())).toEqual(image)
  })

  it('refuses an invalid request by the catalog rules before sending anything', async () => {
    const { client, server } = await setup((_req, res) => sendJson(res, 200, okImages))
    const error = await errorOf(client.generateImages({ ...image, n: 3 }, { idempotencyKey: 'k' }))
    expect(error.code).toBe('validation')
    expect(Object.keys(error.fields ?? {})).toContain('n')
    expect(server.received).toHaveLength(0)
  })
})

describe('retries', () => {
  it('retries a keyed POST on 5xx with the same Idempotency-Key and backs off with jitter', async () => {
    let n = 0
    const { client, server, sleeps } = await setup((_req, res) =>
      ++n < 3 ? sendJson(res, 503, { error: { message: 'busy' } }) : sendJson(res, 200, okImages),
    )
    await client.generateImages(image, { idempotencyKey: 'same-key' })
    expect(server.received.map((r) => r.headers['idempotency-key'])).toEqual([
      'same-key',
      'same-key',
      'same-key',
    ])
    // Full jitter with random()=0.5: half of 500 ms, then half of 1000 ms.
    expect(sleeps).toEqual([250, 500])
  })

  it('honours Retry-After in seconds and as an HTTP-date', async () => {
    let n = 0
    const rec = recordingClock()
    const date = new Date(rec.clock.now() + 7000).toUTCString()
    const { client } = await setup(
      (_req, res) => {
        n++
        if (n === 1)
          return sendJson(res, 429, { error: { message: 'slow down' } }, { 'retry-after': '3' })
        if (n === 2)
          return sendJson(res, 429, { error: { message: 'slow down' } }, { 'retry-after': date })
        sendJson(res, 200, { data: [{ id: 'a' }] })
      },
      { clock: rec.clock },
    )
    await client.listModels()
    expect(rec.sleeps[0]).toBe(3000)
    // The HTTP-date is 7 s after the start; 3 s have passed on the clock.
    expect(rec.sleeps[1]).toBe(4000)
  })

  it('gives up after maxAttempts with the mapped error', async () => {
    const { client, server } = await setup(
      (_req, res) => sendJson(res, 502, { error: 'bad gateway' }),
      {
        retry: { maxAttempts: 3 },
      },
    )
    const error = await errorOf(client.listModels())
    expect(error.code).toBe('server')
    expect(error.status).toBe(502)
    expect(server.received).toHaveLength(3)
  })

  it('does not retry a POST that has no idempotency key (chat)', async () => {
    const { client, server } = await setup((_req, res) =>
      sendJson(res, 503, { error: { message: 'busy' } }),
    )
    const error = await errorOf(
      client.chat({ model: 'std-6-sol', messages: [{ role: 'user', content: 'hello there' }] }),
    )
    expect(error.code).toBe('server')
    expect(server.received).toHaveLength(1)
  })

  it('returns rate_limited with retryAfterMs when Retry-After exceeds what it will wait', async () => {
    const { client, server, sleeps } = await setup((_req, res) =>
      sendJson(
        res,
        429,
        { error: { code: 'rate_limit', message: 'later' } },
        { 'retry-after': '600' },
      ),
    )
    const error = await errorOf(client.listModels())
    expect(error).toMatchObject({ code: 'rate_limited', retryAfterMs: 600_000 })
    expect(server.received).toHaveLength(1)
    expect(sleeps).toEqual([])
  })

  it('retries a connection reset and, if it persists, reports network with "check history"', async () => {
    const { client, server } = await setup((_req, _res, raw) => raw.socket.destroy(), {
      retry: { maxAttempts: 2 },
    })
    const error = await errorOf(
      client.createVideo({ model: 'motion-2.0', prompt: 'waves' }, { idempotencyKey: 'v1' }),
    )
    expect(error.code).toBe('network')
    expect(error.action).toMatch(/history/)
    expect(server.received).toHaveLength(2)
  })

  it('retries a body cut short before its Content-Length', async () => {
    let n = 0
    const { client } = await setup((_req, res, raw) => {
      if (++n === 1) {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' })
        res.write('{"data":[{"id":"a"}')
        setTimeout(() => raw.socket.destroy(), 20)
        return
      }
      sendJson(res, 200, { data: [{ id: 'a' }] })
    })
    expect(await client.listModels()).toEqual(['a'])
    expect(n).toBe(2)
  })

  it('maps a stalled server to timeout (not failure)', async () => {
    const { client } = await setup(() => {}, { retry: { maxAttempts: 1 } })
    const error = await errorOf(client.listModels({ headersTimeoutMs: 200 }))
    expect(error.code).toBe('timeout')
    expect(error.action).toMatch(/history/)
  })

  it('cancels with AbortSignal during a request and during backoff', async () => {
    const { client } = await setup(() => {})
    const ac = new AbortController()
    const pending = client.listModels({ signal: ac.signal })
    setTimeout(() => ac.abort(), 50)
    expect((await errorOf(pending)).code).toBe('cancelled')

    const ac2 = new AbortController()
    const slow = new ServiceClient({
      connection: async () => ({ baseUrl: 'http://127.0.0.1:9', key: KEY }),
      retry: { baseDelayMs: 5_000, maxDelayMs: 5_000 },
      clock: {
        ...recordingClock().clock,
        random: () => 1,
        sleep: (ms, s) =>
          import('@main/adapters/clock/Clock').then((m) => m.systemClock.sleep(ms, s)),
      },
    })
    clients.push(slow)
    const started = Date.now()
    const p = slow.listModels({ signal: ac2.signal })
    setTimeout(() => ac2.abort(), 100)
    expect((await errorOf(p)).code).toBe('cancelled')
    expect(Date.now() - started).toBeLessThan(3000)
  })
})

describe('defensive parsing', () => {
  it('maps invalid JSON, HTML pages and missing fields to bad_response with a clear message', async () => {
    let body = ''
    let type = 'application/json'
    const { client } = await setup((_req, res) => {
      res.writeHead(200, { 'content-type': type })
      res.end(body)
    })
    body = '{"data": ['
    expect(await errorOf(client.listModels())).toMatchObject({ code: 'bad_response' })
    body = '<!doctype html><title>Login</title>'
    type = 'text/html'
    const html = await errorOf(client.listModels())
    expect(html.code).toBe('bad_response')
    expect(html.message).toMatch(/web page/)
    type = 'application/json'
    body = JSON.stringify({ data: [{ name: 'no id' }] })
    const missing = await errorOf(client.listModels())
    expect(missing.code).toBe('bad_response')
    expect(missing.message).toMatch(/data\.0\.id/)
    body = JSON.stringify({ id: 'v', status: 'queued', progress: 'lots', extra: { nested: true } })
    const task = await client.getVideo('v')
    expect(task).toMatchObject({ id: 'v', status: 'queued' })
    expect(task.progress).toBeUndefined()
  })

  it('maps an HTML 404 from a wrong base URL to bad_response advising the address', async () => {
    const { client } = await setup((_req, res) => {
      res.writeHead(404, { 'content-type': 'text/html' })
      res.end('<html><body>Not Found</body></html>')
    })
    const error = await errorOf(client.listModels())
    expect(error.code).toBe('bad_response')
    expect(error.action).toMatch(/address/)
  })
})

describe('multipart edits', () => {
  it('sends one file as part "image" with our boundary and an exact Content-Length', async () => {
    const file = join(dir, 'one.png')
    writeFileSync(file, pngBytes(16, 16, 5000))
    const { client, server } = await setup((_req, res) => sendJson(res, 200, okImages))
    await client.editImages({ ...image, images: [{ path: file }] }, { idempotencyKey: 'e1' })
    const req = server.received[0]!
    expect(req.headers['content-type']).toMatch(
      /^multipart\/form-data; boundary=----GenStudio[0-9a-f]{32}$/,
    )
    expect(Number(req.headers['content-length'])).toBe(req.body.length)
    expect(req.headers['idempotency-key']).toBe('e1')
    const form = await new Response(new Uint8Array(req.body), {
      headers: { 'content-type': req.headers['content-type']! },
    }).formData()
    expect(form.get('model')).toBe('std-image-2')
    expect(form.get('prompt')).toBe(image.prompt)
    const part = form.get('image') as File
    expect(part.type).toBe('image/png')
    expect(Buffer.from(await part.arrayBuffer())).toEqual(pngBytes(16, 16, 5000))
    expect(form.getAll('image[]')).toHaveLength(0)
  })

  it('sends several files as repeated image[] parts, and re-streams them on a retry', async () => {
    const a = join(dir, 'a.png')
    const b = join(dir, 'b.png')
    writeFileSync(a, pngBytes(8, 8, 100))
    writeFileSync(b, pngBytes(8, 8, 200))
    let n = 0
    const { client, server } = await setup((_req, res) =>
      ++n === 1 ? sendJson(res, 500, {}) : sendJson(res, 200, okImages),
    )
    await client.editImages(
      { ...image, images: [{ path: a }, { path: b, filename: 'second.png' }] },
      { idempotencyKey: 'e2' },
    )
    expect(server.received).toHaveLength(2)
    expect(server.received[1]!.body.equals(server.received[0]!.body)).toBe(true)
    const req = server.received[1]!
    const form = await new Response(new Uint8Array(req.body), {
      headers: { 'content-type': req.headers['content-type']! },
    }).formData()
    const files = form.getAll('image[]') as File[]
    expect(files.map((f) => f.name)).toEqual(['a.png', 'second.png'])
    expect(form.get('image')).toBeNull()
  })

  it('refuses a non-image file (by magic bytes, whatever its name) before uploading', async () => {
    const fake = join(dir, 'fake.png')
    writeFileSync(fake, 'GIF89a not a png at all')
    const { client, server } = await setup((_req, res) => sendJson(res, 200, okImages))
    const error = await errorOf(
      client.editImages({ ...image, images: [{ path: fake }] }, { idempotencyKey: 'e3' }),
    )
    expect(error.code).toBe('validation')
    expect(error.fields).toEqual({
      image: 'Each reference image must be a PNG, JPEG or WebP image',
    })
    expect(server.received).toHaveLength(0)
  })

  it('refuses more references than the model allows (catalog counts)', async () => {
    const files = Array.from({ length: 5 }, (_, i) => {
      const p = join(dir, `many-${i}.png`)
      writeFileSync(p, pngBytes())
      return { path: p }
    })
    const { client, server } = await setup((_req, res) => sendJson(res, 200, okImages))
    const error = await errorOf(
      client.editImages({ ...image, images: files }, { idempotencyKey: 'e4' }),
    )
    expect(error.code).toBe('validation')
    expect(server.received).toHaveLength(0)
  })
})

describe('streams', () => {
  const wb = {
    model: 'art-v4.5' as const,
    model_variant: 'art-diffusion-4-5-full',
    prompt: 'a lighthouse',
    width: 1024,
    height: 1024,
    steps: 23,
    count: 1,
    quote_id: 'q1',
    client_request_id: 'c1',
  }

  it('parses workbench SSE events split across chunks, ending at done', async () => {
    const { client, server } = await setup((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      res.write(': keepalive comment\n\nevent: queued\ndata: {"task_id":42}\n\nevent: pre')
      setTimeout(() => {
        res.write(
          'view\nid: 2\ndata: {"step":3,\ndata: "image":"abc"}\n\nevent: keepalive\ndata: {}\n\n',
        )
        res.end('event: done\ndata: {"task_id":42}\n\n')
      }, 20)
    })
    const events = []
    for await (const e of client.streamArt(wb)) events.push(e)
    expect(events.map((e) => e.event)).toEqual(['queued', 'preview', 'keepalive', 'done'])
    expect(events[1]).toEqual({ event: 'preview', id: '2', data: { step: 3, image: 'abc' } })
    expect(JSON.parse(server.received[0]!.body.toString()).client_request_id).toBe('c1')
  })

  it('throws network (reconnect) when the stream drops before done, and resumes with Last-Event-ID', async () => {
    const { client, server } = await setup((req, res, raw) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      if (req.method === 'POST') {
        res.write('event: queued\ndata: {"task_id":7}\n\nid: 5\nevent: preview\ndata: {}\n\n')
        setTimeout(() => raw.socket.destroy(), 20)
      } else {
        res.end('event: done\ndata: {"task_id":7}\n\n')
      }
    })
    const seen: string[] = []
    let lastId: string | undefined
    const error = await errorOf(
      (async () => {
        for await (const e of client.streamArt(wb)) {
          seen.push(e.event)
          lastId = e.id ?? lastId
        }
      })(),
    )
    expect(error.code).toBe('network')
    expect(error.action).toMatch(/Reconnect/)
    expect(seen).toEqual(['queued', 'preview'])
    const resumed = []
    for await (const e of client.artEvents('7', { lastEventId: lastId! })) resumed.push(e.event)
    expect(resumed).toEqual(['done'])
    expect(server.received[1]!.url).toBe('/v1/art/generations/7/events')
    expect(server.received[1]!.headers['last-event-id']).toBe('5')
  })

  it('cancels a running stream with AbortSignal', async () => {
    const { client } = await setup((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      res.write('event: queued\ndata: {}\n\n')
    })
    const ac = new AbortController()
    const seen: string[] = []
    const error = await errorOf(
      (async () => {
        for await (const e of client.artEvents('9', { signal: ac.signal })) {
          seen.push(e.event)
          ac.abort()
        }
      })(),
    )
    expect(seen).toEqual(['queued'])
    expect(error.code).toBe('cancelled')
  })

  it('streams chat deltas until [DONE] and stops reading when the consumer breaks', async () => {
    const { client } = await setup((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      const chunk = (content: string) =>
        `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`
      res.write(chunk('Hel') + chunk('lo'))
      res.end(
        `data: ${JSON.stringify({ choices: [{ delta: {}, finish_reason: 'stop' }] })}\n\ndata: [DONE]\n\n`,
      )
    })
    const req = { model: 'std-6-sol', messages: [{ role: 'user' as const, content: 'say hello' }] }
    let text = ''
    let finish: string | undefined
    for await (const d of client.chatStream(req)) {
      text += d.content
      finish = d.finishReason ?? finish
    }
    expect(text).toBe('Hello')
    expect(finish).toBe('stop')
    for await (const d of client.chatStream(req)) {
      expect(d.content).toBe('Hel')
      break
    }
  })
})
