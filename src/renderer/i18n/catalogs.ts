import {
  type Locale,
  type Messages,
  NAMESPACES,
  PSEUDO_LOCALE,
  SOURCE_LOCALE,
  type UiLanguage,
} from '@shared/i18n/locales'
import { pseudoMessages } from '@shared/i18n/pseudo'

/**
 * The renderer's namespaces: all but `main`, whose messages main formats itself and sends as
 * text (errors, notifications).
 */
export const RENDERER_NAMESPACES = NAMESPACES.filter((ns) => ns !== 'main')
export type RendererNamespace = (typeof RENDERER_NAMESPACES)[number]

/**
 * One lazy chunk per catalog file (Vite import.meta.glob): a language's files are fetched only
 * when it is shown, so the entry chunk carries none of them (issue #34's start-up budget).
 */
const FILES = import.meta.glob<Messages>(
  ['../../shared/i18n/locales/*/*.json', '!../../shared/i18n/locales/*/main.json'],
  { import: 'default' },
)

/** Every renderer namespace of `locale`; a file that is absent counts as empty. */
async function loadLocale(locale: Locale): Promise<Record<RendererNamespace, Messages>> {
  const loaded = await Promise.all(
    RENDERER_NAMESPACES.map(async (ns) => {
      const load = FILES[`../../shared/i18n/locales/${locale}/${ns}.json`]
      return [ns, load ? await load() : {}] as const
    }),
  )
  return Object.fromEntries(loaded) as Record<RendererNamespace, Messages>
}

/**
 * The catalogs `lang` needs, by language: its own and English (the fallback of every missing
 * key). The pseudo-locale is made from English here, never stored.
 */
export async function catalogsFor(
  lang: UiLanguage,
): Promise<Partial<Record<UiLanguage, Record<RendererNamespace, Messages>>>> {
  const en = await loadLocale(SOURCE_LOCALE)
  if (lang === SOURCE_LOCALE) return { en }
  if (lang === PSEUDO_LOCALE) {
    const pseudo = Object.fromEntries(
      Object.entries(en).map(([ns, messages]) => [ns, pseudoMessages(messages)]),
    ) as Record<RendererNamespace, Messages>
    return { en, [PSEUDO_LOCALE]: pseudo }
  }
  return { en, [lang]: await loadLocale(lang) }
}
