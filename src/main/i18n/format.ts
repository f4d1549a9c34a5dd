import {
  intlLocaleOf,
  type Locale,
  LOCALES,
  PSEUDO_LOCALE,
  type UiLanguage,
} from '@shared/i18n/locales'
import { pseudoMessage } from '@shared/i18n/pseudo'
import { IntlMessageFormat } from 'intl-messageformat'

import en from '../../shared/i18n/locales/en/main.json'
import ja from '../../shared/i18n/locales/ja/main.json'
import ko from '../../shared/i18n/locales/ko/main.json'
import zhHans from '../../shared/i18n/locales/zh-Hans/main.json'

/** The `main` namespace of every locale, bundled into main. */
const CATALOGS: Readonly<Record<Locale, Readonly<Record<string, string>>>> = {
  en,
  ja,
  'zh-Hans': zhHans,
  ko,
}

/** Compiled messages, by language and key: a message is parsed once. */
const compiled = new Map<string, IntlMessageFormat>()

/** The message text for `key` in `lang`: its translation, else English; null when en lacks it too. */
function source(lang: UiLanguage, key: string): { text: string; locale: Locale } | null {
  if (lang === PSEUDO_LOCALE) {
    const text = CATALOGS.en[key]
    return text === undefined ? null : { text: pseudoMessage(text), locale: 'en' }
  }
  const own = CATALOGS[lang][key]
  if (own !== undefined) return { text: own, locale: lang }
  const text = CATALOGS.en[key]
  return text === undefined ? null : { text, locale: 'en' }
}

/**
 * `key` of the main namespace in `lang`, ICU placeholders filled. A key absent from English too
 * (which npm run i18n:check makes impossible) gives an empty string: a key's name is never shown.
 */
export function formatMainMessage(
  lang: UiLanguage,
  key: string,
  params?: Record<string, unknown>,
): string {
  const found = source(lang, key)
  if (!found) return ''
  const id = `${lang}\u0000${key}`
  let format = compiled.get(id)
  if (!format) {
    format = new IntlMessageFormat(found.text, intlLocaleOf(lang))
    compiled.set(id, format)
  }
  return String(format.format(params as Record<string, string>))
}

/** Every locale main has messages for (the tests walk them). */
export const MAIN_LOCALES: readonly Locale[] = LOCALES
