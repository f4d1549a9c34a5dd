/** Request reading and response writing shared by the API and CDN servers, with faults applied. */
import type { IncomingMessage, ServerResponse } from 'node:http'

import { SimError } from './errors'
import type { FaultRule } from './faults'

export interface BufferedResponse {
  status: number
  headers: Record<string, string>
  body: Buffer
}

export const jsonResponse = (
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): BufferedResponse => ({
  status,
  headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
  body: Buffer.from(JSON.stringify(value)),
})

export interface RequestRecord {
  target: 'api' | 'cdn'
  method: string
  /** Path and query as received. */
  url: string
  path: string
  /** Raw request headers (the Authorization header is kept so tests can check where it went). */
  headers: Record<string, string | string[] | undefined>
  at: number
  /** Response status, once the response started. */
  status?: number
}

/**
 * Reads the body, keeping at most `keepLimit` bytes but counting all of them, so an oversized
 * request can be refused with a clear 400 instead of a reset.
 */
export async function readBody(
  req: IncomingMessage,
  keepLimit: number,
): Promise<{ body: Buffer; total: number; overflow: boolean }> {
  const parts: Buffer[] = []
  let kept = 0
  let total = 0
  for await (const c of req) {
    const chunk = c as Buffer
    total += chunk.length
    if (kept + chunk.length <= keepLimit) {
      parts.push(chunk)
      kept += chunk.length
    }
  }
  return { body: Buffer.concat(parts, kept), total, overflow: total > kept }
}

export function parseJson(body: Buffer): unknown {
  if (body.length === 0)
    throw new SimError(400, 'invalid_json', 'The request body is empty', { param: 'body' })
  try {
    return JSON.parse(body.toString('utf8'))
  } catch {
    throw new SimError(400, 'invalid_json', 'The request body is not valid JSON', { param: 'body' })
  }
}

export const sleep = (ms: number): Promise<void> =>
  ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve()

/** Closes the connection after `data` has been flushed (abruptly, or with FIN when `graceful`). */
function cutAfter(res: ServerResponse, data: Buffer, graceful: boolean): void {
  const socket = res.socket
  res.write(data, () => {
    if (graceful) socket?.end()
    else socket?.destroy()
  })
}

/** Sends a buffered response, or the misbehaviour an 'after' fault asks for. */
export async function sendBuffered(
  res: ServerResponse,
  r: BufferedResponse,
  fault: FaultRule | null,
): Promise<void> {
  if (res.headersSent || res.destroyed) return
  if (fault?.kind === 'reset') {
    res.socket?.destroy()
    return
  }
  if (fault?.kind === 'status') {
    const status = fault.status ?? 500
    const headers: Record<string, string> =
      status === 429 || status === 503
        ? { 'Retry-After': String(fault.retryAfterSeconds ?? 1) }
        : {}
    const err = new SimError(
      status,
      status === 429 ? 'rate_limit_exceeded' : 'server_error',
      'Simulated failure',
      {
        headers,
      },
    )
    r = jsonResponse(status, err.body(), headers)
  }
  if (fault?.kind === 'stall' && fault.afterBytes === undefined) await sleep(fault.stallMs ?? 1000)
  res.writeHead(r.status, { ...r.headers, 'Content-Length': String(r.body.length) })
  const split = Math.min(r.body.length, fault?.afterBytes ?? Math.floor(r.body.length / 2))
  if (fault?.kind === 'reset-mid-body') return cutAfter(res, r.body.subarray(0, split), false)
  if (fault?.kind === 'truncate') return cutAfter(res, r.body.subarray(0, split), true)
  if (fault?.kind === 'stall' && fault.afterBytes !== undefined) {
    res.write(r.body.subarray(0, split))
    await sleep(fault.stallMs ?? 1000)
    if (!res.destroyed) res.end(r.body.subarray(split))
    return
  }
  res.end(r.body)
}

/** Parses a single `bytes=a-b` range against `size`; null when absent, 'invalid' when unsatisfiable. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'invalid' {
  if (!header) return null
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!m || (m[1] === '' && m[2] === '')) return 'invalid'
  let start: number
  let end: number
  if (m[1] === '') {
    const suffix = Number(m[2])
    start = Math.max(0, size - suffix)
    end = size - 1
  } else {
    start = Number(m[1])
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1)
  }
  if (start > end || start >= size) return 'invalid'
  return { start, end }
}
