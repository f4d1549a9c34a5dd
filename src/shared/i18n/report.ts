import {
  type CatalogSet,
  missingKeys,
  type PlaceholderProblem,
  placeholderProblems,
} from './placeholders'
import type { KeyUse } from './usage'

/** The one line `npm run i18n:check` prints (issue #34). */
export interface I18nSummary {
  locales: number
  /** Keys in the English catalogs, all namespaces. */
  keys: number
  /** Keys in English absent from a translation, plus keys the code uses that English lacks. */
  missing: number
  /** English keys no source file uses. */
  unused: number
  /** Literal text in JSX (the lint rule's findings, the not-yet-converted folders included). */
  hardcoded: number
}

/** The summary and, for people, every finding behind its counts. */
export interface I18nReport {
  summary: I18nSummary
  missing: string[]
  unused: string[]
  placeholders: PlaceholderProblem[]
}

/**
 * The i18n check's verdict from the catalogs, the keys the sources use and the count of literal
 * JSX text. `ok` only when every count is zero and no placeholder differs from English.
 */
export function i18nReport(
  catalogs: CatalogSet,
  used: ReadonlySet<KeyUse>,
  hardcoded: number,
  sourceLocale = 'en',
): I18nReport & { ok: boolean } {
  const source = catalogs[sourceLocale] ?? {}
  const defined = new Set<string>()
  for (const [ns, messages] of Object.entries(source))
    for (const key of Object.keys(messages)) defined.add(`${ns}:${key}`)
  const missing = [
    ...missingKeys(catalogs, sourceLocale),
    ...[...used].filter((k) => !defined.has(k)).map((k) => `${sourceLocale}:${k}`),
  ].sort()
  const unused = [...defined].filter((k) => !used.has(k as KeyUse)).sort()
  const placeholders = placeholderProblems(catalogs, sourceLocale)
  const summary: I18nSummary = {
    locales: Object.keys(catalogs).length,
    keys: defined.size,
    missing: missing.length,
    unused: unused.length,
    hardcoded,
  }
  const ok =
    summary.missing === 0 &&
    summary.unused === 0 &&
    summary.hardcoded === 0 &&
    placeholders.length === 0
  return { summary, missing, unused, placeholders, ok }
}
