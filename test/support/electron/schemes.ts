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
 * - `secure`: only a secure scheme's pages are secure contexts. A secure scheme is served on
 *   `*.localhost` (which Chromium trusts); any other on `http://<host>.<scheme>.insecure.test:P`
 *   (resolved to 127.0.0.1 by the double's Chromium flags), which Chromium does not trust.
 * - `standard`: a scheme that is not standard has no origin of its own ("null"): its documents
 *   are served with a CSP `sandbox` (no allow-same-origin), which gives them an opaque origin
 *   with no storage, as Electron's non-standard schemes have.
 * - `bypassCSP`: the page's CSP does not apply to the scheme's resources; without it, it does.
 * The CSP the app sends names its schemes (`img-src gen-media:`); the double maps those source
 * expressions to the loopback origins, exactly as it maps URLs. Redirects (`Location`) to a
 * scheme URL are mapped too.
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

/** Where schemes that are not `secure` are served: a domain Chromium does not trust. */
export const INSECURE_DOMAIN = 'insecure.test'
/** The Chromium flag that sends that domain to the loopback server. */
export const INSECURE_RESOLVER_ARG = `--host-resolver-rules=MAP *.${INSECURE_DOMAIN} 127.0.0.1`
const HTTP_URL = /^http:\/\/([^/?#]*)\.([a-z][a-z0-9+.-]*)\.(localhost|insecure\.test):(\d+)(.*)$/i
/** A CSP sandbox without allow-same-origin: an opaque origin, as a non-standard scheme has. */
const OPAQUE_ORIGIN = 'sandbox allow-scripts allow-forms allow-modals allow-popups'

/** What a scheme request did, for tests that assert Electron's rules were applied. */
export interface SchemeRequestLog {
  url: string
  mode: string
  dest: string
  status: number | 'failed'
  reason?: string
}

/**
 * The request's mode and destination. Chromium sends Sec-Fetch-* only to trustworthy origins, so
 * for a scheme that is not `secure` they are read from what every request does carry: the Accept
 * header of its destination, a Range for media, an Origin for a CORS-mode GET.
 */
function fetchMeta(req: IncomingMessage): { mode: string; dest: string } {
  const mode = req.headers['sec-fetch-mode']
  const dest = req.headers['sec-fetch-dest']
  if (typeof mode === 'string' && typeof dest === 'string') return { mode, dest }
  const accept = String(req.headers.accept ?? '')
  const guessed = accept.startsWith('text/html')
    ? 'document'
    : accept.startsWith('image/')
      ? 'image'
      : accept.startsWith('text/css')
        ? 'style'
        : req.headers.range !== undefined
          ? 'video'
          : 'empty'
  const cors = req.headers.origin !== undefined && (req.method ?? 'GET') === 'GET'
  return { mode: cors ? 'cors' : guessed === 'document' ? 'navigate' : 'no-cors', dest: guessed }
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

  /** The host suffix of a scheme's loopback origins: trusted (`localhost`) only when secure. */
  suffix(scheme: string): string {
    const trusted = this.privileges.get(scheme)?.secure === true
    return `.${scheme}.${trusted ? 'localhost' : INSECURE_DOMAIN}:${this.port}`
  }

  /** `app://gen-studio/x` → `http://gen-studio.app.localhost:P/x` for registered schemes. */
  toHttp(url: string): string {
    const m = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)(.*)$/i.exec(url)
    if (!m || !this.privileges.has(m[1]!.toLowerCase())) return url
    return `http://${m[2]}${this.suffix(m[1]!.toLowerCase())}${m[3] || '/'}`
  }

  /** The reverse of toHttp; other URLs are returned as they are. */
  fromHttp(url: string): string {
    const m = HTTP_URL.exec(url)
    if (!m || Number(m[4]) !== this.port || !this.privileges.has(m[2]!)) return url
    if (this.suffix(m[2]!) !== `.${m[2]}.${m[3]}:${m[4]}`) return url
    return `${m[2]}://${m[1]}${m[5] || '/'}`
  }

  /**
   * Maps `scheme:` source expressions of a CSP to the scheme's loopback origins, and lets the
   * resources of bypassCSP schemes through every fetch directive.
   */
  rewriteCsp(csp: string): string {
    let out = csp
    for (const scheme of this.privileges.keys()) {
      const re = new RegExp(`(^|[\\s;])${scheme.replace(/[.+-]/g, '\\$&')}:(?=[\\s;]|$)`, 'g')
      out = out.replace(re, `$1http://*${this.suffix(scheme)}`)
    }
    const bypass = [...this.privileges]
      .filter(([, p]) => p.bypassCSP)
      .map(([scheme]) => `http://*${this.suffix(scheme)}`)
    if (bypass.length === 0) return out
    return out
      .split(';')
      .map((directive) => {
        const name = directive.trim().split(/\s+/)[0] ?? ''
        if (!/-src(-elem|-attr)?$/.test(name)) return directive
        return `${directive.replace(/'none'/g, '')} ${bypass.join(' ')}`
      })
      .join(';')
  }

  /** Origin suffixes for the page shim: every registered scheme is served here. */
  pageSchemes(): Record<string, string> {
    return Object.fromEntries([...this.privileges.keys()].map((s) => [s, this.suffix(s)]))
  }

  private fail(req: IncomingMessage, res: ServerResponse, reason: string): void {
    this.log.push({
      url: this.fromHttp(`http://${req.headers.host}${req.url}`),
      ...fetchMeta(req),
      status: 'failed',
      reason,
    })
    // A network error, as Electron gives the page: no response at all.
    res.socket?.destroy()
  }

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const host = String(req.headers.host ?? '')
    const m = /^([^:]*)\.([a-z][a-z0-9+.-]*)\.(localhost|insecure\.test):\d+$/i.exec(host)
    const scheme = m?.[2]?.toLowerCase() ?? ''
    const privileges = this.privileges.get(scheme)
    const handler = this.handlers.get(scheme)
    if (!m || !privileges) return this.fail(req, res, 'unknown scheme')
    if (!host.endsWith(this.suffix(scheme))) return this.fail(req, res, 'wrong origin for scheme')
    if (!handler) return this.fail(req, res, `no protocol.handle for ${scheme}`)
    const { mode, dest } = fetchMeta(req)
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
      out[k] =
        k === 'content-security-policy' ? this.rewriteCsp(v) : k === 'location' ? this.toHttp(v) : v
    })
    const isHtml = (out['content-type'] ?? '').startsWith('text/html')
    if (isHtml && !privileges.standard) {
      const csp = out['content-security-policy']
      out['content-security-policy'] = csp ? `${csp}, ${OPAQUE_ORIGIN}` : OPAQUE_ORIGIN
    }
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
