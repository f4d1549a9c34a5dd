import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import simpleImportSort from 'eslint-plugin-simple-import-sort'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/** IPC boundaries, as GitHub Desktop enforces them: one importer of ipcMain, ipcRenderer only in preload. */
const ipcMainBan = {
  name: 'electron',
  importNames: ['ipcMain'],
  message:
    'Only src/main/ipc/register.ts may import ipcMain; add a channel to src/shared/ipc/contract.ts.',
}
const ipcRendererBan = {
  name: 'electron',
  importNames: ['ipcRenderer'],
  message: 'Only src/preload may import ipcRenderer.',
}

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'release/**',
      'node_modules/**',
      'test-results/**',
      'coverage/**',
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
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'electron', message: 'The renderer talks to main only through window.api.' },
          ],
          patterns: [
            { group: ['node:*'], message: 'The renderer has no Node.js access.' },
            { group: ['**/main/**', '**/preload/**'], message: 'Import from src/shared only.' },
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
          paths: [{ name: 'electron', message: 'src/shared is pure TypeScript.' }],
          patterns: [{ group: ['node:*'], message: 'src/shared is pure TypeScript.' }],
        },
      ],
    },
  },
  {
    files: ['test/**/*.{ts,tsx}', 'bench/**/*.ts', 'scripts/**/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: { 'no-restricted-imports': 'off' },
  },
)
