import { beforeEach, describe, expect, it, vi } from 'vitest'

const handlers = new Map<string, (event: unknown, payload: unknown) => unknown>()
vi.mock('electron', () => ({
  ipcMain: {
    handle: (channel: string, fn: (event: unknown, payload: unknown) => unknown) =>
      handlers.set(channel, fn),
    removeHandler: (channel: string) => handlers.delete(channel),
  },
}))

import { registerIpc } from '@main/ipc/register'
import { CHANNELS } from '@shared/ipc/contract'
import { createTestApp } from '@test/support/testContainer'

const eventFrom = (url: string | undefined) => ({
  senderFrame: url === undefined ? null : { url },
  sender: { id: 7 },
})

describe('registerIpc', () => {
  beforeEach(() => handlers.clear())

  it('registers every contract channel and removes them all again', async () => {
    const app = createTestApp()
    const dispose = registerIpc(app.handlers, {
      isTrustedUrl: (u) => u.startsWith('app://gen-studio/'),
    })
    expect([...handlers.keys()].sort()).toEqual([...CHANNELS].sort())
    dispose()
    expect(handlers.size).toBe(0)
    await app.close()
  })

  it('answers only frames from the app origin', async () => {
    const app = createTestApp()
    registerIpc(app.handlers, { isTrustedUrl: (u) => u.startsWith('app://gen-studio/') })
    const get = handlers.get('settings:get')!
    const trusted = (await get(eventFrom('app://gen-studio/index.html'), {})) as { ok: boolean }
    expect(trusted.ok).toBe(true)
    for (const url of ['https://evil.example/', 'file:///etc/passwd', '', undefined]) {
      const result = (await get(eventFrom(url), {})) as { ok: boolean; error?: { code: string } }
      expect(result, String(url)).toMatchObject({ ok: false, error: { code: 'forbidden' } })
    }
    await app.close()
  })
})
