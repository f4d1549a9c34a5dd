/**
 * An independent, scripted stand-in for the generation service, written from the spec
 * (../shared/spec/service-interface.md) and sharing nothing with src/ or the simulator: each test
 * says what every route answers, including answers no honest service would give. It records every
 * request (method, path, headers, body) and counts "charges" per Idempotency-Key wherever the
 * script says a request was charged, so a test can check that nothing was paid for twice.
 *
 * Bound to 127.0.0.1; every answer is finite (a stall has an end), so no test can hang on it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

export interface SeenRequest {
  method: string
  path: string
  headers: IncomingMessage['headers']
  body: Buffer
  at: number
}

export interface Answer {
  status?: number
  headers?: Record<string, string>
  body?: string | Buffer | object
  /** Counted as a charge for the request's Idempotency-Key (once per key, as the spec promises). */
  charge?: boolean
  /** Wait this long before answering (bounded by the test). */
  stallMs?: number
  /** Drop the connection instead of answering: before the body is read, or after it was charged. */
  reset?: boolean
}

/** The answer to the `n`th (1-based) request on a route. */
export type Script = (req: SeenRequest, n: number) => Answer | Promise<Answer>

export interface HostileService {
  baseUrl: string
  key: string
  /** Scripts `METHOD /path` (a `*` matches one path segment). */
  on(route: string, script: Script): void
  seen(route?: string): SeenRequest[]
  /** The charges made: one entry per distinct Idempotency-Key (or per request without one). */
  charges(): Map<string, number>
  close(): Promise<void>
}

const matches = (pattern: string, method: string, path: string): boolean => {
  const [m, p] = pattern.split(' ')
  if (m !== method) return false
  const a = p!.split('/')
  const b = path.split('/')
  return a.length === b.length && a.every((part, i) => part === '*' || part === b[i])
}

export async function startHostileService(): Promise<HostileService> {
  const key = `hostile-${Math.random().toString(36).slice(2)}`
  const scripts: Array<{ route: string; script: Script; count: number }> = []
  const requests: Array<SeenRequest & { route: string | null }> = []
  const chargedKeys = new Map<string, number>()
  const sockets = new Set<Socket>()

  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    for await (const c of req) chunks.push(c as Buffer)
    const path = (req.url ?? '/').split('?')[0]!
    const seen: SeenRequest = {
      method: req.method ?? 'GET',
      path,
      headers: req.headers,
      body: Buffer.concat(chunks),
      at: Date.now(),
    }
    const entry = scripts.find((s) => matches(s.route, seen.method, path))
    requests.push({ ...seen, route: entry?.route ?? null })
    if (!entry) {
      res.writeHead(404, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ error: { message: `not scripted: ${seen.method} ${path}` } }))
      return
    }
    const a = await entry.script(seen, ++entry.count)
    if (a.stallMs) await new Promise((r) => setTimeout(r, a.stallMs))
    // An honest service charges a key once, however often it is replayed; a request without a
    // key is a new charge every time. Two entries here mean the client paid twice.
    const idem = req.headers['idempotency-key']
    if (a.charge) {
      const k = typeof idem === 'string' ? idem : `no-key-${requests.length}`
      chargedKeys.set(k, (chargedKeys.get(k) ?? 0) + (chargedKeys.has(k) ? 0 : 1))
    }
    if (a.reset) {
      req.socket.destroy()
      return
    }
    const body =
      a.body === undefined
        ? ''
        : typeof a.body === 'string' || Buffer.isBuffer(a.body)
          ? a.body
          : JSON.stringify(a.body)
    const type =
      typeof a.body === 'object' && !Buffer.isBuffer(a.body)
        ? 'application/json'
        : 'application/octet-stream'
    res.writeHead(a.status ?? 200, { 'content-type': type, ...a.headers })
    res.end(body)
  }

  const server = createServer((req, res) => {
    answer(req, res).catch(() => req.socket.destroy())
  })
  server.on('connection', (s) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    key,
    on(route, script) {
      scripts.unshift({ route, script, count: 0 })
    },
    seen(route) {
      return route ? requests.filter((r) => r.route === route) : [...requests]
    },
    charges() {
      return new Map(chargedKeys)
    },
    close() {
      for (const s of sockets) s.destroy()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}
