import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

import { launchApp } from '@test/e2e/harness/launch'
import { afterEach, describe, expect, it } from 'vitest'

/**
 * The BUILT app keeps Electron's rules it relies on, under a double that applies them
 * (electronWindows.test.ts, electronNavigation.test.ts): each check here fails when the app
 * breaks its rule (issue #32).
 */
const servers: Server[] = []
afterEach(async () => {
  for (const s of servers.splice(0)) await new Promise<void>((r) => s.close(() => r()))
})

/** A loopback server that redirects `/` to `/landed` and records what was asked. */
async function redirector(): Promise<{ origin: string; asked: string[] }> {
  const asked: string[] = []
  const server = createServer((req, res) => {
    asked.push(req.url ?? '')
    if (req.url === '/') {
      res.writeHead(302, { location: '/landed' })
      res.end()
    } else {
      res.writeHead(200, { 'content-type': 'text/html' })
      res.end('<title>landed</title>')
    }
  })
  servers.push(server)
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked }
}

describe('the built app under Electron’s rules', () => {
  it('runs its window sandboxed and isolated, and its page is a secure context with only window.api', async () => {
    const app = await launchApp()
    try {
      // https://www.electronjs.org/docs/latest/tutorial/security: the double refuses a window
      // with Node in it (webPreferences.ts), so reaching here means the app asked for none.
      expect(app.windows[0]!.webContents.prefs).toMatchObject({
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        webSecurity: true,
      })
      const page = await app.page.evaluate(() => ({
        secure: isSecureContext,
        origin: self.origin,
        api: typeof (window as unknown as { api?: unknown }).api,
        bindings: Object.keys(window).filter((k) => k.startsWith('__electronDouble_')),
      }))
      // app:// registered standard + secure: an origin of its own and a secure context.
      expect(page).toMatchObject({ secure: true, api: 'object', bindings: [] })
      expect(page.origin).not.toBe('null')
    } finally {
      await app.close()
    }
  })

  it('opens no window for window.open or a target=_blank link: web links go to the OS browser', async () => {
    const app = await launchApp()
    try {
      expect(await app.page.evaluate(() => window.open('https://example.com/a') === null)).toBe(
        true,
      )
      await app.page.evaluate(() => {
        const a = document.createElement('a')
        a.href = 'https://example.com/b'
        a.target = '_blank'
        a.id = 'rule-link'
        a.textContent = 'b'
        document.body.append(a)
      })
      await app.page.click('#rule-link')
      await expect
        .poll(() => app.opened)
        .toEqual(['https://example.com/a', 'https://example.com/b'])
      expect(app.windows).toHaveLength(1)
      expect(app.windows[0]!.webContents.openedWindows).toEqual([])
    } finally {
      await app.close()
    }
  })

  it('refuses a server redirect of its window (will-redirect): the load is aborted, no error page', async () => {
    const { origin, asked } = await redirector()
    const app = await launchApp()
    try {
      const error = await app.windows[0]!.loadURL(`${origin}/`).then(
        () => null,
        (e: Error & { errno?: number }) => e.errno,
      )
      expect(error).toBe(-3)
      await app.page.waitForTimeout(500)
      expect(asked).toEqual(['/'])
      // ERR_ABORTED is not a failure to show (mainWindow.ts): no error page was loaded.
      expect(app.schemes.log.some((r) => r.url.includes('error.html'))).toBe(false)
    } finally {
      await app.close()
    }
  })

  it('takes a load replaced by another (ERR_ABORTED, -3) as no failure: the second load stays', async () => {
    const app = await launchApp()
    try {
      const w = app.windows[0]!
      const first = w.loadURL('app://gen-studio/?first').then(
        () => null,
        (e: Error & { errno?: number }) => e.errno,
      )
      await w.loadURL('app://gen-studio/?second')
      expect(await first).toBe(-3)
      await app.page.waitForTimeout(500)
      expect(w.webContents.getURL()).toBe('app://gen-studio/?second')
      expect(app.schemes.log.some((r) => r.url.includes('error.html'))).toBe(false)
    } finally {
      await app.close()
    }
  })
})
