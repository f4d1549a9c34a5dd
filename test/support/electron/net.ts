/**
 * `net` and the Electron `autoUpdater` module, as far as the app (through electron-updater) uses
 * them:
 * - `net.request(options)` returns a ClientRequest
 *   (https://www.electronjs.org/docs/latest/api/client-request): options as Node's URL model
 *   (`protocol`, `hostname`, `port`, `path`) or `url`; `redirect` `follow` | `error` | `manual`
 *   ("When mode is manual the redirection will be cancelled unless request.followRedirect is invoked
 *   synchronously during the redirect event"); events `response` (an IncomingMessage: a readable
 *   stream with `statusCode`, `statusMessage`, `headers`), `redirect (statusCode, method,
 *   redirectUrl, responseHeaders)`, `error`, `abort`, `close`; methods `setHeader`, `write`, `end`,
 *   `abort`, `followRedirect`. A ClientRequest emits no `socket` event (it is not Node's), so
 *   callers' socket timeouts never arm.
 *   Requests go over real loopback HTTP (Node's http), so a test feed on 127.0.0.1 is reached as
 *   the app would reach a real one; anything but loopback is refused, as the machine is offline.
 * - `autoUpdater` (https://www.electronjs.org/docs/latest/api/auto-updater): an EventEmitter; on
 *   Linux Electron has no built-in updater ("There is no built-in support for auto-updater on
 *   Linux"), so its methods are absent here; electron-updater only emits `before-quit-for-update`
 *   on it before it quits to install.
 */
import { EventEmitter } from 'node:events'
import { type IncomingMessage, request as httpRequest } from 'node:http'

export interface NetRequestOptions {
  method?: string
  url?: string
  protocol?: string
  hostname?: string
  host?: string
  port?: number | string
  path?: string
  headers?: Record<string, string | number | string[]>
  redirect?: 'follow' | 'error' | 'manual'
  session?: unknown
}

export interface NetLogEntry {
  method: string
  url: string
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1'])

/** Electron's IncomingMessage gives each header once: duplicates are joined (set-cookie a list). */
function electronHeaders(raw: IncomingMessage['headers']): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {}
  for (const [k, v] of Object.entries(raw)) if (v !== undefined) out[k] = v
  return out
}

class FakeClientRequest extends EventEmitter {
  private readonly url: URL
  private readonly headers: Record<string, string> = {}
  private readonly chunks: Buffer[] = []
  private redirects = 0
  private aborted = false
  private current: ReturnType<typeof httpRequest> | null = null

  constructor(
    private readonly options: NetRequestOptions,
    private readonly log: NetLogEntry[],
  ) {
    super()
    const base =
      options.url ??
      `${options.protocol ?? 'http:'}//${options.hostname ?? options.host ?? 'localhost'}${
        options.port ? `:${options.port}` : ''
      }${options.path ?? '/'}`
    this.url = new URL(base)
    for (const [k, v] of Object.entries(options.headers ?? {}))
      this.headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : String(v)
  }

  setHeader(name: string, value: string): void {
    this.headers[name.toLowerCase()] = value
  }

  getHeader(name: string): string | undefined {
    return this.headers[name.toLowerCase()]
  }

  removeHeader(name: string): void {
    delete this.headers[name.toLowerCase()]
  }

  write(chunk: string | Buffer): boolean {
    this.chunks.push(Buffer.from(chunk))
    return true
  }

  end(chunk?: string | Buffer): this {
    if (chunk) this.write(chunk)
    this.send(this.url)
    return this
  }

  abort(): void {
    if (this.aborted) return
    this.aborted = true
    this.current?.destroy()
    this.emit('abort')
    this.emit('close')
  }

  private pendingRedirect: URL | null = null

  followRedirect(): void {
    if (!this.pendingRedirect) throw new Error('followRedirect() called outside a redirect event')
    const next = this.pendingRedirect
    this.pendingRedirect = null
    this.send(next)
  }

  private send(url: URL): void {
    if (this.aborted) return
    if (!['http:', 'https:'].includes(url.protocol) || !LOOPBACK.has(url.hostname)) {
      setImmediate(() =>
        this.emit('error', new Error(`net::ERR_NAME_NOT_RESOLVED (offline double: ${url.href})`)),
      )
      return
    }
    if (url.protocol === 'https:') {
      setImmediate(() =>
        this.emit('error', new Error('net::ERR_SSL_PROTOCOL_ERROR (the loopback feed is http)')),
      )
      return
    }
    const method = (this.options.method ?? 'GET').toUpperCase()
    this.log.push({ method, url: url.href })
    const req = httpRequest(url, { method, headers: this.headers })
    this.current = req
    req.on('error', (e) => {
      if (!this.aborted) this.emit('error', e)
    })
    req.on('response', (res) => {
      if (this.aborted) return res.destroy()
      const status = res.statusCode ?? 0
      const location = res.headers.location
      if (status >= 300 && status < 400 && location) {
        res.resume()
        const next = new URL(location, url)
        const mode = this.options.redirect ?? 'follow'
        if (mode === 'error') {
          this.emit('error', new Error('net::ERR_FAILED (redirect mode is error)'))
          return
        }
        if (++this.redirects > 20) {
          this.emit('error', new Error('net::ERR_TOO_MANY_REDIRECTS'))
          return
        }
        if (mode === 'follow') return this.send(next)
        this.pendingRedirect = next
        this.emit('redirect', status, method, next.href, electronHeaders(res.headers))
        // Not followed synchronously: Electron cancels the redirect.
        if (this.pendingRedirect) {
          this.pendingRedirect = null
          if (!this.aborted) this.abort()
        }
        return
      }
      Object.defineProperty(res, 'headers', { value: electronHeaders(res.headers) })
      this.emit('response', res)
      res.on('end', () => this.emit('close'))
    })
    req.end(this.chunks.length ? Buffer.concat(this.chunks) : undefined)
  }
}

/** The `net` module (request only) and a log of every request made through it. */
export function fakeNet() {
  const log: NetLogEntry[] = []
  return {
    log,
    request: (options: NetRequestOptions | string) =>
      new FakeClientRequest(typeof options === 'string' ? { url: options } : options, log),
    isOnline: () => true,
  }
}

/** Electron's `autoUpdater` on Linux: an EventEmitter with no updater behind it. */
export const fakeAutoUpdater = () => new EventEmitter()
