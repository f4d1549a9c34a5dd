/**
 * The fault matrix: one real task (real client, downloads, library, journal) per fault mode of
 * the simulator. Each must end saved, or with a clear failure, and never be charged twice.
 */
import { join } from 'node:path'

import type { SubmitTaskInput } from '@shared/tasks/submit'
import type { TaskView } from '@shared/tasks/views'
import { type FaultRule, type Simulator, startSimulator } from '@simulator'
import { chargesByKey, libraryFiles } from '@test/support/libraryCheck'
import { type Stack, startStack } from '@test/support/simulatorStack'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let sim: Simulator
let expiring: Simulator

beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0.01, keepaliveMs: 200, seed: 5 })
  // Result links that are already expired when the client gets them.
  expiring = await startSimulator({ timeScale: 0.01, keepaliveMs: 200, seed: 6, cdnUrlTtlMs: 1 })
})
afterAll(async () => {
  await sim?.close()
  await expiring?.close()
})

const IMAGE: SubmitTaskInput = {
  kind: 'image',
  request: {
    model: 'std-image-2',
    prompt: 'a lighthouse at dusk',
    quality: 'low',
    size: '512x512',
  },
}
const IMAGE_B64: SubmitTaskInput = {
  kind: 'image',
  request: { ...IMAGE.request, response_format: 'b64_json', prompt: 'a red kite' },
}
const VIDEO: SubmitTaskInput = {
  kind: 'video',
  request: { model: 'motion-2.0-fast', prompt: 'waves on rocks', duration: 4, resolution: '480p' },
}
const NATIVE: SubmitTaskInput = {
  kind: 'native',
  request: {
    input: 'a fox in snow',
    model: 'art-diffusion-4-5-full',
    action: 'generate',
    parameters: { width: 512, height: 512, steps: 10, n_samples: 2, seed: 11 },
  },
}
const WORKBENCH: SubmitTaskInput = {
  kind: 'workbench',
  request: {
    model: 'art-v4.5',
    model_variant: 'art-diffusion-4-5-full',
    prompt: 'a paper boat',
    width: 512,
    height: 512,
    steps: 10,
    count: 1,
  },
}

interface Case {
  name: string
  input: SubmitTaskInput
  faults: FaultRule[]
  expect: 'saved' | 'failed' | 'needs_attention'
  outputs?: number
  server?: () => Simulator
  account?: 'full' | 'restricted'
  timeouts?: { headersMs?: number; bodyMs?: number; generationHeadersMs?: number }
  check?: (ctx: { view: TaskView; sim: Simulator; stack: Stack; since: number }) => void
}

