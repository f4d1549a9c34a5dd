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
import { CHOSEN_FILE_CHANNEL } from '@shared/ipc/chosenFile'
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
    // Every contract channel, plus the preload's report of chosen files (not in the contract).
    expect([...handlers.keys()].sort()).toEqual([...CHANNELS, CHOSEN_FILE_CHANNEL].sort())
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

  it('holds what the page asks until the services are ready, then answers it (boot.ts)', async () => {
    const app = createTestApp()
    let open!: () => void
    const ready = new Promise<void>((resolve) => (open = resolve))
    registerIpc(app.handlers, { isTrustedUrl: (u) => u.startsWith('app://gen-studio/'), ready })
    const get = handlers.get('settings:get')!
    let answer: { ok: boolean } | null = null
    void Promise.resolve(get(eventFrom('app://gen-studio/'), {})).then(
      (r) => (answer = r as { ok: boolean }),
    )
    // A foreign frame is refused at once, ready or not.
    expect(await get(eventFrom('https://evil.example/'), {})).toMatchObject({ ok: false })
    await new Promise((r) => setTimeout(r, 50))
    expect(answer).toBeNull()
    open()
    await expect.poll(() => answer).toMatchObject({ ok: true })
    // A start that failed ends the app; meanwhile nothing waits on it forever.
    handlers.clear()
    registerIpc(app.handlers, {
      isTrustedUrl: () => true,
      ready: Promise.reject(new Error('journal damaged')),
    })
    expect(await handlers.get('settings:get')!(eventFrom('app://gen-studio/'), {})).toMatchObject({
      ok: true,
    })
    await app.close()
  })

  it('takes chosen-file reports only from the app’s own frames', async () => {
    const app = createTestApp()
    const reported: unknown[] = []
    registerIpc(app.handlers, {
      isTrustedUrl: (u) => u.startsWith('app://gen-studio/'),
      onChosenFile: (p) => reported.push(p),
    })
    const report = handlers.get(CHOSEN_FILE_CHANNEL)!
    await report(eventFrom('app://gen-studio/index.html'), '/home/u/a.png')
    await report(eventFrom('https://evil.example/'), '/etc/passwd')
    expect(reported).toEqual(['/home/u/a.png'])
    expect(CHANNELS).not.toContain(CHOSEN_FILE_CHANNEL)
    await app.close()
  })
})
