import { connect, launchApp, valueOf } from '@test/e2e/harness/launch'
import { filesHolding, filesUnder, reflectingService } from '@test/support/keyReflectingService'
import { makePng } from '@test/support/mediaFixtures'
import { afterEach, describe, expect, it } from 'vitest'

/**
 * The key never leaves main, through the BUILT app (issue #32): a service that reflects the key
 * in every answer (test/support/keyReflectingService.ts) is used by the app's own window: model
 * list, a streamed chat reply, a generated image, a refused one. The key must be in no IPC answer,
 * no event sent to the renderer, nothing the page shows, no file of the app (databases, library,
 * sidecars, logs, the Chromium profile) and nothing main printed.
 */
const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

type Answer = { ok: boolean; value?: unknown; error?: { message: string } }

describe('a service that reflects the key, through the built app', () => {
  it('never gets the key to the renderer, the disk or a log', async () => {
    const service = await reflectingService(await makePng(64, 48))
    cleanups.push(() => service.close())
    const key = service.key
    const app = await launchApp()
    cleanups.push(() => app.close())
    await connect(app, service.baseUrl, key)
    const answers: string[] = []
    const api = async <T>(channel: string, payload: unknown = {}): Promise<T> => {
      const answer = await app.api<Answer>(channel, payload)
      answers.push(`${channel} ${JSON.stringify(answer)}`)
      return valueOf(answer as { ok: boolean; value?: T })
    }

    await api('chat:models', { refresh: true })
    const sent = await api<{ conversation: { id: string } }>('chat:send', {
      text: 'hello',
      model: 'std-6-sol',
    })
    await expect
      .poll(
        async () =>
          (
            await api<{ messages: Array<{ role: string; status: string }> }>('chat:get', {
              id: sent.conversation.id,
            })
          ).messages.some((m) => m.role === 'assistant' && m.status === 'complete'),
        { timeout: 20_000 },
      )
      .toBe(true)
    const image = { model: 'std-image-2', quality: 'low', size: '1024x1024' }
    const task = await api<{ id: string }>('tasks:submit', {
      kind: 'image',
      request: { ...image, prompt: 'a lighthouse' },
    })
    const refused = await api<{ id: string }>('tasks:submit', {
      kind: 'image',
      request: { ...image, prompt: 'refuse me' },
    })
    const stateOf = async (id: string) => (await api<{ state: string }>('tasks:get', { id })).state
    await expect.poll(() => stateOf(task.id), { timeout: 20_000 }).toBe('saved')
    await expect
      .poll(() => stateOf(refused.id), { timeout: 20_000 })
      .toMatch(/^(failed|needs_attention)$/)
    await api('tasks:list')
    await api('library:query', {})
    // What the user sees: the chat with its reply, and the task list.
    await app.page.getByRole('button', { name: 'Chat', exact: true }).click()
    await app.page.getByRole('heading', { level: 1 }).waitFor()
    const shown = await app.page.evaluate(() => document.documentElement.outerHTML)
    await app.quit()

    expect(service.seen('POST /v1/chat/completions').length).toBeGreaterThanOrEqual(1)
    expect(service.seen('GET /files/*/*').length).toBeGreaterThanOrEqual(1)
    const sentToRenderer = app.windows.length
      ? JSON.stringify(app.windows[0]!.webContents.sent)
      : ''
    const leaks = [
      ...answers.filter((a) => a.includes(key)).map((a) => `IPC answer: ${a.slice(0, 160)}`),
      ...(sentToRenderer.includes(key) ? ['an event sent to the renderer'] : []),
      ...(shown.includes(key) ? ['the page'] : []),
      ...app.pageErrors.filter((e) => e.includes(key)).map((e) => `page console: ${e}`),
      ...filesHolding(filesUnder(app.dir), key).map((f) => `file: ${f}`),
    ]
    expect(leaks).toEqual([])
  }, 90_000)
})
