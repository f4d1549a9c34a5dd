import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

import { type ElectronApp, launchElectronApp } from '@test/support/electron/launch'
import { removeTinyApps, tinyApp } from '@test/support/electron/tinyApp'
import { afterEach, describe, expect, it } from 'vitest'

/**
 * Navigation events, load failures and scheme privileges as Electron gives them (issue #32),
 * each checked with a tiny app of its own under the double.
 */
afterEach(removeTinyApps)

interface Tiny {
  log: Array<Record<string, unknown>>
  prevent: boolean
}
const tiny = () => (globalThis as unknown as { __tiny: Tiny }).__tiny

const NAV_MAIN = `
const { app, protocol, BrowserWindow } = require('electron')
globalThis.__tiny = { log: [], prevent: false }
protocol.registerSchemesAsPrivileged([{ scheme: 'page', privileges: { standard: true, secure: true } }])
app.whenReady().then(() => {
  protocol.handle('page', (req) => {
    const path = new URL(req.url).pathname
    if (path === '/redirect') return Response.redirect('page://host/landed', 302)
    return new Response('<!doctype html><title>' + path + '</title><body>' + path + '</body>', {
      headers: { 'content-type': 'text/html' },
    })
  })
  const w = new BrowserWindow({})
  const record = (name) => (event, ...args) => {
    globalThis.__tiny.log.push({
      name,
      url: event.url,
      isSameDocument: event.isSameDocument,
      isMainFrame: event.isMainFrame,
      frame: typeof event.frame?.url,
      args: args.map((a) => typeof a === 'number' ? 'number' : a),
    })
    if (globalThis.__tiny.prevent) event.preventDefault()
  }
  w.webContents.on('will-navigate', record('will-navigate'))
  w.webContents.on('will-redirect', record('will-redirect'))
  w.webContents.on('did-fail-load', (_e, code, description, url, isMainFrame) =>
    globalThis.__tiny.log.push({ name: 'did-fail-load', code, description, url, isMainFrame }))
  w.loadURL('page://host/')
})
`

describe('will-navigate and will-redirect (https://www.electronjs.org/docs/latest/api/web-contents#event-will-navigate)', () => {
  it('will-navigate carries the details on the event and Electron’s positional arguments; preventing it keeps the page', async () => {
    const app = await launchElectronApp({ appRoot: tinyApp(NAV_MAIN) })
    try {
      tiny().prevent = true
      // A link the user follows (the page's own navigation, not loadURL).
      await app.page.evaluate(() => {
        const a = document.createElement('a')
        a.href = 'page://host/next'
        a.textContent = 'next'
        document.body.append(a)
      })
      await app.page.click('a')
      await expect.poll(() => tiny().log.length).toBe(1)
      expect(tiny().log[0]).toEqual({
        name: 'will-navigate',
        url: 'page://host/next',
        isSameDocument: false,
        isMainFrame: true,
        frame: 'string',
        args: ['page://host/next', false, true, 'number', 'number'],
      })
      await new Promise((r) => setTimeout(r, 300))
      expect(app.windows[0]!.webContents.getURL()).toBe('page://host/')
    } finally {
      await app.close()
    }
  })

  it('will-redirect fires for a server redirect of loadURL (https://www.electronjs.org/docs/latest/api/web-contents#event-will-redirect)', async () => {
    const app = await launchElectronApp({ appRoot: tinyApp(NAV_MAIN) })
    try {
      await app.windows[0]!.loadURL('page://host/redirect')
      expect(tiny().log).toEqual([
        {
          name: 'will-redirect',
          url: 'page://host/landed',
          isSameDocument: false,
          isMainFrame: true,
          frame: 'string',
          args: ['page://host/landed', false, true, 'number', 'number'],
        },
      ])
      expect(app.windows[0]!.webContents.getURL()).toBe('page://host/landed')
    } finally {
      await app.close()
    }
  })

  it('a prevented redirect aborts the load: ERR_ABORTED (-3) in did-fail-load and loadURL', async () => {
    const app = await launchElectronApp({ appRoot: tinyApp(NAV_MAIN) })
    try {
      tiny().prevent = true
      const error = await app.windows[0]!.loadURL('page://host/redirect').then(
        () => null,
        (e: Error & { code?: string; errno?: number }) => e,
      )
      expect(error).toMatchObject({ code: 'ERR_ABORTED', errno: -3 })
      expect(tiny().log.at(-1)).toEqual({
        name: 'did-fail-load',
        code: -3,
        description: 'ERR_ABORTED',
        url: 'page://host/redirect',
        isMainFrame: true,
      })
    } finally {
      await app.close()
    }
  })
})

