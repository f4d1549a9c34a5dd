import { type ElectronApp, launchElectronApp } from '@test/support/electron/launch'
import { removeTinyApps, tinyApp } from '@test/support/electron/tinyApp'
import { afterEach, describe, expect, it } from 'vitest'

/**
 * The double plays window.open and webPreferences as Electron does (issue #32), so a test of the
 * app can fail when the app gets them wrong. Each rule runs a tiny app of its own under the
 * double; the app's own use is checked in electronAppRules.test.ts.
 */
afterEach(removeTinyApps)

interface Tiny {
  log: unknown[]
}
const tinyLog = () => (globalThis as unknown as { __tiny: Tiny }).__tiny.log

/** A main script: one window on page://host/ with `prefs`, then `after` (window is `w`). */
const mainWith = (prefs: string, after = '') => `
const { app, protocol, BrowserWindow, ipcMain } = require('electron')
const path = require('node:path')
globalThis.__tiny = { log: [] }
protocol.registerSchemesAsPrivileged([{ scheme: 'page', privileges: { standard: true, secure: true } }])
app.whenReady().then(() => {
  protocol.handle('page', (req) => new Response('<!doctype html><title>t</title><body>' + new URL(req.url).pathname + '</body>', {
    headers: { 'content-type': 'text/html' },
  }))
  ipcMain.handle('echo', (_e, v) => v)
  let w
  try {
    w = new BrowserWindow({ webPreferences: { preload: path.join(__dirname, '../preload/index.js'), ${prefs} } })
  } catch (e) {
    globalThis.__tiny.log.push(String(e.message))
    w = new BrowserWindow({ title: 'refused', webPreferences: { preload: path.join(__dirname, '../preload/index.js') } })
  }
  ${after}
  w.loadURL('page://host/')
})
`

async function run(main: string, preload?: string): Promise<ElectronApp> {
  return launchElectronApp({ appRoot: tinyApp(main, preload) })
}

describe('window.open follows the window-open handler', () => {
  // https://www.electronjs.org/docs/latest/api/window-open: "Returns Window | null";
  // https://www.electronjs.org/docs/latest/api/structures/window-open-handler-response.
  const open = (app: ElectronApp) =>
    app.page.evaluate(() => {
      const child = window.open('page://host/child', 'kid', 'width=300')
      return child === null ? 'null' : 'window'
    })

  it('a denied open gives the page null and makes no window', async () => {
    const app = await run(
      mainWith(
        '',
        `w.webContents.setWindowOpenHandler((d) => { globalThis.__tiny.log.push(d); return { action: 'deny' } })`,
      ),
    )
    try {
      expect(await open(app)).toBe('null')
      expect(tinyLog()).toEqual([
        { url: 'page://host/child', frameName: 'kid', features: 'width=300' },
      ])
      expect(app.windows).toHaveLength(1)
    } finally {
      await app.close()
    }
  })

  it('an allowed open gives the page a Window and the app a BrowserWindow (did-create-window)', async () => {
    const app = await run(
      mainWith(
        '',
        `w.webContents.setWindowOpenHandler(() => ({ action: 'allow', overrideBrowserWindowOptions: { title: 'child' } }))
         w.webContents.on('did-create-window', (child, d) => globalThis.__tiny.log.push({ title: child.getTitle(), url: d.url, frameName: d.frameName }))`,
      ),
    )
    try {
      expect(await open(app)).toBe('window')
      await expect.poll(() => app.windows.length).toBe(2)
      await expect
        .poll(() => tinyLog())
        .toEqual([{ title: 'child', url: 'page://host/child', frameName: 'kid' }])
    } finally {
      await app.close()
    }
  })

  it('without a handler a window opens; an answer that is not allow or deny denies', async () => {
    const allowed = await run(mainWith(''))
    try {
      expect(await open(allowed)).toBe('window')
      await expect.poll(() => allowed.windows.length).toBe(2)
    } finally {
      await allowed.close()
    }
    const odd = await run(
      mainWith('', `w.webContents.setWindowOpenHandler(() => ({ allow: true }))`),
    )
    try {
      expect(await open(odd)).toBe('null')
      expect(odd.windows).toHaveLength(1)
    } finally {
      await odd.close()
    }
  })

  it('a target=_blank link goes through the handler too', async () => {
    const app = await run(
      mainWith(
        '',
        `w.webContents.setWindowOpenHandler((d) => { globalThis.__tiny.log.push(d.url); return { action: 'deny' } })`,
      ),
    )
    try {
      await app.page.evaluate(() => {
        const a = document.createElement('a')
        a.href = 'https://example.com/elsewhere'
        a.target = '_blank'
        a.textContent = 'out'
        document.body.append(a)
      })
      await app.page.click('a')
      await expect.poll(() => tinyLog()).toEqual(['https://example.com/elsewhere'])
      expect(app.windows).toHaveLength(1)
    } finally {
      await app.close()
    }
  })
})

