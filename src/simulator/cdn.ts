/**
 * The second origin that serves result files, as a real service's storage host would: signed
 * URLs that expire, HTTP Range, HEAD, and a record of every request's headers so tests can prove
 * the API key never reached it. Synthetic files of any size are generated while streaming
 * (with backpressure), so a 512 MiB download costs the simulator no memory.
 */
import { createHash, createHmac } from 'node:crypto'
import { once } from 'node:events'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

import type { FaultRule, Faults } from './faults'
import { jsonResponse, parseRange, type RequestRecord, sendBuffered, sleep } from './http'

export type SyntheticMagic = 'png' | 'mp4' | 'zip' | 'none'

export interface PublishOptions {
  contentType: string
  /** Last path segment of the URL (default `file`). */
  filename?: string
  /** Lifetime of this URL in ms (default: the simulator's cdnUrlTtlMs). */
  ttlMs?: number
}

const PATTERN_SIZE = 1024 * 1024
let pattern: Buffer | null = null
/** The synthetic files' content: byte i is pattern()[i % 1 MiB], after the magic prefix. */
function patternBytes(): Buffer {
  if (!pattern) {
    pattern = Buffer.alloc(PATTERN_SIZE)
    for (let i = 0; i < PATTERN_SIZE; i++) pattern[i] = (i * 131 + (i >>> 11) * 7 + 17) & 0xff
  }
  return pattern
}

const MAGIC: Record<SyntheticMagic, Buffer> = {
  png: Buffer.from('89504e470d0a1a0a0000000d4948445200000400000004000806000000', 'hex'),
  mp4: Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypisom\0\0\x02\0isomiso2', 'latin1'),
  ]),
  zip: Buffer.from([0x50, 0x4b, 0x03, 0x04]),
  none: Buffer.alloc(0),
}
const SYNTHETIC_TYPES: Record<SyntheticMagic, string> = {
  png: 'image/png',
  mp4: 'video/mp4',
  zip: 'application/zip',
  none: 'application/octet-stream',
}

/** The bytes `[start, end)` of a synthetic file, for checking downloads against it. */
export function syntheticBytes(magic: SyntheticMagic, start: number, end: number): Buffer {
  const out = Buffer.alloc(end - start)
  for (let pos = start; pos < end;) {
    const off = pos % PATTERN_SIZE
    const n = Math.min(PATTERN_SIZE - off, end - pos)
    patternBytes().copy(out, pos - start, off, off + n)
    pos += n
  }
  const m = MAGIC[magic]
  if (start < m.length) m.copy(out, 0, start, Math.min(m.length, end))
  return out
}

interface StoredFile {
  data: Buffer
  contentType: string
}

export class Cdn {
  private server: Server | null = null
  private readonly files = new Map<string, StoredFile>()
  private readonly records: RequestRecord[] = []
  origin = ''

  constructor(
    private readonly secret: string,
    private readonly faults: Faults,
    private readonly ttlMs: number,
    private readonly now: () => number,
  ) {}

  async listen(port: number): Promise<void> {
    const server = createServer((req, res) => {
      this.handle(req, res).catch(() => res.destroy())
    })
    server.listen(port, '127.0.0.1')
    await once(server, 'listening')
    this.server = server
    this.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  }

  async close(): Promise<void> {
    const s = this.server
    if (!s) return
    this.server = null
    s.closeAllConnections()
    await new Promise<void>((r) => s.close(() => r()))
  }

  /** Every request the CDN received, oldest first (headers as sent). */
  requests(): RequestRecord[] {
    return this.records.map((r) => ({ ...r, headers: { ...r.headers } }))
  }

  /** Stores `data` (deduplicated by content) and returns a signed, expiring URL for it. */
  publish(data: Buffer, opts: PublishOptions): string {
    const id = createHash('sha256').update(data).update(opts.contentType).digest('hex').slice(0, 32)
    if (!this.files.has(id)) this.files.set(id, { data, contentType: opts.contentType })
    return this.sign(`/f/${id}/${encodeURIComponent(opts.filename ?? 'file')}`, opts.ttlMs)
  }

  /** A signed URL of a generated file of exactly `bytes` bytes, streamed when fetched. */
  syntheticUrl(
    bytes: number,
    opts: { magic?: SyntheticMagic; ttlMs?: number; filename?: string } = {},
  ): string {
    if (!Number.isSafeInteger(bytes) || bytes < 0)
      throw new RangeError('bytes must be a non-negative integer')
    const magic = opts.magic ?? 'none'
    return this.sign(
      `/s/${magic}/${bytes}/${encodeURIComponent(opts.filename ?? `synthetic-${bytes}`)}`,
      opts.ttlMs,
    )
  }

  private signature(path: string, expires: number): string {
    return createHmac('sha256', this.secret)
      .update(`${path}\n${expires}`)
      .digest('hex')
      .slice(0, 32)
  }

  private sign(path: string, ttlMs = this.ttlMs): string {
    const expires = this.now() + ttlMs
    return `${this.origin}${path}?expires=${expires}&sig=${this.signature(path, expires)}`
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.origin)
    const method = req.method ?? 'GET'
    const record: RequestRecord = {
      target: 'cdn',
      method,
      url: req.url ?? '/',
      path: url.pathname,
      headers: { ...req.headers },
      at: this.now(),
    }
    this.records.push(record)
    if (this.records.length > 10_000) this.records.shift()
    res.on('finish', () => (record.status = res.statusCode))
    res.on('close', () => (record.status ??= res.headersSent ? res.statusCode : undefined))
    req.resume()

