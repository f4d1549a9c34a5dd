import { intlLocaleOf, type Locale, PSEUDO_LOCALE, type UiLanguage } from '@shared/i18n/locales'
import { pseudoMessage } from '@shared/i18n/pseudo'
import { IntlMessageFormat } from 'intl-messageformat'

import en from '../../shared/i18n/locales/en/main.json'
import sharedEn from '../../shared/i18n/locales/en/shared.json'
import ja from '../../shared/i18n/locales/ja/main.json'
import sharedJa from '../../shared/i18n/locales/ja/shared.json'
import ko from '../../shared/i18n/locales/ko/main.json'
import sharedKo from '../../shared/i18n/locales/ko/shared.json'
import zhHans from '../../shared/i18n/locales/zh-Hans/main.json'
import sharedZhHans from '../../shared/i18n/locales/zh-Hans/shared.json'

/** The `main` namespace of every locale, bundled into main. */
const CATALOGS: MainCatalogs = {
  en,
  ja,
  'zh-Hans': zhHans,
  ko,
}

/** Catalogs as main reads them: locale → key → ICU message. */
export type MainCatalogs = Readonly<Record<Locale, Readonly<Record<string, string>>>>

/**
 * A formatter over `catalogs`: `key` in `lang`, ICU placeholders filled; a key missing from a
 * translation falls back to English; a key absent from English too (which npm run i18n:check
 * makes impossible) gives an empty string: a key's name is never shown. Messages are parsed once.
 */
export function mainFormatter(catalogs: MainCatalogs) {
  const compiled = new Map<string, IntlMessageFormat>()
  const source = (lang: UiLanguage, key: string): string | undefined => {
    if (lang === PSEUDO_LOCALE) {
      const en = catalogs.en[key]
      return en === undefined ? undefined : pseudoMessage(en)
    }
    return catalogs[lang][key] ?? catalogs.en[key]
  }
  return (lang: UiLanguage, key: string, params?: Record<string, unknown>): string => {
    const id = `${lang}\u0000${key}`
    let format = compiled.get(id)
    if (!format) {
      const text = source(lang, key)
      if (text === undefined) return ''
      format = new IntlMessageFormat(text, intlLocaleOf(lang))
      compiled.set(id, format)
    }
    return String(format.format(params as Record<string, string>))
  }
}

/** Main's messages in every locale (the bundled catalogs). */
export const formatMainMessage = mainFormatter(CATALOGS)

/** The `shared` namespace (src/shared/i18n/message.ts), which main formats for its own side. */
export const formatSharedMessage = mainFormatter({
  en: sharedEn,
  ja: sharedJa,
  'zh-Hans': sharedZhHans,
  ko: sharedKo,
})