const CASES: Case[] = [
  {
    name: 'connection reset after the image was charged',
    input: IMAGE,
    faults: [{ route: 'POST /v1/images/generations', kind: 'reset', phase: 'after' }],
    expect: 'saved',
  },
  {
    name: 'connection reset in the middle of the image answer (b64_json)',
    input: IMAGE_B64,
    faults: [{ route: 'POST /v1/images/generations', kind: 'reset-mid-body' }],
    expect: 'saved',
  },
  {
    name: 'video creation reset after the charge',
    input: VIDEO,
    faults: [{ route: 'POST /v1/videos', kind: 'reset', phase: 'after' }],
    expect: 'saved',
  },
  {
    name: 'video creation stalls past the headers timeout',
    input: VIDEO,
    faults: [{ route: 'POST /v1/videos', kind: 'stall', phase: 'after', stallMs: 3_000 }],
    timeouts: { headersMs: 800, generationHeadersMs: 800 },
    expect: 'saved',
  },
  {
    name: '5xx while polling the video',
    input: VIDEO,
    faults: [{ route: 'GET /v1/videos/*', kind: 'status', status: 502, times: 4 }],
    expect: 'saved',
  },
  {
    name: '429 storm with Retry-After on every route',
    input: VIDEO,
    faults: [{ kind: 'status', status: 429, retryAfterSeconds: 1, times: 3 }],
    expect: 'saved',
    check: ({ sim, since }) => {
      const records = sim.requests().filter((r) => r.at >= since)
      const windows = records.filter((r) => r.status === 429).map((r) => [r.at, r.at + 1_000])
      const inside = records.filter((r) => windows.some(([a, b]) => r.at > a! + 5 && r.at < b! - 5))
      expect(windows.length).toBeGreaterThan(0)
      expect(inside).toEqual([])
    },
  },
  {
    name: 'video file truncated mid-download',
    input: VIDEO,
    faults: [{ route: 'GET /v1/videos/*/content', kind: 'truncate', times: 2 }],
    expect: 'saved',
  },
  {
    name: 'video download stalls mid-body',
    input: VIDEO,
    faults: [
      { route: 'GET /v1/videos/*/content', kind: 'stall', afterBytes: 1000, stallMs: 3_000 },
    ],
    timeouts: { bodyMs: 800 },
    expect: 'saved',
  },
  {
    name: 'image result truncated on the CDN',
    input: IMAGE,
    faults: [{ target: 'cdn', kind: 'truncate', times: 2 }],
    expect: 'saved',
  },
  {
    name: 'CDN link answers as expired once',
    input: IMAGE,
    faults: [{ target: 'cdn', kind: 'expire-cdn-url' }],
    expect: 'saved',
  },
  {
    name: 'CDN links really expired: a clear failure after renewing, one charge',
    input: { ...IMAGE, request: { ...IMAGE.request, prompt: 'a short-lived link' } },
    faults: [],
    server: () => expiring,
    expect: 'needs_attention',
    check: ({ view }) => {
      expect(view.attention).toBe('result_unavailable')
      expect(view.error?.message).toMatch(/could not be downloaded/)
    },
  },
  {
    name: 'native ZIP reset after the charge',
    input: NATIVE,
    faults: [{ route: 'POST /ai/generate-image', kind: 'reset', phase: 'after' }],
    expect: 'saved',
    outputs: 2,
  },
  {
    name: 'workbench event stream dropped twice',
    input: WORKBENCH,
    faults: [
      { route: 'GET /v1/art/generations/*/events', kind: 'sse-drop', afterEvents: 1, times: 2 },
    ],
    expect: 'saved',
  },
  {
    name: 'workbench quote expired at the same price: re-quoted silently',
    input: WORKBENCH,
    faults: [{ route: 'POST /v1/art/generations', kind: 'expire-quote' }],
    expect: 'saved',
  },
  {
    name: '5xx on the estimate',
    input: WORKBENCH,
    faults: [
      {
        route: 'POST /v1/art/estimate',
        kind: 'status',
        status: 503,
        retryAfterSeconds: 0,
        times: 2,
      },
    ],
    expect: 'saved',
  },
  {
    name: 'the server fails the video: failed with its message, refunded',
    input: { ...VIDEO, request: { ...VIDEO.request, prompt: 'storm [simulate:fail]' } },
    faults: [],
    expect: 'failed',
    check: ({ view }) => expect(view.error?.message).toMatch(/failed/),
  },
  {
    name: 'a definitive 403 (model not allowed for the key) fails at once, nothing charged',
    input: { ...VIDEO, request: { ...VIDEO.request, model: 'motion-2.0' } },
    account: 'restricted',
    faults: [],
    expect: 'failed',
    check: ({ view }) => {
      expect(view.error?.code).toBe('forbidden')
      expect(view.attempts).toBe(1)
    },
  },
  {
    name: 'a definitive 400 from the service fails at once',
    input: IMAGE,
    faults: [{ route: 'POST /v1/images/generations', kind: 'status', status: 400 }],
    expect: 'failed',
    check: ({ view }) => expect(view.error?.code).toBe('validation'),
  },
]

async function waitFor(stack: Stack, id: string, states: string[], ms = 30_000): Promise<TaskView> {
  const end = Date.now() + ms
  for (;;) {
    const view = await stack.tasks.get(id)
    if (states.includes(view.state)) return view
    if (Date.now() > end)
      throw new Error(`task still ${view.state}: ${JSON.stringify(view.notice ?? view.error)}`)
    await new Promise((r) => setTimeout(r, 40))
  }
}

