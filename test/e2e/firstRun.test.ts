import { launchApp } from '@test/e2e/harness/launch'
import { describe, expect, it } from 'vitest'

const KEY = 'sk-e2e-FIRST-RUN-SECRET-4f2c'

describe('first run in Chromium with the real keychain', () => {
  it('connects, stores the key in the keychain, and is still connected after a restart; the key is never shown', async () => {
    let app = await launchApp()
    try {
      const { page } = app
      await page.getByRole('heading', { name: 'Welcome to Gen Studio' }).waitFor()
      await app.screenshot('first-run-light')

      // Instant validation: a plain-http remote address is refused before anything is sent.
      await page.getByLabel('Service address').fill('http://api.example.com')
      await page.getByLabel('API key').fill(KEY)
      await page.getByRole('button', { name: 'Connect' }).click()
      await expect.poll(() => page.getByText('Use https://').count()).toBeGreaterThan(0)
      expect(app.calls.filter((c) => c.channel === 'settings:connect')).toHaveLength(0)

      await page.getByLabel('Service address').fill('https://api.example.com/v1')
      await page.getByRole('button', { name: 'Connect' }).click()
      await page.getByRole('heading', { name: 'Settings' }).waitFor()

      // The key is in the real OS keychain under the origin, and nowhere in the page.
      expect(await app.secrets.get('https://api.example.com')).toBe(KEY)
      await expect.poll(() => page.getByTestId('key-status').textContent()).toContain('…4f2c')
      const html = await page.content()
      const values = await page.$$eval('input', (inputs) =>
        inputs.map((i) => (i as HTMLInputElement).value),
      )
      expect(html).not.toContain(KEY)
      expect(values.join('\n')).not.toContain(KEY)
      expect(await page.getByTestId('base-url').textContent()).toBe('https://api.example.com')
      await app.screenshot('settings-light')

      app = await app.restart()
      await app.page.getByRole('heading', { name: 'Settings' }).waitFor()
      await expect.poll(() => app.page.getByTestId('key-status').textContent()).toContain('…4f2c')
      expect(await app.page.content()).not.toContain(KEY)
      expect(app.pageErrors).toEqual([])
    } finally {
      await app.close()
    }
  })

  it('renders in dark mode following the OS', async () => {
    const app = await launchApp({ colorScheme: 'dark' })
    try {
      await app.page.getByRole('heading', { name: 'Welcome to Gen Studio' }).waitFor()
      const bg = await app.page.evaluate(
        () => getComputedStyle(document.documentElement).backgroundColor,
      )
      expect(bg).toBe('rgb(22, 23, 27)')
      await app.screenshot('first-run-dark')
      await app.page.getByLabel('Service address').fill('https://api.example.com')
      await app.page.getByLabel('API key').fill(KEY)
      await app.page.getByRole('button', { name: 'Connect' }).click()
      await app.page.getByRole('heading', { name: 'Settings' }).waitFor()
      await app.screenshot('settings-dark')
      expect(app.pageErrors).toEqual([])
    } finally {
      await app.close()
    }
  })

  it('removes the key only after confirmation and returns to first run', async () => {
    const app = await launchApp()
    try {
      const { page } = app
      await page.getByLabel('Service address').fill('https://api.example.com')
      await page.getByLabel('API key').fill(KEY)
      await page.getByRole('button', { name: 'Connect' }).click()
      await page.getByRole('button', { name: 'Remove key…' }).click()
      expect(await app.secrets.get('https://api.example.com')).toBe(KEY)
      await page.getByRole('button', { name: 'Remove', exact: true }).click()
      await page.getByRole('heading', { name: 'Welcome to Gen Studio' }).waitFor()
      expect(await app.secrets.get('https://api.example.com')).toBeNull()
    } finally {
      await app.close()
    }
  })
})
