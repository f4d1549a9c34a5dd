import { dispatch } from '@main/ipc/dispatch'
import { sendJson, startLoopback } from '@test/support/loopback'
import { createTestApp } from '@test/support/testContainer'
import { afterEach, describe, expect, it } from 'vitest'

const KEY = 'sk-account-handler-key-000111'
const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c()
})

async function appAgainst(handler: Parameters<typeof startLoopback>[0]) {
  const server = await startLoopback(handler)
  const app = createTestApp()
  cleanups.push(
    () => app.close(),
    () => server.close(),
  )
  await app.container.settings.connect(server.origin, KEY)
  return { server, app }
}

describe('account:testConnection', () => {
  it('lists the models and the catalog models this account can use', async () => {
    const { app, server } = await appAgainst((_req, res) =>
      sendJson(res, 200, {
        data: [{ id: 'std-image-2' }, { id: 'art-diffusion-5-full' }, { id: 'other' }],
      }),
    )
    const result = await dispatch(app.handlers, 'account:testConnection', {}, { senderId: 1 })
    expect(result).toMatchObject({
      ok: true,
      value: {
        models: ['std-image-2', 'art-diffusion-5-full', 'other'],
        usable: ['std-image-2', 'art-v5'],
      },
    })
    expect(server.received[0]!.headers.authorization).toBe(`Bearer ${KEY}`)
  })

  it('answers auth with the "check the key" action when the key is refused', async () => {
    const { app } = await appAgainst((_req, res) =>
      sendJson(res, 401, { error: { message: 'Invalid API key' } }),
    )
    const result = await dispatch(app.handlers, 'account:testConnection', {}, { senderId: 1 })
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'auth', action: 'Check the key in Settings.' },
    })
    expect(JSON.stringify(result)).not.toContain(KEY)
  })

  it('answers not_connected before any request when nothing is set up', async () => {
    const app = createTestApp()
    cleanups.push(() => app.close())
    const result = await dispatch(app.handlers, 'account:testConnection', {}, { senderId: 1 })
    expect(result).toMatchObject({ ok: false, error: { code: 'not_connected' } })
  })
})