describe('webPreferences take effect in the page and the preload', () => {
  const SANDBOX_PROBE = `
const { contextBridge } = require('electron')
const tried = {}
for (const name of ['fs', 'child_process', 'path', 'events', 'timers', 'url', 'node:events', 'electron']) {
  try { require(name); tried[name] = 'loaded' } catch (e) { tried[name] = String(e.message) }
}
window.fromPreload = 'leaked'
contextBridge.exposeInMainWorld('probe', { tried, hasProcess: typeof process, sandboxed: process.sandboxed })`

  it('a sandboxed preload gets only Electron’s limited require (https://www.electronjs.org/docs/latest/tutorial/sandbox#preload-scripts)', async () => {
    const app = await run(mainWith('sandbox: true'), SANDBOX_PROBE)
    try {
      const probe = await app.page.evaluate(
        () => (window as unknown as { probe: { tried: Record<string, string> } }).probe,
      )
      expect(probe.tried).toEqual({
        fs: 'module not found: fs',
        child_process: 'module not found: child_process',
        path: 'module not found: path',
        events: 'loaded',
        timers: 'loaded',
        url: 'loaded',
        'node:events': 'loaded',
        electron: 'loaded',
      })
    } finally {
      await app.close()
    }
  })

  it('with contextIsolation the page sees only what contextBridge exposed, and none of the double (https://www.electronjs.org/docs/latest/tutorial/context-isolation)', async () => {
    const app = await run(mainWith('contextIsolation: true'), SANDBOX_PROBE)
    try {
      const seen = await app.page.evaluate(() => {
        const w = window as unknown as Record<string, unknown>
        return {
          fromPreload: typeof w.fromPreload,
          probe: typeof w.probe,
          require: typeof w.require,
          process: typeof w.process,
          doubleBindings: Object.keys(w).filter((k) => k.startsWith('__electronDouble_')),
        }
      })
      expect(seen).toEqual({
        fromPreload: 'undefined',
        probe: 'object',
        require: 'undefined',
        process: 'undefined',
        doubleBindings: [],
      })
    } finally {
      await app.close()
    }
  })

  it('without contextIsolation the preload shares the page’s window and contextBridge refuses', async () => {
    const app = await run(mainWith('contextIsolation: false'), SANDBOX_PROBE)
    try {
      expect(
        await app.page.evaluate(() => (window as unknown as { fromPreload?: string }).fromPreload),
      ).toBe('leaked')
      expect(
        await app.page.evaluate(() => typeof (window as unknown as { probe?: unknown }).probe),
      ).toBe('undefined')
      expect(app.pageErrors.join('\n')).toContain(
        'contextBridge API can only be used when contextIsolation is enabled',
      )
    } finally {
      await app.close()
    }
  })

  it.each([
    ['nodeIntegration: true', 'nodeIntegration: true gives the page Node.js'],
    ['sandbox: false', 'sandbox: false gives the preload all of Node.js'],
    ['webSecurity: false', 'webSecurity: false turns off the same-origin policy'],
  ])('a window with %s is refused, not played as if it were safe', async (prefs, why) => {
    const app = await run(mainWith(prefs))
    try {
      expect(app.windows[0]!.getTitle()).toBe('refused')
      expect(tinyLog()).toEqual([expect.stringContaining(why)])
    } finally {
      await app.close()
    }
  })

  it('app.enableSandbox() sandboxes a window that asked for sandbox: false', async () => {
    const main = mainWith('sandbox: false').replace(
      'protocol.registerSchemesAsPrivileged',
      'app.enableSandbox()\nprotocol.registerSchemesAsPrivileged',
    )
    const app = await run(main, SANDBOX_PROBE)
    try {
      expect(tinyLog()).toEqual([])
      const probe = await app.page.evaluate(
        () => (window as unknown as { probe: { tried: Record<string, string> } }).probe,
      )
      expect(probe.tried.fs).toBe('module not found: fs')
    } finally {
      await app.close()
    }
  })
})
