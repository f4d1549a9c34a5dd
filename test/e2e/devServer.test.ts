import { readFileSync } from 'node:fs'
import { join } from 'node:path'

import { launchElectronApp } from '@test/support/electron/launch'
import { createServer, type ViteDevServer } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import config from '../../electron.vite.config'

/**
 * `npm run dev`: electron-vite serves the renderer from Vite's dev server and main loads it from
 * ELECTRON_RENDERER_URL (electron-vite dev itself needs the Electron binary, so the same renderer
 * config is served here and the built main runs under the double, unpackaged).
 */
let server: ViteDevServer
let url: string
beforeAll(async () => {
  const renderer = (config as { renderer: Record<string, unknown> }).renderer
  server = await createServer({
    ...renderer,
    configFile: false,
    logLevel: 'silent',
    server: { host: '127.0.0.1', port: 0, strictPort: false },
  })
  await server.listen()
  url = server.resolvedUrls!.local[0]!
})
afterAll(async () => {
  await server?.close()
})

describe('the development window', () => {
  it('renders from the dev server with Fast Refresh, and the CSP refuses nothing', async () => {
    const app = await launchElectronApp({ env: { ELECTRON_RENDERER_URL: url } })
    try {
      expect(app.windows[0]!.webContents.getURL()).toBe(url)
      await app.page.getByRole('heading', { name: 'Welcome to Gen Studio' }).waitFor()
      // The React Fast Refresh preamble is an inline module script: it ran (it defines
      // $RefreshReg$) because it carries the nonce the dev CSP allows.
      expect(
        await app.page.evaluate(() => typeof (window as { $RefreshReg$?: unknown }).$RefreshReg$),
      ).toBe('function')
      expect(
        await app.page.$$eval('script:not([src])', (scripts) =>
          scripts.every((s) => ((s as HTMLScriptElement).nonce ?? '').length > 0),
        ),
      ).toBe(true)
      const csp = await app.page.$eval('meta[http-equiv="Content-Security-Policy"]', (m) =>
        m.getAttribute('content'),
      )
      expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/)
      // The dev server's origin is the trusted one: window.api answers.
      expect(await app.api<{ ok: boolean }>('settings:get')).toMatchObject({ ok: true })
      expect(app.pageErrors).toEqual([])
    } finally {
      await app.close()
    }
  })

  it('the built app carries no dev allowance', () => {
    const html = readFileSync(
      join(import.meta.dirname, '..', '..', 'out/renderer/index.html'),
      'utf8',
    )
    expect(html).not.toMatch(/nonce-|unsafe-inline/)
  })
})