    if (method !== 'GET' && method !== 'HEAD') {
      return this.error(res, 405, 'method_not_allowed', 'Only GET and HEAD are served')
    }
    const expires = Number(url.searchParams.get('expires'))
    const sig = url.searchParams.get('sig') ?? ''
    if (!Number.isFinite(expires) || sig !== this.signature(url.pathname, expires)) {
      return this.error(res, 403, 'signature_invalid', 'The download URL signature is not valid')
    }
    const forcedExpiry = this.faults.take('cdn', method, url.pathname, ['expire-cdn-url'])
    if (forcedExpiry || this.now() > expires) {
      return this.error(res, 403, 'url_expired', 'This download URL has expired')
    }
    const fault = this.faults.take('cdn', method, url.pathname, [
      'reset',
      'reset-mid-body',
      'truncate',
      'stall',
      'status',
    ])
    if (fault?.kind === 'stall' && fault.afterBytes === undefined)
      await sleep(fault.stallMs ?? 1000)

    const synthetic = /^\/s\/(png|mp4|zip|none)\/(\d+)\//.exec(url.pathname)
    if (synthetic) {
      const magic = synthetic[1] as SyntheticMagic
      return this.streamSynthetic(req, res, method, magic, Number(synthetic[2]), fault)
    }
    const file = /^\/f\/([0-9a-f]{32})\//.exec(url.pathname)
    const stored = file ? this.files.get(file[1] as string) : undefined
    if (!stored) return this.error(res, 404, 'not_found', 'No such file')
    return this.sendStored(req, res, method, stored, fault)
  }

  private error(res: ServerResponse, status: number, code: string, message: string): Promise<void> {
    return sendBuffered(res, jsonResponse(status, { error: { code, message } }), null)
  }

  private headers(contentType: string, length: number): Record<string, string> {
    return {
      'Content-Type': contentType,
      'Accept-Ranges': 'bytes',
      'Cache-Control': 'private, max-age=60',
      'Content-Length': String(length),
    }
  }

  private async sendStored(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    f: StoredFile,
    fault: FaultRule | null,
  ): Promise<void> {
    const range = parseRange(req.headers.range, f.data.length)
    if (range === 'invalid') {
      res.writeHead(416, { 'Content-Range': `bytes */${f.data.length}` })
      return void res.end()
    }
    const body = range ? f.data.subarray(range.start, range.end + 1) : f.data
    const headers = this.headers(f.contentType, body.length)
    if (range) headers['Content-Range'] = `bytes ${range.start}-${range.end}/${f.data.length}`
    if (method === 'HEAD') {
      res.writeHead(range ? 206 : 200, headers)
      return void res.end()
    }
    return sendBuffered(res, { status: range ? 206 : 200, headers, body }, fault)
  }

  private async streamSynthetic(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    magic: SyntheticMagic,
    size: number,
    fault: FaultRule | null,
  ): Promise<void> {
    const range = parseRange(req.headers.range, size)
    if (range === 'invalid') {
      res.writeHead(416, { 'Content-Range': `bytes */${size}` })
      return void res.end()
    }
    const start = range ? range.start : 0
    const end = range ? range.end + 1 : size
    const headers = this.headers(SYNTHETIC_TYPES[magic], end - start)
    if (range) headers['Content-Range'] = `bytes ${range.start}-${range.end}/${size}`
    if (fault?.kind === 'reset') return void res.socket?.destroy()
    if (fault?.kind === 'status') {
      return sendBuffered(
        res,
        jsonResponse(fault.status ?? 500, {
          error: { code: 'server_error', message: 'Simulated failure' },
        }),
        null,
      )
    }
    res.writeHead(range ? 206 : 200, headers)
    if (method === 'HEAD' || start === end) return void res.end()

    const cutAt =
      fault && fault.kind !== 'stall'
        ? start + (fault.afterBytes ?? Math.floor((end - start) / 2))
        : end
    const stallAt = fault?.kind === 'stall' ? start + (fault.afterBytes ?? 0) : -1
    const m = MAGIC[magic]
    let pos = start
    let stalled = stallAt < 0
    while (pos < end && !res.destroyed) {
      if (!stalled && pos >= stallAt) {
        await sleep(fault?.stallMs ?? 1000)
        stalled = true
        continue
      }
      if (pos >= cutAt) {
        // The cut of a reset-mid-body / truncate fault.
        const socket = res.socket
        if (fault?.kind === 'truncate') socket?.end()
        else socket?.destroy()
        return
      }
      const off = pos % PATTERN_SIZE
      const limit = stalled ? Math.min(end, cutAt) : Math.min(end, cutAt, stallAt)
      const n = Math.min(PATTERN_SIZE - off, limit - pos)
      let chunk = patternBytes().subarray(off, off + n)
      if (pos < m.length) {
        chunk = Buffer.from(chunk)
        m.copy(chunk, 0, pos, Math.min(m.length, pos + n))
      }
      pos += n
      if (!res.write(chunk)) {
        await new Promise<void>((r) => {
          const done = () => {
            res.off('drain', done)
            res.off('close', done)
            r()
          }
          res.on('drain', done)
          res.on('close', done)
        })
      }
    }
    if (!res.destroyed) res.end()
  }
}
