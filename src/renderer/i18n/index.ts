import { SOURCE_LOCALE, type UiLanguage } from '@shared/i18n/locales'

import { onLanguageChanged, readLanguage } from '../api/language'

/**
 * Starts the interface language before the first render (main.tsx awaits it): asks main for
 * the resolved language (the Settings choice, or the OS's), loads i18next with that language's
 * catalogs, then follows every settings:languageChanged at once, with no restart. Without an
 * answer from main (a broken bridge) the interface is in English rather than blank.
 */
export async function bootI18n(): Promise<void> {
  const [setup, view] = await Promise.all([import('./setup'), readLanguage()])
  const lang: UiLanguage = view.ok ? view.value.resolved : SOURCE_LOCALE
  const instance = await setup.startI18n(lang)
  onLanguageChanged((next) => void setup.switchLanguage(instance, next.resolved))
}
