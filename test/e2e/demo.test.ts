import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

import { launchApp, valueOf } from '@test/e2e/harness/launch'
import { describe, expect, it } from 'vitest'

describe('offline demo', () => {
  it('starts in one click from first run, works without a key, and leaves nothing behind', async () => {
    const app = await launchApp()
    try {
      const { page } = app
      await page.getByRole('button', { name: 'Try the offline demo' }).click()
      await page.getByTestId('demo-badge').waitFor()
      await page.getByRole('heading', { name: 'Settings' }).waitFor()
      expect(await page.getByTestId('base-url').textContent()).toMatch(
        /^http:\/\/127\.0\.0\.1:\d+$/,
      )

      // The demo service answers for real: the account's models are listed.
      await page.getByRole('button', { name: 'Test connection' }).click()
      await expect
        .poll(() => page.getByTestId('connection-check').textContent())
        .toMatch(/Connected\. \d+ of the app's models/)
      // Models by their names (issue #34: no raw ids as words).
      expect(await page.getByTestId('connection-check').textContent()).toContain('Standard Image 2')
      await app.screenshot('settings-demo-light')

      await page.getByRole('button', { name: 'Leave the demo' }).click()
      await page.getByRole('heading', { name: 'Welcome to Gen Studio' }).waitFor()
      expect(valueOf(await app.api('settings:get'))).toMatchObject({
        baseUrl: null,
        hasKey: false,
        demo: { active: false },
      })
      expect(app.pageErrors).toEqual([])
    } finally {
      await app.close()
    }
  })

  it('restores the real connection untouched when the demo ends', async () => {
    const app = await launchApp()
    try {
      const { page } = app
      await page.getByLabel('Service address').fill('https://api.example.com')
      await page.getByLabel('API key').fill('sk-real-account-key-8d1e')
      await page.getByRole('button', { name: 'Connect' }).click()
      await page.getByRole('heading', { name: 'Settings' }).waitFor()

      await page.getByRole('button', { name: 'Try the offline demo' }).click()
      await page.getByTestId('demo-badge').waitFor()
      expect(valueOf(await app.api('settings:get'))).toMatchObject({ demo: { active: true } })
      // The stored address and the keychain entry are not touched by the demo.
      const stored = JSON.parse(await readFile(join(app.userData, 'settings.json'), 'utf8'))
      expect(stored).toMatchObject({ baseUrl: 'https://api.example.com' })
      expect(await app.secrets.get('https://api.example.com')).toBe('sk-real-account-key-8d1e')

      await page.getByRole('button', { name: 'Leave the demo' }).click()
      await expect.poll(() => page.getByTestId('demo-badge').count()).toBe(0)
      await expect
        .poll(() => page.getByTestId('base-url').textContent())
        .toBe('https://api.example.com')
      expect(await page.getByTestId('key-status').textContent()).toContain('…8d1e')
      expect(valueOf(await app.api('settings:get'))).toMatchObject({
        baseUrl: 'https://api.example.com',
        hasKey: true,
        keyHint: '…8d1e',
        demo: { active: false },
      })
      expect(await app.secrets.get('https://api.example.com')).toBe('sk-real-account-key-8d1e')
    } finally {
      await app.close()
    }
  })
})
