/**
 * The API server: route table, Bearer auth, per-key rate limit, 'before' faults and error
 * mapping. Unknown paths under /ai answer 404 with an HTML body, as the spec describes for a
 * wrong final native path (for example duplicated segments); other unknown paths answer JSON.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'

import type { Handler, RouteRequest, SimContext } from './context'
import { SimError } from './errors'
import { jsonResponse, parseJson, readBody, type RequestRecord, sendBuffered, sleep } from './http'
import { imagesEdits, imagesGenerations } from './routes/images'
import { listModels } from './routes/models'
import { nativeGenerate } from './routes/native'
import { chatCompletions, responses, responsesCompact } from './routes/text'
import { createVideo, getVideo, videoContent } from './routes/videos'
import {
  estimate,
  generation,
  generationStream,
  getTask,
  taskEvents,
  uploadAsset,
} from './routes/workbench'
import { SseWriter } from './sse'

interface Route {
  method: string
  pattern: RegExp
  name: string
  handler: Handler
}

const route = (method: string, path: string, handler: Handler): Route => ({
  method,
  name: `${method} ${path}`,
  pattern: new RegExp(`^${path.replace(/\{(\w+)\}/g, '([^/]+)')}$`),
  handler,
})

const ROUTES: readonly Route[] = [
  route('GET', '/v1/models', listModels),
  route('POST', '/v1/images/generations', imagesGenerations),
  route('POST', '/v1/images/edits', imagesEdits),
  route('POST', '/v1/videos', createVideo),
  route('GET', '/v1/videos/{id}', getVideo),
  route('GET', '/v1/videos/{id}/content', videoContent),
  route('POST', '/ai/generate-image', nativeGenerate),
  route('POST', '/v1/art/estimate', estimate),
  route('POST', '/v1/art/generations', generation),
  route('POST', '/v1/art/generations/stream', generationStream),
  route('GET', '/v1/art/generations/{id}/events', taskEvents),
  route('GET', '/v1/art/generations/{id}', getTask),
  route('POST', '/v1/art/assets', uploadAsset),
  route('POST', '/v1/chat/completions', chatCompletions),
  route('POST', '/v1/responses', responses),
  route('POST', '/v1/responses/compact', responsesCompact),
]

const HTML_404 =
  '<!DOCTYPE html>\n<html><head><title>404 Not Found</title></head><body><h1>Not Found</h1>' +
  '<p>The requested URL was not found on this server.</p></body></html>\n'

const MAX_JSON_BYTES = 48 * 1024 * 1024

export class ApiServer {
  private readonly records: RequestRecord[] = []
  private readonly windows = new Map<string, { start: number; count: number }>()

  constructor(private readonly ctx: SimContext) {}

  requests(): RequestRecord[] {
    return this.records.map((r) => ({ ...r, headers: { ...r.headers } }))
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { ctx } = this
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const method = req.method ?? 'GET'
    const path = url.pathname
    const record: RequestRecord = {
      target: 'api',
      method,
      url: req.url ?? '/',
      path,
      headers: { ...req.headers },
      at: ctx.opts.now(),
    }
    this.records.push(record)
    if (this.records.length > 10_000) this.records.shift()
    res.on('finish', () => (record.status = res.statusCode))
    res.on('close', () => (record.status ??= res.headersSent ? res.statusCode : undefined))

    try {
      const match = this.match(method, path)
      if (!match) {
        req.resume()
        if (path.startsWith('/ai/') || path.includes('/ai/') || path.endsWith('generate-image')) {
          return void (await sendBuffered(
            res,
            {
              status: 404,
              headers: { 'Content-Type': 'text/html; charset=utf-8' },
              body: Buffer.from(HTML_404),
            },
            null,
          ))
        }
        throw new SimError(404, 'not_found', `No route for ${method} ${path}`)
      }
      const account = this.authenticate(req)
      this.rateLimit(account.config.key)
      const before = ctx.faults.take('api', method, path, ['reset', 'status', 'stall'], 'before')
      if (before?.kind === 'reset') {
        req.socket.destroy()
        return
      }
      if (before?.kind === 'stall') await sleep(before.stallMs ?? 1000)
      if (before?.kind === 'status') {
        req.resume()
        return await sendBuffered(res, jsonResponse(200, {}), before)
      }
      let bodyRead: Promise<{ body: Buffer; total: number; overflow: boolean }> | null = null
      const rq: RouteRequest = {
        ctx,
        req,
        res,
        method,
        path,
        route: match.route.name,
        params: match.params,
        query: url.searchParams,
        account,
        header: (name) => {
          const v = req.headers[name.toLowerCase()]
          return Array.isArray(v) ? v[0] : v
        },
        body: (limit = 64 * 1024 * 1024) => (bodyRead ??= readBody(req, limit)),
        json: async () => {
          const { body, overflow } = await rq.body(MAX_JSON_BYTES)
          if (overflow)
            throw new SimError(400, 'request_too_large', 'The request body is too large', {
              param: 'request',
            })
          return parseJson(body)
        },
        send: (r) =>
          sendBuffered(
            res,
            r,
            ctx.faults.take(
              'api',
              method,
              path,
              ['reset', 'reset-mid-body', 'truncate', 'stall', 'status'],
              'after',
            ),
          ),
        sse: (keepalive) =>
          new SseWriter(
            res,
            ctx.faults.take('api', method, path, ['sse-drop', 'stall'], 'after'),
            keepalive ? ctx.opts.keepaliveMs : null,
          ),
      }
      await match.route.handler(rq)
    } catch (e) {
      if (res.headersSent || res.destroyed) {
        res.destroy()
        return
      }
      req.resume()
      const err =
        e instanceof SimError
          ? e
          : new SimError(500, 'server_error', `Simulator error: ${(e as Error).message}`)
      await sendBuffered(res, jsonResponse(err.status, err.body(), err.headers), null)
    }
  }

  private match(method: string, path: string): { route: Route; params: string[] } | null {
    for (const r of ROUTES) {
      if (r.method !== method) continue
      const m = r.pattern.exec(path)
      if (m) return { route: r, params: m.slice(1).map((p) => decodeURIComponent(p)) }
    }
    return null
  }

  private authenticate(req: IncomingMessage) {
    const header = req.headers.authorization ?? ''
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header)
    const account = m ? this.ctx.accountsByKey.get(m[1] as string) : undefined
    if (!account) {
      throw new SimError(
        401,
        'invalid_api_key',
        header
          ? 'The API key is wrong, inactive or expired'
          : 'Missing Authorization: Bearer <API_KEY>',
        { headers: { 'WWW-Authenticate': 'Bearer' } },
      )
    }
    return account
  }

  private rateLimit(key: string): void {
    const limit = this.ctx.opts.rateLimit
    if (!limit) return
    const now = this.ctx.opts.now()
    let w = this.windows.get(key)
    if (!w || now - w.start >= limit.windowMs) {
      w = { start: now, count: 0 }
      this.windows.set(key, w)
    }
    w.count++
    if (w.count > limit.requests) {
      const seconds = Math.max(1, Math.ceil((w.start + limit.windowMs - now) / 1000))
      throw new SimError(
        429,
        'rate_limit_exceeded',
        `Rate limit reached; retry after ${seconds} s`,
        {
          headers: { 'Retry-After': String(seconds) },
        },
      )
    }
  }
}
