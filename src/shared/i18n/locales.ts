/**
 * The languages Gen Studio speaks (issue #34), the catalog namespaces, and how a setting plus the
 * OS's preferred languages become the one language shown. Shared by main (its own messages,
 * settings) and the renderer (the catalogs it loads).
 */

/** Every language with a complete catalog; `en` is the source and the fallback. */
export const LOCALES = ['en', 'ja', 'zh-Hans', 'ko'] as const
export type Locale = (typeof LOCALES)[number]

/** The source language: every key exists here first, and a missing translation falls back to it. */
export const SOURCE_LOCALE: Locale = 'en'

/**
 * The pseudo-locale: English accented and ~40 % longer, generated from the en catalogs (pseudo.ts),
 * so clipping and hard-coded text show up. Reached only through the OS's preferred languages
 * (an OS, or the test double, that prefers `en-XA`); never offered in Settings.
 */
export const PSEUDO_LOCALE = 'en-XA'

/** The language the interface is shown in: a real locale or the pseudo-locale. */
export type UiLanguage = Locale | typeof PSEUDO_LOCALE

/** What the Settings choice can hold: follow the OS, or one language. */
export const LANGUAGE_CHOICES = ['system', ...LOCALES] as const
export type LanguageChoice = (typeof LANGUAGE_CHOICES)[number]

/** Each language named in itself (autonyms): the picker shows them so, whatever the UI language. */
export const LANGUAGE_AUTONYMS: Readonly<Record<Locale, string>> = {
  en: 'English',
  ja: '日本語',
  'zh-Hans': '简体中文',
  ko: '한국어',
}

/**
 * Catalog namespaces, one JSON file per namespace per locale
 * (src/shared/i18n/locales/<locale>/<namespace>.json), so screens are translated in parallel
 * without touching one another's files. `common`: the app shell, components/, forms/, areas;
 * `main`: every message main produces (errors, notifications, dialogs, menu, start-up failures);
 * `shared`: messages made in src/shared (validation), formatted by src/shared/i18n/message.ts.
 */
export const NAMESPACES = [
  'common',
  'settings',
  'onboarding',
  'library',
  'viewer',
  'batch',
  'tasks',
  'spending',
  'chat',
  'compare',
  'images',
  'art',
  'video',
  'workbench',
  'main',
  'shared',
] as const
export type Namespace = (typeof NAMESPACES)[number]

/** One namespace's messages: flat keys to ICU MessageFormat strings. */
export type Messages = Readonly<Record<string, string>>

/** The language one OS language tag asks for, or null when Gen Studio does not speak it. */
export function languageOfTag(tag: string): UiLanguage | null {
  const t = tag.trim().replace(/_/g, '-').toLowerCase()
  if (t === 'en-xa') return PSEUDO_LOCALE
  const [lang, ...rest] = t.split('-')
  if (lang === 'en' || lang === 'ja' || lang === 'ko') return lang
  if (lang !== 'zh') return null
  // zh-Hans, zh-Hans-CN, zh-CN, zh-SG, bare zh: Simplified. zh-Hant, zh-TW, zh-HK, zh-MO: not (yet).
  if (rest.includes('hant') || rest.some((r) => r === 'tw' || r === 'hk' || r === 'mo')) return null
  return 'zh-Hans'
}

/**
 * The language to show for the OS's preferred languages, most preferred first (Electron's
 * app.getPreferredSystemLanguages()): the first one Gen Studio speaks, else English.
 */
export function languageFromSystem(preferred: readonly string[]): UiLanguage {
  for (const tag of preferred) {
    const lang = languageOfTag(tag)
    if (lang) return lang
  }
  return SOURCE_LOCALE
}

/** The language shown: the Settings choice, or the OS's when the choice is 'system'. */
export const resolveLanguage = (
  choice: LanguageChoice,
  preferred: readonly string[],
): UiLanguage => (choice === 'system' ? languageFromSystem(preferred) : choice)

/** True for a stored value that is a valid choice (a hand-edited settings file may hold anything). */
export const isLanguageChoice = (v: unknown): v is LanguageChoice =>
  (LANGUAGE_CHOICES as readonly unknown[]).includes(v)

/** The locale Intl formats in: the pseudo-locale formats numbers and dates as English. */
export const intlLocaleOf = (lang: UiLanguage): Locale =>
  lang === PSEUDO_LOCALE ? SOURCE_LOCALE : lang
