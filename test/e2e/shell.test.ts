import { promises as fs } from 'node:fs'
import { join } from 'node:path'

import { writePngText } from '@shared/library/pngChunks'
import { type AppUnderTest, launchApp } from '@test/e2e/harness/launch'
import { makePng } from '@test/support/mediaFixtures'
import { describe, expect, it } from 'vitest'

/**
 * The shell the user meets, through the Electron double (test/support/electron): the built main
 * process, its own protocol and permission handlers and the built preload, with Electron's
 * documented rules applied. The same checks run in real Electron in test/e2e/electron.test.ts
 * wherever an Electron binary exists.
 */

async function libraryWithPrompt(app: AppUnderTest, prompt: string): Promise<void> {
  await app.page.getByLabel('Service address').fill('https://api.example.com')
  await app.page.getByLabel('API key').fill('sk-e2e-shell-00000001')
  await app.page.getByRole('button', { name: 'Connect' }).click()
  await app.page.getByRole('button', { name: 'Library', exact: true }).click()
  await app.page.getByRole('heading', { name: 'Library', level: 1 }).waitFor()
  const file = join(app.home, 'prompted.png')
  await fs.writeFile(
    file,
    writePngText(await makePng(80, 60, '#2f9e44'), {
      parameters: `${prompt}\nSteps: 20, Sampler: Euler a, CFG scale: 7, Seed: 1, Size: 80x60`,
    }),
  )
  await app.dropFiles('[data-testid="library-screen"]', [
    { name: 'prompted.png', bytes: await fs.readFile(file), path: file },
  ])
  await expect.poll(() => app.page.getByTestId('library-count').textContent()).toBe('1 item')
}

describe('the app shell under Electron’s rules', () => {
  it('opens one hardened window on app://gen-studio/ that exposes only window.api', async () => {
    const app = await launchApp()
    try {
      expect(app.windows).toHaveLength(1)
      expect(app.windows[0]!.webContents.getURL()).toBe('app://gen-studio/')
      // The window stays hidden until its first paint, then shows itself (ready-to-show).
      await expect.poll(() => app.windows[0]!.isVisible()).toBe(true)
      const surface = await app.page.evaluate(() => ({
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
      // window.open is denied; a web link goes to the OS browser instead.
      expect(await app.page.evaluate(() => window.open('https://example.com/') === null)).toBe(true)
      await expect.poll(() => app.opened).toEqual(['https://example.com/'])
      // A navigation the page starts is cancelled: the window stays on the app.
      await app.page.evaluate(() => {
        window.location.href = 'https://example.com/elsewhere'
      })
      await app.page.waitForTimeout(300)
      expect(app.windows[0]!.webContents.getURL()).toBe('app://gen-studio/')
      expect(app.opened).toContain('https://example.com/elsewhere')
      // The app's pages carry the CSP header from the app: protocol handler.
      const doc = app.schemes.log.find((r) => r.url === 'app://gen-studio/')
      expect(doc?.status).toBe(200)
      expect(app.pageErrors).toEqual([])
    } finally {
      await app.close()
    }
  })

  it('registers its schemes so library media load cross-origin, as files and with CORS', async () => {
    const app = await launchApp()
    try {
      expect(app.privileges.get('app')).toMatchObject({ standard: true, secure: true })
      expect(app.privileges.get('gen-media')).toMatchObject({
        standard: true,
        secure: true,
        stream: true,
        corsEnabled: true,
      })
      await libraryWithPrompt(app, 'a lantern in the rain')
      // The tile's thumbnail is served by the app's own gen-media handler to the app's page.
      await expect
        .poll(() =>
          app.page.$$eval('.lib-tile img', (imgs) =>
            imgs.map((i) => [
              (i as HTMLImageElement).src.split(':')[0],
              (i as HTMLImageElement).naturalWidth,
            ]),
          ),
        )
        .toEqual([['gen-media', expect.any(Number)]])
      const src = await app.page.$eval('.lib-tile img', (i) => (i as HTMLImageElement).src)
      // A CORS-mode request (an <img crossOrigin>, as the video player makes) from
      // app://gen-studio to gen-media: loads only because the scheme is registered with
      // corsEnabled; the double fails it otherwise, as Electron does. (fetch() would be refused
      // by the app's own CSP, connect-src 'self'.)
      const status = await app.page.evaluate(
        (url) =>
          new Promise<string>((resolve) => {
            const img = new Image()
            img.crossOrigin = 'anonymous'
            img.onload = () => resolve(`loaded ${img.naturalWidth}`)
            img.onerror = () => resolve('failed')
            img.src = `${url}&cors=1`
          }),
        src,
      )
      expect(app.schemes.log.find((r) => r.url.includes('&cors=1'))?.mode).toBe('cors')
      expect(status).toMatch(/^loaded \d+$/)
    } finally {
      await app.close()
    }
  })

  it('copies a prompt to the clipboard from the library detail (clipboard-sanitized-write)', async () => {
    const app = await launchApp()
    try {
      await libraryWithPrompt(app, 'a harbour at golden hour')
      await app.page.getByRole('listbox').getByRole('option').first().dblclick()
      const dialog = app.page.getByRole('dialog')
      await dialog.getByRole('button', { name: 'Copy prompt' }).click()
      await expect.poll(() => dialog.getByRole('button', { name: 'Copied' }).count()).toBe(1)
      // Read back by the test (granted to the test only; the app itself may not read it).
      const origin = new URL(app.page.url()).origin
      await app.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin })
      expect(await app.page.evaluate(() => navigator.clipboard.readText())).toBe(
        'a harbour at golden hour',
      )
      const asked = app.session.asked.filter((a) => a.permission === 'clipboard-sanitized-write')
      expect(asked.length).toBeGreaterThan(0)
      expect(asked.every((a) => a.origin === 'app://gen-studio' && a.granted)).toBe(true)
      expect(app.pageErrors).toEqual([])
    } finally {
      await app.close()
    }
  })

  it('lets the app go fullscreen and refuses every other permission the page asks for', async () => {
    const app = await launchApp()
    try {
      const answers = await app.page.evaluate(async () => {
        const el = document.body
        const fullscreen = await el.requestFullscreen().then(
          () => 'granted',
          () => 'denied',
        )
        if (document.fullscreenElement) await document.exitFullscreen()
        const notifications = await Notification.requestPermission()
        const clipboardRead = await navigator.clipboard.readText().then(
          () => 'granted',
          () => 'denied',
        )
        return { fullscreen, notifications, clipboardRead }
      })
      expect(answers).toEqual({
        fullscreen: 'granted',
        notifications: 'denied',
        clipboardRead: 'denied',
      })
      const requests = app.session.asked.filter((a) => a.kind === 'request')
      expect(requests.map((r) => [r.permission, r.granted])).toEqual(
        expect.arrayContaining([
          ['fullscreen', true],
          ['notifications', false],
        ]),
      )
    } finally {
      await app.close()
    }
  })
})
