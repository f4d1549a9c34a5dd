import { SOURCE_LOCALE, type UiLanguage } from '@shared/i18n/locales'
import { setSharedTranslator } from '@shared/i18n/message'
import type { EventName, EventPayload } from '@shared/ipc/contract'

import { formatMainMessage, formatSharedMessage } from './format'

/**
 * Main's own messages (issue #34): errors with their "what to do", notifications, dialogs, the
 * native menu, start-up failures, all from the `main` namespace of the shared catalogs
 * (src/shared/i18n/locales/<locale>/main.json, bundled: main is not size-bound). The language is
 * the one the renderer shows: the OS's until the settings are read, then the settings' (boot.ts
 * calls followLanguage), and every later message uses a new choice at once.
 */
let current: UiLanguage = SOURCE_LOCALE

const listeners = new Set<(lang: UiLanguage) => void>()

/** Makes later messages use `lang`, and tells what shows text already made (the menu). */
export const setMainLanguage = (lang: UiLanguage): void => {
  if (lang === current) return
  current = lang
  for (const l of listeners) l(lang)
}

/** Calls `listener` after every change of main's language; returns the stop. */
export function onMainLanguage(listener: (lang: UiLanguage) => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The language main's messages are in now. */
export const mainLanguage = (): UiLanguage => current

/**
 * One message of the `main` namespace in the current language, placeholders filled
 * (`t('startupDiskFullTitle')`, `t('startupDiskFull', { dir })`). A key missing from a
 * translation falls back to English; the key literal must exist in en/main.json
 * (`npm run i18n:check` finds every `t('…')` of a file that imports this module).
 */
export const t = (key: string, params?: Record<string, unknown>): string =>
  formatMainMessage(current, key, params)

// Messages made in src/shared (validation) speak main's current language on this side.
setSharedTranslator((key, params) => formatSharedMessage(current, key, params))

/** What followLanguage needs: the settings' language, and main's event bus. */
export interface LanguageSource {
  language(): Promise<{ resolved: UiLanguage }>
}
export interface EventSource {
  forward(listener: (event: EventName, payload: unknown) => void): () => void
}

/** Follows the settings' language from now on: read once, then every settings:languageChanged. */
export function followLanguage(settings: LanguageSource, events: EventSource): () => void {
  // Unreadable settings (or a throw before the promise) leave main in the OS's language.
  void (async () => setMainLanguage((await settings.language()).resolved))().catch(() => {})
  return events.forward((event, payload) => {
    if (event === 'settings:languageChanged')
      setMainLanguage((payload as EventPayload<'settings:languageChanged'>).resolved)
  })
}
