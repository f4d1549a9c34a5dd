import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'

import { _electron as electron } from 'playwright-core'
import { describe, expect, it } from 'vitest'

/** The Electron binary's path when one is installed; npm's electron package has none on our CI. */
function electronBinary(): string | null {
  try {
    const path = createRequire(__filename)('electron') as unknown as string
    return typeof path === 'string' && existsSync(path) ? path : null
  } catch {
    return null
  }
}

const binary = electronBinary()
if (!binary) {
  console.warn(
    '[e2e] Electron-level tests skipped: no Electron binary here (ELECTRON_SKIP_BINARY_DOWNLOAD, no download possible). ' +
      'They run wherever `npm ci` can download Electron; the renderer is covered by the Chromium e2e tests.',
  )
}

describe.skipIf(!binary)('the packaged-app shell in Electron', () => {
  it('opens one hardened window that serves app:// and exposes only window.api', async () => {
    const app = await electron.launch({
      executablePath: binary!,
      // As root (the release workflow's Linux container) Chromium refuses its sandbox.
      args: [
        ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
        join(process.cwd(), 'out', 'main', 'index.js'),
      ],
    })
    try {
      const page = await app.firstWindow()
      await page.waitForLoadState('domcontentloaded')
      expect(page.url()).toMatch(/^app:\/\/gen-studio\//)
      const surface = await page.evaluate(() => ({
        require: typeof (window as unknown as { require?: unknown }).require,
        process: typeof (window as unknown as { process?: unknown }).process,
        settingsGet: typeof window.api.settings.get,
        invoke: typeof (window.api as unknown as { invoke?: unknown }).invoke,
      }))
      expect(surface).toEqual({
        require: 'undefined',
        process: 'undefined',
        settingsGet: 'function',
        invoke: 'undefined',
      })
      const opened = await page.evaluate(() => window.open('https://example.com/') === null)
      expect(opened).toBe(true)
      expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(
        1,
      )
      await page.evaluate(() => {
        window.location.href = 'https://example.com/'
      })
      await page.waitForTimeout(300)
      expect(page.url()).toMatch(/^app:\/\/gen-studio\//)
    } finally {
      await app.close()
    }
  })
})
