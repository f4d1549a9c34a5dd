/**
 * What react-i18next imports from i18next in the built renderer (build/i18nextEntryShim.ts
 * explains why): selector-function keys are not used in Gen Studio, so asking for one is a
 * mistake to see at once, not a key to guess.
 */
export function keyFromSelector(): never {
  throw new Error(
    'Selector keys (keyPrefix or i18nKey as a function) are not used in Gen Studio: pass the key as a string literal (docs/I18N.md).',
  )
}