function keyOf(stack: Stack, id: string): string {
  const db = new Database(join(stack.userDataDir, 'tasks.sqlite'), { readonly: true })
  try {
    return (db.prepare('SELECT idem_key FROM tasks WHERE id = ?').get(id) as { idem_key: string })
      .idem_key
  } finally {
    db.close()
  }
}

describe('fault matrix against the simulator', () => {
  for (const c of CASES) {
    it(c.name, async () => {
      const server = c.server?.() ?? sim
      const stack = await startStack({
        baseUrl: server.baseUrl,
        key: server.accounts[c.account ?? 'full'].key,
        ...(c.timeouts ? { timeouts: c.timeouts } : {}),
      })
      const firedBefore = server.faults.fired().length
      const handles = c.faults.map((f) => server.faults.inject(f))
      try {
        const since = Date.now()
        const submitted = await stack.admission.submit(c.input)
        const view = await waitFor(stack, submitted.id, ['saved', 'failed', 'needs_attention'])
        expect(view.state, JSON.stringify(view.error)).toBe(c.expect)
        const key = keyOf(stack, view.id)
        const ledger = chargesByKey(server.ledger.charges().filter((e) => e.idempotencyKey === key))
        expect(ledger.duplicated).toEqual([])
        const files = libraryFiles(stack.libraryDir)
        expect(files.filter((f) => f.problem !== null)).toEqual([])
        if (c.expect === 'saved') {
          expect(ledger.charges.get(key)).toBe(1)
          expect(files.filter((f) => f.sourceTaskId === view.id)).toHaveLength(c.outputs ?? 1)
          expect(view.results).toHaveLength(c.outputs ?? 1)
        } else {
          expect(files).toEqual([])
          if (c.expect === 'failed') expect(ledger.net.get(key) ?? 0).toBe(0)
        }
        // Every injected fault really happened to this task.
        const fired = server.faults
          .fired()
          .slice(firedBefore)
          .map((f) => f.kind)
        for (const f of c.faults) expect(fired).toContain(f.kind)
        c.check?.({ view, sim: server, stack, since })
      } finally {
        for (const h of handles) h.remove()
        await stack.close()
      }
    })
  }

  it('a re-quote at a different price waits for the user; confirming saves with one charge', async () => {
    const stack = await startStack({ baseUrl: sim.baseUrl, key: sim.accounts.full.key })
    try {
      // The user accepted a quote at a price the service no longer gives once it expires.
      const est = await fetch(`${sim.baseUrl}/v1/art/estimate`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${sim.accounts.full.key}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(WORKBENCH.request),
      }).then((r) => r.json() as Promise<{ data: { quote_id: string; price_usd: number } }>)
      sim.faults.inject({ route: 'POST /v1/art/generations', kind: 'expire-quote' })
      const submitted = await stack.admission.submit({
        ...WORKBENCH,
        kind: 'workbench',
        request: WORKBENCH.request,
        quote: { quoteId: est.data.quote_id, priceUsd: est.data.price_usd / 2 },
      } as SubmitTaskInput)
      const waiting = await waitFor(stack, submitted.id, ['needs_attention', 'saved', 'failed'])
      expect(waiting).toMatchObject({ state: 'needs_attention', attention: 'quote_changed' })
      expect(waiting.pendingQuote?.priceUsd).toBeCloseTo(est.data.price_usd)
      const key = keyOf(stack, submitted.id)
      expect(sim.ledger.charges().filter((e) => e.idempotencyKey === key)).toEqual([])
      await stack.tasks.confirmQuote(submitted.id, waiting.pendingQuote!.quoteId)
      const done = await waitFor(stack, submitted.id, ['saved', 'failed'])
      expect(done.state).toBe('saved')
      expect(
        chargesByKey(sim.ledger.charges().filter((e) => e.idempotencyKey === key)).charges.get(key),
      ).toBe(1)
    } finally {
      await stack.close()
    }
  })
})
