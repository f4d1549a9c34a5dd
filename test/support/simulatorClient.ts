/** Helpers for the simulator tests: a started simulator, raw HTTP calls and multipart bodies. */
import { request } from 'node:http'

import { type Simulator, type SimulatorOptions, startSimulator } from '@simulator'
import { fileBytes } from '@test/support/catalogFixtures'
import type { FileKind } from '@test/support/ruleMatrix'
import { createParser } from 'eventsource-parser'

/** Starts a fast simulator (all simulated durations × timeScale, default 0). */
export const fastSimulator = (o: SimulatorOptions = {}): Promise<Simulator> =>
  startSimulator({ timeScale: 0, ...o })

export interface CallResult {
  status: number
  headers: Headers
  text: string
  json: () => any // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** One HTTP call to the simulator with a Bearer key; JSON bodies are serialised. */
export async function call(
  sim: Simulator,
  method: string,
  path: string,
  opts: {
    key?: string | null
    body?: unknown
    form?: FormData
    headers?: Record<string, string>
  } = {},
): Promise<CallResult> {
  const key = opts.key === undefined ? sim.accounts.full.key : opts.key
  const headers: Record<string, string> = { ...opts.headers }
  if (key) headers.Authorization = `Bearer ${key}`
  let body: BodyInit | undefined
  if (opts.form) body = opts.form
  else if (opts.body !== undefined) {
    body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body)
    headers['Content-Type'] ??= 'application/json'
  }
  const res = await fetch(`${sim.baseUrl}${path}`, { method, headers, body, redirect: 'manual' })
  const text = await res.text()
  return { status: res.status, headers: res.headers, text, json: () => JSON.parse(text) }
}

/** A multipart edit body: text fields plus image files as `image` (one) or `image[]` (several). */
export async function editForm(
  fields: Record<string, unknown>,
  files: FileKind[],
): Promise<FormData> {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) {
    if (Array.isArray(v)) for (const item of v) form.append(`${k}[]`, String(item))
    else if (v !== undefined) form.append(k, String(v))
  }
  const part = files.length === 1 ? 'image' : 'image[]'
  for (const [i, kind] of files.entries()) {
    const bytes = await fileBytes(kind)
    form.append(
      part,
      new Blob([new Uint8Array(bytes)]),
      `ref-${i}.${kind === 'text' ? 'txt' : kind}`,
    )
  }
  return form
}

/** Reads an SSE body into events (name, data, id) with eventsource-parser, as clients do. */
export async function readSse(
  res: Response,
  stopAfter?: (e: { event?: string; data: string; id?: string }) => boolean,
): Promise<{ event?: string; data: string; id?: string }[]> {
  const events: { event?: string; data: string; id?: string }[] = []
  let stop = false
  const parser = createParser({
    onEvent: (e) => {
      events.push({ event: e.event, data: e.data, id: e.id })
      if (stopAfter?.(events[events.length - 1] as (typeof events)[number])) stop = true
    },
  })
  const reader = (res.body as ReadableStream<Uint8Array>).getReader()
  const decoder = new TextDecoder()
  try {
    while (!stop) {
      const { done, value } = await reader.read()
      if (done) break
      parser.feed(decoder.decode(value, { stream: true }))
    }
  } finally {
    if (stop) await reader.cancel().catch(() => undefined)
  }
  return events
}

export const until = async (
  check: () => boolean | Promise<boolean>,
  timeoutMs = 5000,
): Promise<void> => {
  const start = Date.now()
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 5))
  }
}

/**
 * POSTs (or GETs) with node:http and collects SSE events until the stream ends or breaks. Unlike
 * fetch, whose stream error discards chunks not yet read, this keeps every event that arrived.
 */
export function rawSse(
  sim: Simulator,
  method: 'GET' | 'POST',
  path: string,
  opts: { body?: unknown; key?: string; headers?: Record<string, string> } = {},
): Promise<{
  status: number
  events: { event?: string; data: string; id?: string }[]
  outcome: 'end' | 'aborted'
}> {
  return new Promise((resolve, reject) => {
    const data = opts.body === undefined ? undefined : JSON.stringify(opts.body)
    const req = request(`${sim.baseUrl}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${opts.key ?? sim.accounts.full.key}`,
        ...(data ? { 'Content-Type': 'application/json' } : {}),
        ...opts.headers,
      },
    })
    req.on('response', (res) => {
      const events: { event?: string; data: string; id?: string }[] = []
      const parser = createParser({
        onEvent: (e) => events.push({ event: e.event, data: e.data, id: e.id }),
      })
      res.setEncoding('utf8')
      res.on('data', (c: string) => parser.feed(c))
      let settled = false
      const finish = (outcome: 'end' | 'aborted') => {
        if (settled) return
        settled = true
        resolve({ status: res.statusCode ?? 0, events, outcome })
      }
      res.on('end', () => finish('end'))
      res.on('aborted', () => finish('aborted'))
      res.on('error', () => finish('aborted'))
    })
    req.on('error', reject)
    req.end(data)
  })
}