describe('did-fail-load carries Chromium’s net error codes (https://www.electronjs.org/docs/latest/api/web-contents#event-did-fail-load)', () => {
  it('a refused connection is -102 ERR_CONNECTION_REFUSED', async () => {
    const closed = createServer()
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((r) => closed.close(() => r()))
    const app = await launchElectronApp({ appRoot: tinyApp(NAV_MAIN) })
    try {
      const url = `http://127.0.0.1:${port}/`
      await app.windows[0]!.loadURL(url).catch(() => {})
      expect(tiny().log.at(-1)).toEqual({
        name: 'did-fail-load',
        code: -102,
        description: 'ERR_CONNECTION_REFUSED',
        url,
        isMainFrame: true,
      })
    } finally {
      await app.close()
    }
  })

  it('a load replaced by another is -3 ERR_ABORTED, and the second one lands', async () => {
    const app = await launchElectronApp({ appRoot: tinyApp(NAV_MAIN) })
    try {
      const w = app.windows[0]!
      const first = w.loadURL('page://host/first').then(
        () => null,
        (e: Error & { errno?: number }) => e.errno,
      )
      const second = w.loadURL('page://host/second')
      expect(await first).toBe(-3)
      await second
      expect(tiny().log).toContainEqual({
        name: 'did-fail-load',
        code: -3,
        description: 'ERR_ABORTED',
        url: 'page://host/first',
        isMainFrame: true,
      })
      expect(w.webContents.getURL()).toBe('page://host/second')
    } finally {
      await app.close()
    }
  })
})

/** A tiny app whose page is on `page:` (privileges `pagePrivileges`) and loads from `media:`. */
const schemeMain = (pagePrivileges: string, mediaPrivileges: string, csp = '') => `
const { app, protocol, BrowserWindow } = require('electron')
protocol.registerSchemesAsPrivileged([
  { scheme: 'page', privileges: ${pagePrivileges} },
  { scheme: 'media', privileges: ${mediaPrivileges} },
])
app.whenReady().then(() => {
  protocol.handle('page', () => new Response('<!doctype html><title>t</title><body>page</body>', {
    headers: { 'content-type': 'text/html', ${csp ? `'content-security-policy': ${JSON.stringify(csp)}` : ''} },
  }))
  protocol.handle('media', () => new Response(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'), {
    headers: { 'content-type': 'image/png', 'access-control-allow-origin': '*' },
  }))
  new BrowserWindow({}).loadURL('page://host/')
})
`

const pageFacts = (app: ElectronApp) =>
  app.page.evaluate(async () => {
    let storage = 'ok'
    try {
      localStorage.setItem('x', '1')
    } catch (e) {
      storage = (e as Error).name
    }
    const image = await new Promise<string>((resolve) => {
      const img = new Image()
      img.onload = () => resolve('loaded')
      img.onerror = () => resolve('failed')
      img.src = 'media://files/pixel.png'
    })
    const fetched = await fetch('media://files/pixel.png').then(
      (r) => `status ${r.status}`,
      () => 'failed',
    )
    return { secure: isSecureContext, origin: self.origin, storage, image, fetched }
  })

describe('scheme privileges apply as registered (https://www.electronjs.org/docs/latest/api/protocol#protocolregisterschemesasprivilegedcustomschemes)', () => {
  it('standard and secure: an origin of its own, storage and a secure context', async () => {
    const app = await launchElectronApp({
      appRoot: tinyApp(
        schemeMain(
          '{ standard: true, secure: true }',
          '{ standard: true, secure: true, supportFetchAPI: true, corsEnabled: true }',
        ),
      ),
    })
    try {
      const facts = await pageFacts(app)
      expect(facts).toMatchObject({
        secure: true,
        storage: 'ok',
        image: 'loaded',
        fetched: 'status 200',
      })
      expect(facts.origin).not.toBe('null')
    } finally {
      await app.close()
    }
  })

  it('neither standard nor secure: no origin (null), no storage, not a secure context; no supportFetchAPI: fetch fails', async () => {
    const app = await launchElectronApp({
      appRoot: tinyApp(schemeMain('{}', '{ standard: true }')),
    })
    try {
      expect(await pageFacts(app)).toMatchObject({
        secure: false,
        origin: 'null',
        storage: 'SecurityError',
        fetched: 'failed',
      })
    } finally {
      await app.close()
    }
  })

  it('bypassCSP lets a scheme’s resources past the page’s CSP; without it the CSP applies', async () => {
    const csp = "default-src 'self'; img-src 'self'"
    const strict = await launchElectronApp({
      appRoot: tinyApp(
        schemeMain('{ standard: true, secure: true }', '{ standard: true, secure: true }', csp),
      ),
    })
    try {
      expect((await pageFacts(strict)).image).toBe('failed')
    } finally {
      await strict.close()
    }
    const bypass = await launchElectronApp({
      appRoot: tinyApp(
        schemeMain(
          '{ standard: true, secure: true }',
          '{ standard: true, secure: true, bypassCSP: true }',
          csp,
        ),
      ),
    })
    try {
      expect((await pageFacts(bypass)).image).toBe('loaded')
    } finally {
      await bypass.close()
    }
  })
})
