/**
 * `npm run i18n:check` (issue #34): prints ONE JSON line
 * `{"locales":4,"keys":N,"missing":N,"unused":N,"hardcoded":N}` and exits 1 when any count is
 * above zero or a translation's placeholders differ from English. The findings behind the counts
 * go to stderr. `--placeholders` checks only the ICU syntax and placeholders (npm run build runs
 * it first, so a mismatch is a build error). The rules are src/shared/i18n/{usage,report,
 * placeholders}.ts; this file only reads the disk and runs ESLint's literal-text rule.
 * Run with tsx (it imports TypeScript): the npm scripts do.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'

import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'

import { LOCALES, NAMESPACES } from '../src/shared/i18n/locales.ts'
import { placeholderProblems } from '../src/shared/i18n/placeholders.ts'
import { i18nReport } from '../src/shared/i18n/report.ts'
import { keysUsedIn } from '../src/shared/i18n/usage.ts'
import { i18nextPlugin, literalStringRule } from './i18n/literalRule.mjs'

const root = join(import.meta.dirname, '..')
const CATALOGS = join(root, 'src', 'shared', 'i18n', 'locales')

/** locale → namespace → messages, every file read and parsed (a broken JSON file throws). */
function readCatalogs() {
  const out = {}
  for (const locale of LOCALES) {
    out[locale] = {}
    for (const ns of NAMESPACES) {
      const file = join(CATALOGS, locale, `${ns}.json`)
      try {
        out[locale][ns] = JSON.parse(readFileSync(file, 'utf8'))
      } catch (e) {
        if (e.code === 'ENOENT') out[locale][ns] = {}
        else throw new Error(`${relative(root, file)}: ${e.message}`)
      }
    }
  }
  return out
}

/** Every .ts/.tsx file under `dir`, as repo-relative paths with forward slashes. */
function sourcesUnder(dir) {
  const files = []
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || entry.name.endsWith('.d.ts')) continue
    files.push(relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
  }
  return files
}

/** Keys used anywhere in the app's sources. */
function usedKeys() {
  const used = new Set()
  for (const file of ['src/renderer', 'src/main', 'src/shared'].flatMap(sourcesUnder))
    for (const key of keysUsedIn(file, readFileSync(join(root, file), 'utf8'))) used.add(key)
  return used
}

/** Literal JSX text in every renderer .tsx, the not-yet-converted folders included. */
async function hardcodedCount() {
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.tsx'],
        languageOptions: { parser: tseslint.parser },
        plugins: { i18next: i18nextPlugin },
        rules: { 'i18next/no-literal-string': literalStringRule },
      },
    ],
  })
  // Only this rule's findings: a `// eslint-disable-next-line react-hooks/…` comment names a
  // plugin this bare config does not load, and ESLint reports that as a message of its own.
  const literal = (await eslint.lintFiles(['src/renderer/**/*.tsx'])).map((r) => ({
    file: relative(root, r.filePath),
    n: r.messages.filter((m) => m.ruleId === 'i18next/no-literal-string').length,
  }))
  const byFile = literal.filter((r) => r.n > 0).map((r) => `${r.file}: ${r.n}`)
  return { count: literal.reduce((n, r) => n + r.n, 0), byFile }
}

const catalogs = readCatalogs()
if (process.argv.includes('--placeholders')) {
  const problems = placeholderProblems(catalogs)
  for (const p of problems) console.error(`${p.locale}/${p.namespace}.json ${p.key}: ${p.problem}`)
  console.log(JSON.stringify({ locales: LOCALES.length, placeholders: problems.length }))
  process.exit(problems.length > 0 ? 1 : 0)
}

const hardcoded = await hardcodedCount()
const report = i18nReport(catalogs, usedKeys(), hardcoded.count)
for (const k of report.missing) console.error(`missing: ${k}`)
for (const k of report.unused) console.error(`unused: ${k}`)
for (const p of report.placeholders)
  console.error(`placeholder: ${p.locale}/${p.namespace}.json ${p.key}: ${p.problem}`)
for (const line of hardcoded.byFile) console.error(`hardcoded: ${line}`)
console.log(JSON.stringify(report.summary))
process.exit(report.ok ? 0 : 1)
