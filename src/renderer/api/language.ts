import type { LanguageChoice } from '@shared/i18n/locales'
import type { LanguageView } from '@shared/ipc/contract/settings'

import { api, call } from './client'

/** The interface language: the choice, what it resolves to, the OS's languages (issue #34). */
export const readLanguage = () => call(() => api().settings.language({}))

/** Chooses the interface language; every window hears settings:languageChanged. */
export const chooseLanguage = (choice: LanguageChoice) =>
  call(() => api().settings.setLanguage({ choice }))

/** Calls `listener` with every language change main announces; returns the stop. */
export const onLanguageChanged = (listener: (view: LanguageView) => void) =>
  api().on('settings:languageChanged', listener)
