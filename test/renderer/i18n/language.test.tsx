import { AREA_LABELS } from '@renderer/areas'
import { LanguagePanel } from '@renderer/features/settings/LanguagePanel'
import { bootI18n } from '@renderer/i18n'
import {
  formatDateTime,
  formatMoneyUsd,
  formatNumber,
  formatRelativeTime,
} from '@renderer/i18n/format'
import { startI18n } from '@renderer/i18n/setup'
import { translate } from '@renderer/i18n/translate'
import type { LanguageChoice, UiLanguage } from '@shared/i18n/locales'
import { buildApi } from '@shared/ipc/buildApi'
import type { LanguageView } from '@shared/ipc/contract/settings'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useTranslation } from 'react-i18next'
import { afterEach, describe, expect, it } from 'vitest'

/** A main process that keeps the language choice and announces changes, as SettingsService does. */
function fakeMain(system: string[], resolve: (c: LanguageChoice) => UiLanguage) {
  let view: LanguageView = { choice: 'system', resolved: resolve('system'), system }
  const listeners = new Set<(p: unknown) => void>()
  const calls: unknown[] = []
  window.api = buildApi({
    invoke: async (channel, payload) => {
      calls.push([channel, payload])
      if (channel === 'settings:language') return { ok: true, value: view }
      if (channel === 'settings:setLanguage') {
        const choice = (payload as { choice: LanguageChoice }).choice
        view = { choice, resolved: resolve(choice), system }
        for (const l of listeners) l(view)
        return { ok: true, value: view }
      }
      return { ok: false, error: { code: 'not_found', message: 'Not in this test.' } }
    },
    subscribe: (event, l) => {
      if (event === 'settings:languageChanged') listeners.add(l)
      return () => listeners.delete(l)
    },
    pathForFile: async () => '',
  })
  return { calls }
}

/** Shows one translated string of the shell, as every converted component does. */
function SettingsLabel() {
  const { t } = useTranslation('common')
  return <p data-testid="label">{t(AREA_LABELS.settings)}</p>
}

describe('the interface language (issue #34)', () => {
  afterEach(async () => {
    cleanup()
    await startI18n('en')
  })

  it('starts in the language main resolved from the OS, before anything renders', async () => {
    fakeMain(['ja-JP', 'en-US'], () => 'ja')
    await bootI18n()
    render(<SettingsLabel />)
    expect(screen.getByTestId('label').textContent).toBe('設定')
  })

  it('a choice in Settings applies at once, with no restart', async () => {
    const main = fakeMain(['en-US'], (c) => (c === 'system' ? 'en' : c))
    await bootI18n()
    render(
      <>
        <SettingsLabel />
        <LanguagePanel />
      </>,
    )
    const select = await screen.findByLabelText('Interface language')
    expect(screen.getByRole('option', { name: 'Same as the system (English)' })).toBeTruthy()
    await act(async () => {
      fireEvent.change(select, { target: { value: 'ko' } })
    })
    expect(main.calls).toContainEqual(['settings:setLanguage', { choice: 'ko' }])
    expect(await screen.findByText('설정')).toBeTruthy()
    expect(screen.getByLabelText('인터페이스 언어')).toBeTruthy()
    await act(async () => {
      fireEvent.change(screen.getByLabelText('인터페이스 언어'), { target: { value: 'zh-Hans' } })
    })
    expect(await screen.findByText('设置')).toBeTruthy()
  })

  it('a key a translation lacks shows English; a key no catalog has shows neither its name nor nothing', async () => {
    const i18n = await startI18n('ja')
    i18n.addResource('en', 'common', 'onlyInEnglish', 'Only in English')
    expect(translate('common', 'onlyInEnglish')).toBe('Only in English')
    expect(translate('common', 'noSuchKeyAnywhere')).toBe('…')
    expect(translate('common', 'areaSettings')).toBe('設定')
  })

  it('the pseudo-locale accents and lengthens every message, placeholders filled', async () => {
    await startI18n('en-XA')
    const text = translate('common', 'navItemTitle', { area: 'X', number: 3 })
    expect(text).toMatch(/^⟦X \(Çţŕļ\+3\)/)
    expect(translate('common', 'areaSettings')).toMatch(/^⟦Šéţţîñĝš .+⟧$/)
  })

  it('numbers, money (always USD) and dates follow the language', async () => {
    await startI18n('en')
    expect(formatMoneyUsd(0.042)).toBe('$0.042')
    expect(formatMoneyUsd(1.5)).toBe('$1.50')
    expect(formatNumber(1234.5)).toBe('1,234.5')
    expect(formatRelativeTime(Date.now() - 3 * 60_000)).toBe('3 minutes ago')
    await startI18n('zh-Hans')
    expect(formatMoneyUsd(0.04)).toBe('US$0.04')
    expect(formatRelativeTime(Date.now() - 3 * 60_000)).toBe('3分钟前')
    await startI18n('ja')
    expect(formatDateTime(Date.UTC(2026, 10, 26, 12), { dateStyle: 'long', timeZone: 'UTC' })).toBe(
      '2026年11月26日',
    )
  })
})
