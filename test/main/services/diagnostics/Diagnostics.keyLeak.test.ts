import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { ServiceClient } from '@main/services/client/ServiceClient'
import { Diagnostics } from '@main/services/diagnostics/Diagnostics'
import { isAppFailure } from '@shared/result'
import { recordingClock, sendJson, startLoopback } from '@test/support/loopback'
import { Agent, type Dispatcher } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/** A key in no well-known format, so only the registered-secret rule can catch it. */
const KEY = 'gsk9-Zr81-very-private-key-value-QpL2'
/** And one shaped like most vendors' keys, echoed by the server itself. */
const ECHO = 'sk-live-echoed0123456789abcdef'

let dir: string
let server: Awaited<ReturnType<typeof startLoopback>>
let diagnostics: Diagnostics
const thrown: string[] = []

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'leak-test-'))
  server = await startLoopback((req, res, raw) => {
    const auth = String(req.headers.authorization)
    const path = req.url
    const echo = `${auth} ${ECHO} ${KEY}`
    if (path.includes('401'))
      return sendJson(res, 401, {
        error: { message: `Invalid key ${echo}`, code: 'invalid_api_key' },
      })
    if (path.includes('403'))
      return sendJson(res, 403, { error: { message: `Forbidden for ${echo}`, param: KEY } })
    if (path.includes('429'))
      return sendJson(res, 429, { error: { message: `Slow down ${echo}` } }, { 'retry-after': '1' })
    if (path.includes('500'))
      return sendJson(res, 500, { error: { message: `Crash with ${echo}`, code: KEY } })
    if (path.includes('html')) {
      res.writeHead(502, { 'content-type': 'text/html' })
      return res.end(`<html><body>Proxy error for ${echo}</body></html>`)
    }
    if (path.includes('badjson')) {
      res.writeHead(200, { 'content-type': 'application/json' })
      return res.end(`{"data": [ ${echo}`)
    }
    if (path.includes('shape')) return sendJson(res, 200, { id: KEY, status: 5 })
    if (path.includes('reset')) return raw.socket.destroy()
    if (path.includes('stall')) return
    sendJson(res, 404, { error: { message: `No route ${echo}` } })
  })
  diagnostics = new Diagnostics({ dir: join(dir, 'logs') })
})

afterAll(async () => {
  await server.close()
  rmSync(dir, { recursive: true, force: true })
})

function client(dispatcher?: (origin: string) => Dispatcher) {
  return new ServiceClient({
    connection: async () => ({ baseUrl: server.origin, key: KEY }),
    diagnostics,
    clock: recordingClock().clock,
    retry: { maxAttempts: 2 },
    ...(dispatcher ? { dispatchers: { service: dispatcher } } : {}),
  })
}

async function capture(p: Promise<unknown>) {
  try {
    await p
  } catch (e) {
    thrown.push(
      JSON.stringify(isAppFailure(e) ? e.error : { message: String(e), stack: (e as Error).stack }),
    )
    return
  }
  throw new Error('expected a failure')
}

describe('the API key never reaches logs, exports or errors', () => {
  it('runs every error path of the client with the real key', async () => {
    const c = client()
    for (const status of [
      '401',
      '403',
      '429',
      '500',
      'html',
      'badjson',
      'shape',
      'reset',
      'missing',
    ]) {
      await capture(c.getVideo(status))
    }
    await capture(c.getVideo('stall', { headersTimeoutMs: 150 }))
    await capture(
      c.generateImages(
        { model: 'std-image-2', prompt: `draw ${KEY}` },
        { idempotencyKey: 'k1', headersTimeoutMs: 1 },
      ),
    )
    await c.close()

    // A dispatcher that throws an error carrying the key (as a buggy proxy or adapter might).
    const throwing = client(() => {
      const agent = new Agent()
      return agent.compose(() => () => {
        throw new Error(`adapter exploded while sending Authorization: Bearer ${KEY}`)
      })
    })
    await capture(throwing.listModels())
    await throwing.close()

    // A connection provider that fails with the key in its message.
    const broken = new ServiceClient({
      connection: async () => {
        throw new Error(`keychain said ${KEY}`)
      },
      diagnostics,
    })
    await capture(broken.listModels())

    diagnostics.error('ipc', new Error(`unexpected: ${KEY} / Bearer ${KEY}`))
    diagnostics.event('warn', 'test', `free text with ${ECHO}`, {
      data: { headers: { authorization: `Bearer ${KEY}` } },
    })
    expect(thrown).toHaveLength(13)
    expect(diagnostics.recent().length).toBeGreaterThan(13)
  })

  it('finds neither key in the ring buffer, the JSONL files, the export or the thrown errors', async () => {
    await diagnostics.flush()
    const files = readdirSync(join(dir, 'logs')).map((f) =>
      readFileSync(join(dir, 'logs', f), 'utf8'),
    )
    const bundlePath = join(dir, 'bundle.json')
    await diagnostics.exportTo(bundlePath)
    const places = {
      ring: JSON.stringify(diagnostics.recent()),
      files: files.join('\n'),
      export: JSON.stringify(await diagnostics.export()),
      bundle: readFileSync(bundlePath, 'utf8'),
      errors: thrown.join('\n'),
    }
    for (const [where, text] of Object.entries(places)) {
      expect(text.length, where).toBeGreaterThan(50)
      for (const secret of [KEY, ECHO, KEY.slice(-12), 'private-key-value']) {
        expect(text.includes(secret), `${secret} found in ${where}`).toBe(false)
      }
    }
    // The records still say what happened.
    const codes = diagnostics
      .recent()
      .flatMap((r) => (r.kind === 'request' && r.code ? [r.code] : []))
    expect(new Set(codes)).toEqual(
      new Set([
        'auth',
        'forbidden',
        'rate_limited',
        'server',
        'bad_response',
        'network',
        'timeout',
        'not_found',
        'internal',
      ]),
    )
  })
})
