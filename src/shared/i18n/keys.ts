import type { Namespace } from './locales'

/**
 * Declares message keys that are chosen at run time (`t(AREA_LABELS[id])`), so that
 * `npm run i18n:check` finds them: it reads every `defineKeys('<namespace>', { … })` object and
 * counts its string values as keys used in that namespace. A key picked at run time any other
 * way is invisible to the check and reported as unused. Returns `keys` unchanged.
 */
export function defineKeys<const M extends Readonly<Record<string, string>>>(
  namespace: Namespace,
  keys: M,
): M {
  void namespace
  return keys
}
