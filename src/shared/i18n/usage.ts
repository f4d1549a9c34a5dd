/**
 * Which message keys a source file uses, read from its text (no type information), for
 * `npm run i18n:check` (issue #34). It understands exactly the conventions of docs/I18N.md:
 *
 * - `const { t } = useTranslation('library')` (or `{ t: tl }`), then `t('emptyTitle', …)`
 *   with a literal key: the key is in that namespace. One file may bind several namespaces
 *   under different names; a key called through a name bound twice counts in both.
 * - `<Trans t={t} i18nKey="key" …>`: the key, in the namespace of the file's `t`.
 * - `translate('tasks', 'key', …)`: outside components (src/renderer/i18n/translate.ts).
 * - `defineKeys('common', { images: 'areaImages', … })`: keys chosen at run time.
 * - in src/main, a file that imports main's `t` (src/main/i18n): `t('key')` is in `main`, and
 *   so is `tr('key')` after `import { t as tr }` (files where `t` names a task already).
 * - a file that imports `msg` (src/shared/i18n/message.ts): `msg('key')` is in `shared`.
 */

/** A key a file uses: `namespace:key`. */
export type KeyUse = `${string}:${string}`

const BINDING =
  /\{\s*t(?:\s*:\s*([A-Za-z_$][\w$]*))?\s*(?:,[^}]*)?\}\s*=\s*useTranslation\(\s*['"]([\w-]+)['"]\s*\)/g
const TRANSLATE = /(?<![\w$.])translate\(\s*['"]([\w-]+)['"]\s*,\s*['"]([^'"]+)['"]/g
const DEFINE_KEYS = /defineKeys\(\s*['"]([\w-]+)['"]\s*,\s*\{([^}]*)\}/g
const KEY_VALUE = /:\s*['"]([^'"]+)['"]/g
const TRANS_KEY = /i18nKey=\{?\s*['"]([^'"]+)['"]/g
const MAIN_IMPORT = /from\s+['"](?:\.\.?\/)+(?:[\w./]*\/)?i18n['"]/
/** `import { t as tr } from '../i18n'`: main's `t` renamed where `t` is a local name already. */
const MAIN_ALIAS =
  /import\s*\{[^}]*\bt\s+as\s+([A-Za-z_$][\w$]*)[^}]*\}\s*from\s+['"](?:\.\.?\/)+(?:[\w./]*\/)?i18n['"]/
const SHARED_IMPORT = /from\s+['"](?:@shared\/i18n|(?:\.\.?\/)+(?:[\w./]*\/)?i18n|\.)\/message['"]/

const escape = (s: string) => s.replace(/[$]/g, '\\$')
const callsOf = (name: string, source: string): string[] =>
  [...source.matchAll(new RegExp(`(?<![\\w$.])${escape(name)}\\(\\s*['"]([^'"]+)['"]`, 'g'))].map(
    (m) => m[1]!,
  )

/** The text without comments (block comments, and lines that are a // comment): examples in docs are not uses. */
const code = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')

/** Every `namespace:key` the text of `file` uses (path with forward slashes, from the repo root). */
export function keysUsedIn(file: string, text: string): Set<KeyUse> {
  const source = code(text)
  const used = new Set<KeyUse>()
  const add = (ns: string, key: string) => used.add(`${ns}:${key}`)
  const bound = new Map<string, Set<string>>()
  for (const m of source.matchAll(BINDING)) {
    const name = m[1] ?? 't'
    bound.set(name, (bound.get(name) ?? new Set()).add(m[2]!))
  }
  for (const [name, namespaces] of bound)
    for (const key of callsOf(name, source)) for (const ns of namespaces) add(ns, key)
  for (const m of source.matchAll(TRANS_KEY)) for (const ns of bound.get('t') ?? []) add(ns, m[1]!)
  for (const m of source.matchAll(TRANSLATE)) add(m[1]!, m[2]!)
  for (const m of source.matchAll(DEFINE_KEYS))
    for (const v of m[2]!.matchAll(KEY_VALUE)) add(m[1]!, v[1]!)
  if (file.startsWith('src/main/') && MAIN_IMPORT.test(source))
    for (const name of ['t', source.match(MAIN_ALIAS)?.[1]])
      if (name) for (const key of callsOf(name, source)) add('main', key)
  if (SHARED_IMPORT.test(source)) for (const key of callsOf('msg', source)) add('shared', key)
  return used
}
