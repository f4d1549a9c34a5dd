import { builtinModules } from 'node:module'

import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import simpleImportSort from 'eslint-plugin-simple-import-sort'
import globals from 'globals'
import tseslint from 'typescript-eslint'

import { i18nextPlugin, literalStringRule } from './scripts/i18n/literalRule.mjs'

/** IPC boundaries, as GitHub Desktop enforces them: one importer of ipcMain, ipcRenderer only in preload. */
const ipcMainBan = {
  name: 'electron',
  importNames: ['ipcMain'],
  message:
    'Only src/main/ipc/register.ts may import ipcMain; add a channel to its domain file in src/shared/ipc/contract/.',
}
const ipcRendererBan = {
  name: 'electron',
  importNames: ['ipcRenderer'],
  message: 'Only src/preload may import ipcRenderer.',
}

/** Relative imports that climb out of a layer into another one. */
const into = (...dirs) => `^(\\.\\./)+(${dirs.join('|')})(/|$)`
const electronBan = (message) => ({ name: 'electron', message })
/** What the renderer may never import (every renderer file, stores included). */
const rendererPatterns = [
  { group: ['node:*'], message: 'The renderer has no Node.js access.' },
  { group: ['**/main/**', '**/preload/**'], message: 'Import from src/shared only.' },
]
/** The renderer's import rule: what every renderer file may not import, plus a layer's own bans. */
const rendererImports = (...patterns) => [
  'error',
  {
    paths: [electronBan('The renderer talks to main only through window.api.')],
    patterns: [...rendererPatterns, ...patterns],
  },
]
/** The raw bridge: only stores and the per-domain clients beside it (src/renderer/api/) use it. */
const rawClientBan = {
  regex: '(^|/)api/client$',
  message:
    'Reach main through a store action or a per-domain client (src/renderer/api/<domain>.ts), never the raw bridge.',
}

/**
 * Renderer folders whose JSX is NOT YET TRANSLATED (issue #34): the literal-text rule skips them.
 * Whoever converts a folder deletes its line here in the same commit; the finished state is an
 * empty list. `npm run i18n:check` counts the literal text inside them too, so its `hardcoded`
 * stays above zero until the list is empty (docs/I18N.md).
 */
export const I18N_NOT_YET_CONVERTED = []

/**
 * Layers as folders, as VS Code's code-layering rules keep them: shared imports nothing else;
 * services are plain Node (no Electron, no IPC or protocol layer); renderer stores never import
 * features or the form kit, and the form kit (src/renderer/forms) never imports features; only
 * stores and the per-domain clients (src/renderer/api/) import the raw bridge. Import cycles are
 * checked by scripts/check-cycles.mjs (npm run lint).
 */
export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'release/**',
      'node_modules/**',
      'test-results/**',
      'coverage/**',
      'reports/**',
      '.stryker-tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    plugins: { 'simple-import-sort': simpleImportSort },
    rules: {
      'simple-import-sort/imports': 'error',
      'simple-import-sort/exports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-imports': ['error', { paths: [ipcMainBan, ipcRendererBan] }],
    },
  },
  {
    files: ['src/main/ipc/register.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [ipcRendererBan] }] },
  },
  {
    files: ['src/preload/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [ipcMainBan] }] },
  },
  {
    // The static page main shows after a failed load or a crash: plain browser script.
    files: ['src/renderer/public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': rendererImports(rawClientBan),
    },
  },
  {
    // The per-domain clients: thin typed wrappers over the raw bridge (client.ts).
    files: ['src/renderer/api/**/*.ts'],
    rules: {
      'no-restricted-imports': rendererImports(),
    },
  },
  {
    files: ['src/renderer/stores/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': rendererImports(
        {
          regex: into('features'),
          message: 'Stores never import features: move what both need into the store.',
        },
        {
          // From stores/<domain>/, `../forms` is the forms store; two levels up is the kit.
          regex: '^\\.\\./\\.\\./(\\.\\./)*forms(/|$)',
          message: 'Stores never import the form kit (src/renderer/forms): it builds on them.',
        },
      ),
    },
  },
  {
    files: ['src/renderer/forms/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': rendererImports(rawClientBan, {
        regex: into('features'),
        message:
          'The form kit imports no screen: move shared pieces into forms/ or components/, or have the screen pass them in.',
      }),
    },
  },
  {
    files: ['src/main/services/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ipcMainBan,
            ipcRendererBan,
            electronBan(
              'Services are plain Node: reach Electron through an adapter (platform.ts).',
            ),
          ],
          patterns: [
            {
              regex: into('ipc', 'protocols'),
              message: 'Services never import the IPC or protocol layers; those call services.',
            },
          ],
        },
      ],
    },
  },
  {
    // Worker threads of main: Electron's multithreading guide rules out its modules there, and
    // loading native modules in them is not safe (process.dlopen). See workers/libraryReader.ts.
    files: ['src/main/workers/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ipcMainBan,
            ipcRendererBan,
            electronBan('None of Electron’s modules can be used in a worker thread.'),
            ...['better-sqlite3', 'sharp', 'keytar'].map((name) => ({
              name,
              message: 'Native modules are not safe to load in a worker thread.',
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            electronBan('src/shared is pure TypeScript.'),
            ...builtinModules.map((name) => ({ name, message: 'src/shared is pure TypeScript.' })),
          ],
          patterns: [
            { group: ['node:*'], message: 'src/shared is pure TypeScript.' },
            {
              regex: into('main', 'renderer', 'preload', 'simulator'),
              message: 'src/shared imports nothing from main, renderer, preload or the simulator.',
            },
          ],
        },
      ],
    },
  },
  {
    // The simulator is the client's oracle for prices, rules and file checks: its charges, its
    // refusals and its reading of uploads come from its own code (issues #18, #32), so nothing
    // from the rest of the app may be imported, by relative path or by alias.
    files: ['src/simulator/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(shared|main|renderer|preload)(/|$)',
              message:
                'The simulator shares no code with the app: it charges from its own tables (src/simulator/pricing.ts), validates with its own rules (src/simulator/rules) and reads images with its own src/simulator/imageFile.ts.',
            },
            {
              regex: '^@(shared|main|renderer|preload|test)(/|$)',
              message:
                'The simulator shares no code with the app, by alias either: copy what it needs into src/simulator from the spec.',
            },
          ],
        },
      ],
    },
  },
  {
    // Every visible string comes from the catalogs (docs/I18N.md).
    files: ['src/renderer/**/*.tsx'],
    ignores: I18N_NOT_YET_CONVERTED,
    plugins: { i18next: i18nextPlugin },
    rules: { 'i18next/no-literal-string': literalStringRule },
  },
  {
    files: ['test/**/*.{ts,tsx}', 'bench/**/*.ts', 'scripts/**/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: { 'no-restricted-imports': 'off' },
  },
)
