import en from './locales/en/shared.json'

/**
 * Messages made in src/shared (validation messages, money and estimate wording), which runs in
 * both main and the renderer and so may not import i18next (issue #34). Each side registers
 * its own translator at start-up (main: src/main/i18n; renderer: src/renderer/i18n/setup.ts);
 * until then, and in code that never registers one (the simulator, unit tests of shared code),
 * messages come from the English catalog with `{name}` placeholders filled. English `shared`
 * messages therefore use plain placeholders only (test/shared/i18n/message.test.ts checks it);
 * translations may use ICU plurals freely, since only a registered translator reads them.
 */
export type SharedTranslator = (key: string, params?: Readonly<Record<string, unknown>>) => string

const ENGLISH: Readonly<Record<string, string>> = en

/** The English catalog with `{name}` filled: the default before a translator is registered. */
export const englishShared: SharedTranslator = (key, params = {}) =>
  (ENGLISH[key] ?? '').replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  )

let translator: SharedTranslator = englishShared

/** Makes every later `msg` call go through `next` (the side's own i18n, in its current language). */
export function setSharedTranslator(next: SharedTranslator): void {
  translator = next
}

/**
 * One message of the `shared` namespace, placeholders filled, in the language of whichever side
 * calls it. The key must be a literal: `npm run i18n:check` reads `msg('key')` from the source
 * of every file that imports this module.
 */
export const msg = (key: string, params?: Readonly<Record<string, unknown>>): string =>
  translator(key, params)
