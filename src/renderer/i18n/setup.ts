import type { UiLanguage } from '@shared/i18n/locales'
import { setSharedTranslator } from '@shared/i18n/message'
import i18next, { type i18n } from 'i18next'
import ICU from 'i18next-icu'
import { initReactI18next } from 'react-i18next'

import { catalogsFor, RENDERER_NAMESPACES } from './catalogs'
import { MISSING_TEXT } from './missing'

/**
 * i18next with ICU MessageFormat (i18next-icu over intl-messageformat) bound to react-i18next.
 * This module is a lazy chunk of its own (index.ts imports it dynamically): i18next and the ICU
 * parser stay out of the renderer's entry chunk, and the first render waits for it.
 */
export async function startI18n(lang: UiLanguage): Promise<i18n> {
  const instance = i18next.createInstance()
  instance.use(new ICU()).use(initReactI18next)
  const catalogs = await catalogsFor(lang)
  await instance.init({
    lng: lang,
    fallbackLng: 'en',
    ns: RENDERER_NAMESPACES,
    defaultNS: 'common',
    resources: catalogs,
    // Keys are flat identifiers (`emptyTitle`); no nesting, no `ns:key` prefixes.
    keySeparator: false,
    nsSeparator: false,
    // React escapes what it renders; double escaping would show `&amp;`.
    interpolation: { escapeValue: false },
    returnEmptyString: false,
    // A key absent from English too (npm run i18n:check makes that impossible): never its name.
    parseMissingKeyHandler: () => MISSING_TEXT,
    react: { useSuspense: false },
    initAsync: false,
  })
  setSharedTranslator((key, params) => instance.t(key, { ...params, ns: 'shared' }))
  return instance
}

/** Shows `lang` from now on: loads its catalogs first, so no key or English flashes. */
export async function switchLanguage(instance: i18n, lang: UiLanguage): Promise<void> {
  if (!instance.hasResourceBundle(lang, 'common')) {
    const catalogs = await catalogsFor(lang)
    for (const [language, namespaces] of Object.entries(catalogs))
      for (const [ns, messages] of Object.entries(namespaces))
        instance.addResourceBundle(language, ns, messages, true, true)
  }
  await instance.changeLanguage(lang)
}
