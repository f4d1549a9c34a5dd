/**
 * The key never leaves main, even when the service hands it back (issue #32): a hostile service
 * (test/support/hostileService.ts, sharing no code with the app) reflects the caller's key in
 * every answer it gives: model ids, chat replies (split across stream deltas), task results,
 * result URLs, error bodies. The whole app (the real container and IPC handlers, through
 * dispatch) then lists models, chats, generates and saves an image, and fails a request; the key
 * must be found in no IPC answer, no event for the renderer, no file the app wrote (task journal,
 * chat database, library, sidecars, index, logs) and nothing printed to the console.
 */
import { join } from 'node:path'

import { dispatch } from '@main/ipc/dispatch'
import type { Channel, Handlers, InputOf, OutputOf } from '@shared/ipc/contract'
import type { Result } from '@shared/result'
import { filesHolding, filesUnder, reflectingService } from '@test/support/keyReflectingService'
import { makePng } from '@test/support/mediaFixtures'
import { createTestApp } from '@test/support/testContainer'
import { afterEach, describe, expect, it, vi } from 'vitest'

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  vi.restoreAllMocks()
  for (const c of cleanups.splice(0).reverse()) await c()
})

async function until(check: () => Promise<boolean> | boolean, ms = 30_000): Promise<void> {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting')
    await new Promise((r) => setTimeout(r, 25))
  }
}

describe('a service that reflects the key', () => {
  it('never gets the key into an IPC answer, event, file or log', async () => {
    const png = await makePng(64, 48)
    const service = await reflectingService(png)
    cleanups.push(() => service.close())
    const key = service.key
    const printed: string[] = []
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        printed.push(args.map((a) => (a instanceof Error ? a.stack : String(a))).join(' '))
      })
    }
    const app = createTestApp()
    cleanups.push(() => app.close())
    const events: string[] = []
    app.container.events.forward((event, payload) =>
      events.push(`${event} ${JSON.stringify(payload)}`),
    )
    const answers: string[] = []
    const call = async <C extends Channel>(channel: C, input: InputOf<C>) => {
      const r = (await dispatch(app.handlers as Handlers, channel, input, {
        senderId: 1,
      })) as Result<OutputOf<C>>
      answers.push(`${channel} ${JSON.stringify(r)}`)
      return r
    }
    const value = async <C extends Channel>(channel: C, input: InputOf<C>) => {
      const r = await call(channel, input)
      if (!r.ok) throw new Error(`${channel}: ${r.error.code} ${r.error.message}`)
      return r.value
    }

    await value('settings:connect', { baseUrl: service.baseUrl, key })
    await call('account:testConnection', {})
    const models = await value('chat:models', { refresh: true })
    expect(models.models.map((m) => m.id)).toContain('std-6-sol')

    // Chat: a streamed reply (the key split across deltas) and a whole one.
    const streamed = await value('chat:send', { text: 'hello', model: 'std-6-sol' })
    const whole = await value('chat:send', { text: 'again', model: 'std-6-sol', stream: false })
    const replies = async (id: string) =>
      (await value('chat:get', { id })).messages.filter(
        (m) => m.role === 'assistant' && m.status === 'complete',
      )
    await until(async () => (await replies(streamed.conversation.id)).length === 1)
    await until(async () => (await replies(whole.conversation.id)).length === 1)
    for (const id of [streamed.conversation.id, whole.conversation.id]) {
      const [reply] = await replies(id)
      // The reply arrives, with the key taken out and nothing else lost.
      expect(reply!.content).toBe('Your key is [redacted]; once more: [redacted]. Bye.')
    }
    await value('chat:list', {})
    await value('chat:search', { query: 'key' })

    // A generation: its result, revised prompt and result URL all carried the key.
    const task = await value('tasks:submit', {
      kind: 'image',
      request: { model: 'std-image-2', prompt: 'a lighthouse', quality: 'low', size: '1024x1024' },
    })
    await until(async () => (await value('tasks:get', { id: task.id })).state === 'saved')
    // A refused one: the error body reflects it too.
    const refused = await value('tasks:submit', {
      kind: 'image',
      request: { model: 'std-image-2', prompt: 'refuse me', quality: 'low', size: '1024x1024' },
    })
    await until(async () =>
      ['failed', 'needs_attention'].includes((await value('tasks:get', { id: refused.id })).state),
    )
    await value('tasks:list', {})
    const page = await value('library:query', {})
    expect(page.items.length).toBe(1)
    for (const item of page.items) await value('library:get', { id: item.id })
    await value('library:models', {})
    await app.container.diagnostics.flush()

    // The service did get the key (so the test is not vacuous) and did send it back.
    expect(service.seen('GET /v1/models')[0]!.headers.authorization).toBe(`Bearer ${key}`)
    expect(service.seen('POST /v1/chat/completions')).toHaveLength(2)
    expect(service.seen('GET /files/*/*').length).toBeGreaterThanOrEqual(1)

    const leaks: string[] = []
    for (const a of answers) if (a.includes(key)) leaks.push(`IPC answer: ${a.slice(0, 200)}`)
    for (const e of events) if (e.includes(key)) leaks.push(`event: ${e.slice(0, 200)}`)
    for (const p of printed) if (p.includes(key)) leaks.push(`console: ${p.slice(0, 200)}`)
    const files = filesUnder(app.dir)
    expect(files.some((f) => f.endsWith('tasks.sqlite'))).toBe(true)
    expect(files.some((f) => f.includes(join('userData', 'logs')))).toBe(true)
    leaks.push(...filesHolding(files, key).map((f) => `file: ${f}`))
    expect(leaks).toEqual([])
  }, 60_000)
})
