import { launchApp } from '@test/e2e/harness/launch'
import { describe, expect, it } from 'vitest'

/**
 * The interface language in the built app (issue #34): it follows the OS's preferred languages
 * (the Electron double's app.getPreferredSystemLanguages()), a choice in Settings applies at once
 * without reloading the page and survives a restart, and the pseudo-locale is reached the same
 * way as any OS language.
 */
describe('the interface language', () => {
  it('follows the OS, switches at once from Settings, and keeps the choice after a restart', async () => {
    let app = await launchApp({ preferredSystemLanguages: ['ja-JP', 'en-US'] })
    try {
      const { page } = app
      await page.getByRole('heading', { name: 'Gen Studio へようこそ' }).waitFor()
      await app.screenshot('first-run-ja')
      await page.getByRole('button', { name: 'オフラインデモを試す' }).click()
      await page.getByTestId('demo-badge').waitFor()
      expect(await page.getByTestId('demo-badge').textContent()).toBe('デモ')

      const nav = page.getByRole('navigation')
      await nav.getByRole('button', { name: '設定' }).click()
      const picker = page.getByLabel('表示言語')
      await picker.waitFor()
      expect(await picker.locator('option[value="system"]').textContent()).toBe(
        'システムと同じ（日本語）',
      )
      // A mark on the page's window: gone if the switch reloaded the page.
      await page.evaluate(() => Object.assign(window, { beforeSwitch: true }))
      await picker.selectOption('ko')
      await nav.getByRole('button', { name: '설정' }).waitFor()
      expect(await nav.getByRole('button', { name: '라이브러리' }).count()).toBe(1)
      expect(await page.evaluate(() => 'beforeSwitch' in window)).toBe(true)
      expect(await page.getByLabel('인터페이스 언어').inputValue()).toBe('ko')
      await app.screenshot('settings-ko')

      // The demo lives in memory: after a restart it is first run again, in the chosen Korean.
      app = await app.restart()
      await app.page.getByRole('heading', { name: 'Gen Studio에 오신 것을 환영합니다' }).waitFor()
      expect(app.pageErrors).toEqual([])
    } finally {
      await app.close()
    }
  })

  it('runs in the pseudo-locale when the OS prefers en-XA: accented, longer, nothing left plain', async () => {
    const app = await launchApp({ preferredSystemLanguages: ['en-XA'] })
    try {
      const heading = app.page.getByRole('heading', { level: 1 })
      await heading.waitFor()
      const text = (await heading.textContent()) ?? ''
      expect(text).toMatch(/^⟦Ŵéļçöɱé ţö Ĝéñ Šţûðîö .+⟧$/)
      expect(text.length).toBeGreaterThan('Welcome to Gen Studio'.length * 1.3)
      await app.screenshot('first-run-pseudo')
      expect(app.pageErrors).toEqual([])
    } finally {
      await app.close()
    }
  })
})
