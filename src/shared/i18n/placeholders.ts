import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser'

/**
 * Placeholder checks (issue #34: "a placeholder that does not match is a build error"). A
 * translation must use exactly the arguments and tags of its English source: a missing `{name}`
 * drops information, an extra or misspelt one shows as a hole. Plural and select *branches* may
 * differ (Japanese has only `other`), their arguments may not.
 */

/** One problem of one message: which key, in which locale, what is wrong. */
export interface PlaceholderProblem {
  namespace: string
  key: string
  locale: string
  problem: string
}

/** Every argument name (`{count}`, `{name}`) and tag (`<b>`, `<0>`) a message uses, sorted. */
export function placeholdersOf(message: string): string[] {
  const found = new Set<string>()
  const walk = (elements: MessageFormatElement[]) => {
    for (const el of elements) {
      switch (el.type) {
        case TYPE.argument:
        case TYPE.number:
        case TYPE.date:
        case TYPE.time:
          found.add(`{${el.value}}`)
          break
        case TYPE.plural:
        case TYPE.select:
          found.add(`{${el.value}}`)
          for (const option of Object.values(el.options)) walk(option.value)
          break
        case TYPE.tag:
          found.add(`<${el.value}>`)
          walk(el.children)
          break
        default:
          break
      }
    }
  }
  walk(parse(message, { ignoreTag: false }))
  return [...found].sort()
}

/** The ICU syntax error of a message, or null when it parses. */
export function syntaxProblem(message: string): string | null {
  try {
    parse(message, { ignoreTag: false })
    return null
  } catch (e) {
    return `ICU syntax: ${(e as Error).message}`
  }
}

/**
 * What is wrong with `translation` against its English `source`: bad syntax, or placeholders
 * missing from or added to it. Empty when they match.
 */
export function comparePlaceholders(source: string, translation: string): string[] {
  const bad = syntaxProblem(translation)
  if (bad) return [bad]
  const want = placeholdersOf(source)
  const got = new Set(placeholdersOf(translation))
  const missing = want.filter((p) => !got.has(p))
  const extra = [...got].filter((p) => !want.includes(p))
  return [
    ...missing.map((p) => `missing ${p}`),
    ...extra.map((p) => `${p} is not in the English source`),
  ]
}

/** Catalogs as the checks read them: locale → namespace → key → message. */
export type CatalogSet = Readonly<
  Record<string, Readonly<Record<string, Readonly<Record<string, string>>>>>
>

/**
 * Every placeholder problem of every translation in `catalogs` against `sourceLocale`'s
 * messages, plus English messages that do not parse. Keys absent from a translation are not
 * problems here (they fall back to English; checkCatalogs counts them as missing).
 */
export function placeholderProblems(
  catalogs: CatalogSet,
  sourceLocale = 'en',
): PlaceholderProblem[] {
  const source = catalogs[sourceLocale] ?? {}
  const out: PlaceholderProblem[] = []
  for (const [namespace, messages] of Object.entries(source))
    for (const [key, message] of Object.entries(messages)) {
      const bad = syntaxProblem(message)
      if (bad) out.push({ namespace, key, locale: sourceLocale, problem: bad })
    }
  for (const [locale, namespaces] of Object.entries(catalogs)) {
    if (locale === sourceLocale) continue
    for (const [namespace, messages] of Object.entries(namespaces))
      for (const [key, message] of Object.entries(messages)) {
        const en = source[namespace]?.[key]
        if (en === undefined) {
          out.push({ namespace, key, locale, problem: 'not in the English catalog' })
          continue
        }
        for (const problem of comparePlaceholders(en, message))
          out.push({ namespace, key, locale, problem })
      }
  }
  return out
}

/** Keys of the source catalogs that a translation lacks, as `locale:namespace:key`. */
export function missingKeys(catalogs: CatalogSet, sourceLocale = 'en'): string[] {
  const source = catalogs[sourceLocale] ?? {}
  const out: string[] = []
  for (const [locale, namespaces] of Object.entries(catalogs)) {
    if (locale === sourceLocale) continue
    for (const [namespace, messages] of Object.entries(source))
      for (const key of Object.keys(messages))
        if (namespaces[namespace]?.[key] === undefined) out.push(`${locale}:${namespace}:${key}`)
  }
  return out
}
