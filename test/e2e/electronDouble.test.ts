import { launchElectronApp } from '@test/support/electron/launch'
import { removeTinyApps, tinyApp } from '@test/support/electron/tinyApp'
import { afterEach, describe, expect, it } from 'vitest'

/**
 * The Electron double applies Electron's documented rules, not just the app's happy path: these
 * tests run tiny main scripts of their own under it (the app's tests are in shell.test.ts etc.;
 * more rules in electronRules.test.ts).
 */
afterEach(removeTinyApps)

const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='

const mainScript = (mediaPrivileges: string) => `
const { app, protocol, BrowserWindow, ipcMain } = require('electron')
const path = require('node:path')
protocol.registerSchemesAsPrivileged([
  { scheme: 'page', privileges: { standard: true, secure: true } },
  { scheme: 'media', privileges: ${mediaPrivileges} },
])
app.whenReady().then(() => {
  protocol.handle('page', () => new Response('<!doctype html><title>t</title><body>page</body>', {
    headers: { 'content-type': 'text/html' },
  }))
  protocol.handle('media', () => new Response(Buffer.from('${PNG_1X1}', 'base64'), {
    headers: { 'content-type': 'image/png', 'access-control-allow-origin': '*' },
  }))
  ipcMain.handle('echo', (event, value) => ({ value, frame: event.senderFrame.url }))
  const w = new BrowserWindow({ webPreferences: { preload: path.join(__dirname, '../preload/index.js') } })
  w.loadURL('page://host/')
})
`

async function loadImage(
  app: Awaited<ReturnType<typeof launchElectronApp>>,
  cors: boolean,
): Promise<string> {
  return app.page.evaluate(
    (c) =>
      new Promise<string>((resolve) => {
        const img = new Image()
        if (c) img.crossOrigin = 'anonymous'
        img.onload = () => resolve('loaded')
        img.onerror = () => resolve('failed')
        img.src = `media://files/pixel.png?cors=${c}`
      }),
    cors,
  )
}

describe('the Electron double', () => {
  it('fails a CORS request to a custom scheme registered without corsEnabled, whatever its headers', async () => {
    const app = await launchElectronApp({
      appRoot: tinyApp(mainScript('{ standard: true, secure: true }')),
    })
    try {
      expect(await loadImage(app, false)).toBe('loaded')
      expect(await loadImage(app, true)).toBe('failed')
      expect(app.schemes.log.find((r) => r.url.includes('cors=true'))).toMatchObject({
        status: 'failed',
        reason: expect.stringContaining('without corsEnabled'),
      })
    } finally {
      await app.close()
    }
  })

  it('lets the handler’s own headers decide once the scheme is corsEnabled', async () => {
    const app = await launchElectronApp({
      appRoot: tinyApp(mainScript('{ standard: true, secure: true, corsEnabled: true }')),
    })
    try {
      expect(await loadImage(app, true)).toBe('loaded')
    } finally {
      await app.close()
    }
  })

  it('carries IPC values with structured clone and names the real page as the sender frame', async () => {
    const app = await launchElectronApp({
      appRoot: tinyApp(mainScript('{ standard: true, secure: true }')),
    })
    try {
      const echoed = await app.page.evaluate(async () => {
        const probe = (window as unknown as { probe: { echo(v: unknown): Promise<unknown> } }).probe
        const value = {
          when: new Date(0),
          bytes: new Uint8Array([1, 2, 255]),
          map: new Map([['a', 1]]),
          set: new Set(['x']),
          nothing: undefined,
          nan: NaN,
        }
        const back = (await probe.echo(value)) as { value: typeof value; frame: string }
        let fn = 'accepted'
        try {
          await probe.echo({ f: () => 1 })
        } catch (e) {
          fn = (e as Error).name
        }
        return {
          frame: back.frame,
          date: back.value.when instanceof Date && back.value.when.getTime() === 0,
          bytes: back.value.bytes instanceof Uint8Array && [...back.value.bytes].join(','),
          map: back.value.map instanceof Map && back.value.map.get('a'),
          set: back.value.set instanceof Set && back.value.set.has('x'),
          hasUndefined: 'nothing' in back.value && back.value.nothing === undefined,
          nan: Number.isNaN(back.value.nan),
          fn,
        }
      })
      expect(echoed).toEqual({
        frame: 'page://host/',
        date: true,
        bytes: '1,2,255',
        map: 1,
        set: true,
        hasUndefined: true,
        nan: true,
        fn: 'DataCloneError',
      })
    } finally {
      await app.close()
    }
  })

  it('refuses to register privileged schemes once the app is ready, as Electron does', async () => {
    const app = await launchElectronApp({
      appRoot: tinyApp(`
        const { app, protocol, BrowserWindow } = require('electron')
        app.whenReady().then(() => {
          try {
            protocol.registerSchemesAsPrivileged([{ scheme: 'late', privileges: { standard: true } }])
            new BrowserWindow({ title: 'registered' }).loadURL('data:text/html,registered')
          } catch (e) {
            new BrowserWindow({ title: 'refused' }).loadURL('data:text/html,refused')
          }
        })
      `),
    })
    try {
      expect(app.windows[0]!.getTitle()).toBe('refused')
    } finally {
      await app.close()
    }
  })
})
