import { resolve } from 'node:path'

import type { Plugin } from 'vite'

/**
 * Keeps i18next out of the renderer's entry chunk (issue #34: the entry grows by at most 15 KB
 * gzip). react-i18next's hooks, which every screen imports, import one thing from i18next at run
 * time, `keyFromSelector`, used only for selector-function keys (`keyPrefix: ($) => …`,
 * `i18nKey={($) => …}`), which Gen Studio never uses (docs/I18N.md: keys are string literals so
 * that `npm run i18n:check` can read them). That import made the whole i18next module a chunk
 * the entry preloads (+12 KB gzip measured). For react-i18next only, `i18next` resolves to a
 * stand-in (src/renderer/i18n/selectorKeys.ts); i18next itself loads with the lazy setup chunk.
 */
export function i18nextEntryShim(): Plugin {
  const shim = resolve(__dirname, '../src/renderer/i18n/selectorKeys.ts')
  return {
    name: 'gen-studio-i18next-entry-shim',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'i18next' || !importer) return null
      return /[\\/]node_modules[\\/]react-i18next[\\/]/.test(importer) ? shim : null
    },
  }
}
