/**
 * The app's custom schemes, as Electron would serve them, on loopback http for plain Chromium.
 *
 * Each scheme the app registers gets its own loopback origin `http://<host>.<scheme>.localhost:P`
 * (Chromium resolves every `*.localhost` name to 127.0.0.1 and treats it as a secure context), so
 * `app://gen-studio/` and `gen-media://thumb/…` stay two different origins, as in Electron. A
 * request is handed to the handler the app installed with `protocol.handle`, as a fetch Request
 * whose URL is the app's own scheme URL, and the privileges the app registered with
 * `protocol.registerSchemesAsPrivileged` are applied the way Electron documents them
 * (https://www.electronjs.org/docs/latest/api/protocol#protocolregisterschemesasprivilegedcustomschemes):
 * - `corsEnabled`: without it, a CORS-mode request to the scheme from another origin fails (a
 *   network error, whatever headers the handler sends); with it, the handler's headers decide.
 * - `supportFetchAPI`: without it, fetch()/XHR to the scheme fails.
 * - `stream`: without it, media elements cannot stream (range requests) from the scheme.
 * The CSP the app sends names its schemes (`img-src gen-media:`); the double maps those source
 * expressions to the loopback origins, exactly as it maps URLs.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'

export interface SchemePrivileges {
  standard?: boolean
  secure?: boolean
  bypassCSP?: boolean
  allowServiceWorkers?: boolean
  supportFetchAPI?: boolean
  corsEnabled?: boolean
  stream?: boolean
  codeCache?: boolean
}

export type ProtocolHandler = (request: Request) => Response | Promise<Response>

/** What a scheme request did, for tests that assert Electron's rules were applied. */
export interface SchemeRequestLog {
  url: string
  mode: string
  dest: string
  status: number | 'failed'
  reason?: string
}

export class SchemeServer {
  readonly privileges = new Map<string, SchemePrivileges>()
  readonly handlers = new Map<string, ProtocolHandler>()
  readonly log: SchemeRequestLog[] = []
  private server: Server | null = null
  port = 0

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.serve(req, res))
    this.server.keepAliveTimeout = 1000
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve))
    this.port = (this.server.address() as AddressInfo).port
  }

  async close(): Promise<void> {
    const server = this.server
    this.server = null
    if (!server) return
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }

  /** `app://gen-studio/x` → `http://gen-studio.app.localhost:P/x` for registered schemes. */
  toHttp(url: string): string {
    const m = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)(.*)$/i.exec(url)
    if (!m || !this.privileges.has(m[1]!.toLowerCase())) return url
    return `http://${m[2]}.${m[1]!.toLowerCase()}.localhost:${this.port}${m[3] || '/'}`
  }

  /** The reverse of toHttp; other URLs are returned as they are. */
  fromHttp(url: string): string {
    const m = /^http:\/\/([^/?#]*)\.([a-z][a-z0-9+.-]*)\.localhost:(\d+)(.*)$/i.exec(url)
    if (!m || Number(m[3]) !== this.port || !this.privileges.has(m[2]!)) return url
    return `${m[2]}://${m[1]}${m[4] || '/'}`
  }

  /** Maps `scheme:` source expressions of a CSP to the scheme's loopback origins. */
  rewriteCsp(csp: string): string {
    let out = csp
    for (const scheme of this.privileges.keys()) {
      const re = new RegExp(`(^|[\\s;])${scheme.replace(/[.+-]/g, '\\$&')}:(?=[\\s;]|$)`, 'g')
      out = out.replace(re, `$1http://*.${scheme}.localhost:${this.port}`)
    }
    return out
  }

  /** Ports for the page shim: every registered scheme is served here. */
  pageSchemes(): Record<string, number> {
    return Object.fromEntries([...this.privileges.keys()].map((s) => [s, this.port]))
  }

  private fail(req: IncomingMessage, res: ServerResponse, reason: string): void {
    this.log.push({
      url: this.fromHttp(`http://${req.headers.host}${req.url}`),
      mode: String(req.headers['sec-fetch-mode'] ?? ''),
      dest: String(req.headers['sec-fetch-dest'] ?? ''),
      status: 'failed',
      reason,
    })
    // A network error, as Electron gives the page: no response at all.
    res.socket?.destroy()
  }

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const host = String(req.headers.host ?? '')
    const m = /^([^:]*)\.([a-z][a-z0-9+.-]*)\.localhost:\d+$/i.exec(host)
    const scheme = m?.[2]?.toLowerCase() ?? ''
    const privileges = this.privileges.get(scheme)
    const handler = this.handlers.get(scheme)
    if (!m || !privileges) return this.fail(req, res, 'unknown scheme')
    if (!handler) return this.fail(req, res, `no protocol.handle for ${scheme}`)
    const mode = String(req.headers['sec-fetch-mode'] ?? '')
    const dest = String(req.headers['sec-fetch-dest'] ?? '')
    const origin = req.headers.origin
    const selfOrigin = `http://${host}`
    const crossOrigin = origin !== undefined && origin !== selfOrigin
    if (mode === 'cors' && crossOrigin && !privileges.corsEnabled) {
      return this.fail(req, res, `CORS request to ${scheme}: without corsEnabled`)
    }
    if (dest === 'empty' && !privileges.supportFetchAPI) {
      return this.fail(req, res, `fetch to ${scheme}: without supportFetchAPI`)
    }
    if ((dest === 'video' || dest === 'audio') && !privileges.stream) {
      return this.fail(req, res, `media from ${scheme}: without stream`)
    }
    const url = `${scheme}://${m[1]}${req.url ?? '/'}`
    const headers = new Headers()
    for (const [k, v] of Object.entries(req.headers)) {
      if (v === undefined || k === 'host') continue
      headers.set(k, Array.isArray(v) ? v.join(', ') : v)
    }
    if (origin !== undefined) headers.set('origin', this.fromHttp(origin) || origin)
    const method = req.method ?? 'GET'
    let body: Buffer | undefined
    if (method !== 'GET' && method !== 'HEAD') {
      const chunks: Buffer[] = []
      for await (const c of req) chunks.push(c as Buffer)
      body = Buffer.concat(chunks)
    }
    let response: Response
    try {
      response = await handler(
        new Request(url, { method, headers, body: body ? new Uint8Array(body) : undefined }),
      )
    } catch (e) {
      // A handler that throws fails the request (net::ERR_FAILED in Electron).
      return this.fail(req, res, `handler threw: ${String(e)}`)
    }
    const out: Record<string, string> = {}
    response.headers.forEach((v, k) => {
      out[k] = k === 'content-security-policy' ? this.rewriteCsp(v) : v
    })
    const isHtml = (out['content-type'] ?? '').startsWith('text/html')
    this.log.push({ url, mode, dest, status: response.status })
    if (isHtml && response.body) {
      const text = await response.text()
      const html = text.replace(
        /(<meta\s+http-equiv=["']Content-Security-Policy["']\s+content=)(["'])([\s\S]*?)\2/i,
        (_all, a: string, q: string, csp: string) => `${a}${q}${this.rewriteCsp(csp)}${q}`,
      )
      delete out['content-length']
      res.writeHead(response.status, out)
      res.end(html)
      return
    }
    res.writeHead(response.status, out)
    if (!response.body || method === 'HEAD') {
      res.end()
      return
    }
    const stream = Readable.fromWeb(response.body as WebReadableStream)
    res.on('close', () => stream.destroy())
    stream.on('error', () => res.destroy())
    stream.pipe(res)
  }
}
