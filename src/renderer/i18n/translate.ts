import type { Namespace } from '@shared/i18n/locales'
import { getI18n } from 'react-i18next'

import { MISSING_TEXT } from './missing'

/**
 * A message outside a component (a store's toast, a confirm() text), in the current language:
 * `translate('tasks', 'removed', { label })`, both literals so npm run i18n:check finds the key.
 * Components use useTranslation instead: they re-render when the language changes, a string
 * made here does not.
 */
export function translate(ns: Namespace, key: string, params?: Record<string, unknown>): string {
  const i18n = getI18n()
  return i18n ? i18n.t(key, { ns, ...params }) : MISSING_TEXT
}
