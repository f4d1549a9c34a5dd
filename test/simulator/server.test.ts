/** Server behaviour around the endpoints: multipart checks, unknown routes, text SSE, CLI. */
import { spawn } from 'node:child_process'
import { resolve } from 'node:path'

import type { Simulator } from '@simulator'
import { replyFor } from '@simulator/routes/text'
import { call, fastSimulator, rawSse } from '@test/support/simulatorClient'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let sim: Simulator
beforeAll(async () => {
  sim = await fastSimulator()
})
afterAll(() => sim.close())

describe('request shapes', () => {
  it('edits require multipart with a boundary', async () => {
    const json = await call(sim, 'POST', '/v1/images/edits', {
      body: { model: 'std-image-2', prompt: 'x' },
    })
    expect(json.status).toBe(400)
    expect(json.json().error).toMatchObject({ code: 'invalid_content_type', param: 'Content-Type' })
    const noBoundary = await call(sim, 'POST', '/v1/images/edits', {
      body: '--x\r\n',
      headers: { 'Content-Type': 'multipart/form-data' },
    })
    expect(noBoundary.json().error.message).toMatch(/boundary/)
    const broken = await call(sim, 'POST', '/v1/images/edits', {
      body: 'not multipart at all',
      headers: { 'Content-Type': 'multipart/form-data; boundary=abc' },
    })
    expect(broken.json().error.code).toBe('invalid_multipart')
  })

  it('bad JSON and unknown routes get JSON errors', async () => {
    const bad = await call(sim, 'POST', '/v1/videos', {
      body: '{"model":',
      headers: { 'Content-Type': 'application/json' },
    })
    expect(bad.json().error).toMatchObject({ code: 'invalid_json', param: 'body' })
    const unknown = await call(sim, 'GET', '/v1/nothing-here')
    expect(unknown.status).toBe(404)
    expect(unknown.json().error.code).toBe('not_found')
  })
})

describe('text', () => {
  it('chat SSE deltas end with data: [DONE]; usage when asked', async () => {
    const { events, outcome } = await rawSse(sim, 'POST', '/v1/chat/completions', {
      body: {
        model: 'std-5.6-sol',
        messages: [{ role: 'user', content: 'Count to three' }],
        stream: true,
        stream_options: { include_usage: true },
      },
    })
    expect(outcome).toBe('end')
    expect(events.at(-1)?.data).toBe('[DONE]')
    const chunks = events.slice(0, -1).map((e) => JSON.parse(e.data))
    expect(chunks.map((c) => c.choices[0]?.delta?.content ?? '').join('')).toBe(
      replyFor('std-5.6-sol', 'Count to three'),
    )
    expect(chunks.at(-1).usage.total_tokens).toBeGreaterThan(0)
  })

  it('responses/compact answers a compaction for the three models and refuses lite-v4.1-flash', async () => {
    const ok = await call(sim, 'POST', '/v1/responses/compact', {
      body: { model: 'std-6-sol', input: [{ role: 'user', content: 'long history' }] },
    })
    expect(ok.json()).toMatchObject({ object: 'response.compaction', status: 'completed' })
    const refused = await call(sim, 'POST', '/v1/responses/compact', {
      body: { model: 'lite-v4.1-flash', input: 'x' },
    })
    expect(refused.json().error.param).toBe('model')
    expect(sim.ledger.charges()).toHaveLength(0)
  })
})

describe('lifecycle', () => {
  it('binds 127.0.0.1 on random ports; close() is idempotent and frees the port', async () => {
    const s = await fastSimulator()
    expect(s.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(s.cdnOrigin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(s.cdnOrigin).not.toBe(s.baseUrl)
    await s.close()
    await s.close()
    await expect(fetch(`${s.baseUrl}/v1/models`)).rejects.toThrow()
  })

  it('npm run simulator: prints URLs and keys, stops cleanly on SIGINT', async () => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        resolve(__dirname, '../../src/simulator/cli.ts'),
        '--time-scale',
        '0.01',
        '--seed',
        '3',
      ],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    let out = ''
    child.stdout.on('data', (c: Buffer) => (out += c.toString()))
    child.stderr.on('data', (c: Buffer) => (out += c.toString()))
    const deadline = Date.now() + 15_000
    while (!out.includes('Ctrl+C') && Date.now() < deadline && child.exitCode === null) {
      await new Promise((r) => setTimeout(r, 50))
    }
    expect(out).toContain('sk-sim-full-0000000000000000000001')
    const base = /API base URL : (\S+)/.exec(out)?.[1] as string
    expect(/CDN origin\s+: http:\/\/127\.0\.0\.1:\d+/.test(out)).toBe(true)
    const models = await fetch(`${base}/v1/models`, {
      headers: { Authorization: 'Bearer sk-sim-wallet-00000000000000000002' },
    })
    expect(models.status).toBe(200)
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)))
    child.kill('SIGINT')
    expect(await exited).toBe(0)
    expect(out).toContain('Simulator stopped (SIGINT)')
  }, 20_000)
})
