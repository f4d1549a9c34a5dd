import {
  isLanguageChoice,
  LANGUAGE_AUTONYMS,
  languageFromSystem,
  LOCALES,
  PSEUDO_LOCALE,
  type UiLanguage,
} from '@shared/i18n/locales'
import type { LanguageView } from '@shared/ipc/contract/settings'
import type { AppError } from '@shared/result'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { chooseLanguage, onLanguageChanged, readLanguage } from '../../api/language'
import { ErrorBanner } from '../../components/ErrorBanner'
import { Field } from '../../components/Field'

/** A language as the picker names it: in itself (日本語), whatever the interface language. */
const autonym = (lang: UiLanguage) => (lang === PSEUDO_LOCALE ? lang : LANGUAGE_AUTONYMS[lang])

/**
 * The interface language (issue #34): follow the OS (the default, naming the language that gives)
 * or one of the languages Gen Studio speaks. A choice applies at once in every window and in
 * main's messages: main saves it and announces settings:languageChanged, which the i18n module
 * (src/renderer/i18n) follows.
 */
export function LanguagePanel() {
  const { t } = useTranslation('settings')
  const [view, setView] = useState<LanguageView | null>(null)
  const [error, setError] = useState<AppError | null>(null)

  useEffect(() => {
    let live = true
    void readLanguage().then((r) => {
      if (!live) return
      if (r.ok) setView(r.value)
      else setError(r.error)
    })
    const off = onLanguageChanged((v) => live && setView(v))
    return () => {
      live = false
      off()
    }
  }, [])

  const choose = async (value: string) => {
    if (!isLanguageChoice(value)) return
    setError(null)
    const r = await chooseLanguage(value)
    if (r.ok) setView(r.value)
    else setError(r.error)
  }

  // What 'system' gives on this OS (main resolved it from the OS's preferred languages).
  // The picker appears once main has answered: before, it could only name a guess.
  const fromSystem = view ? autonym(languageFromSystem(view.system)) : null
  return (
    <section className="panel" aria-labelledby="language-title" data-testid="language-panel">
      <h2 id="language-title">{t('languageTitle')}</h2>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      <Field label={t('languageLabel')} hint={t('languageHint')}>
        {(props) => (
          <select
            {...props}
            value={view?.choice ?? 'system'}
            disabled={view === null}
            onChange={(e) => void choose(e.target.value)}
          >
            <option value="system">{t('languageSystem', { language: fromSystem })}</option>
            {LOCALES.map((lang) => (
              <option key={lang} value={lang} lang={lang}>
                {autonym(lang)}
              </option>
            ))}
          </select>
        )}
      </Field>
    </section>
  )
}
