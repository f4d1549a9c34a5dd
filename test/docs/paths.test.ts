/**
 * Every path named in README.md and docs/*.md exists (issue #26). What counts as a path, and how
 * shorthand like `client/quote.ts` or `engine/TaskEngine.submit` is resolved, is written at the
 * top of test/support/docPaths.ts; the fixture tests below pin those rules, and show the check
 * fails on a doc naming a file that is not there.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

import {
  checkMention,
  extractMentions,
  type Mention,
  missingPaths,
  treeFromDisk,
  treeFromFiles,
} from '@test/support/docPaths'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '..', '..')

const tree = treeFromFiles([
  'README.md',
  'docs/ARCHITECTURE.md',
  'docs/FAULTS.md',
  'electron-builder.yml',
  'src/main/adapters/http/retryPolicy.ts',
  'src/main/services/client/quote.ts',
  'src/main/services/downloads/DownloadService.ts',
  'src/main/services/spending/SpendLedger.ts',
  'src/shared/ipc/contract/index.ts',
  'src/shared/ipc/contract/tasks.ts',
  'src/renderer/features/images/ImagesScreen.tsx',
  'test/main/services/tasks/engine/TaskEngine.test.ts',
])

const code = (text: string, line = 1): Mention => ({ text, line, link: false })
const check = (text: string, doc = 'docs/ARCHITECTURE.md') => checkMention(tree, doc, code(text))

describe('paths named in docs (the extractor)', () => {
  it('reads code spans and link targets with their lines, not fenced blocks', () => {
    const doc = [
      'See `src/a.ts` and [faults](FAULTS.md#retries).',
      '```sh',
      'npm run `src/never.ts`',
      '```',
      'Then [home](https://example.com) and `b/c.ts`.',
      'Run `npm run mutation -- --mutate src/b.ts` or `npm test`.',
    ].join('\n')
    expect(extractMentions(doc)).toEqual([
      { text: 'src/a.ts', line: 1, link: false },
      { text: 'FAULTS.md', line: 1, link: true },
      { text: 'https://example.com', line: 5, link: true },
      { text: 'b/c.ts', line: 5, link: false },
      { text: 'src/b.ts', line: 6, link: false },
    ])
  })

  it('fails a doc that names a missing file, with the doc and the line', () => {
    const doc = 'Retries: `client/retryPolicy.ts`.\nQuotes: `client/quote.ts`.\n`src/main/gone.ts`'
    expect(missingPaths(tree, 'docs/FAULTS.md', doc)).toEqual([
      { doc: 'docs/FAULTS.md', line: 1, path: 'client/retryPolicy.ts' },
      { doc: 'docs/FAULTS.md', line: 3, path: 'src/main/gone.ts' },
    ])
    expect(missingPaths(tree, 'README.md', '`adapters/http/retryPolicy.ts`')).toEqual([])
  })

  it('resolves rooted paths from the repository root and links from the doc', () => {
    expect(check('src/main/services/client/quote.ts')).toBe(true)
    expect(check('src/main/services/client/')).toBe(true)
    expect(check('src/main/services/client/retryPolicy.ts')).toBe(false)
    expect(
      checkMention(tree, 'docs/ARCHITECTURE.md', { text: 'FAULTS.md', line: 1, link: true }),
    ).toBe(true)
    expect(checkMention(tree, 'README.md', { text: 'FAULTS.md', line: 1, link: true })).toBe(false)
    expect(checkMention(tree, 'README.md', { text: 'docs/FAULTS.md', line: 1, link: true })).toBe(
      true,
    )
  })

  it('reads shorthand as the tail of a real path, members and modules included', () => {
    expect(check('features/images')).toBe(true)
    expect(check('features/video')).toBe(false)
    expect(check('spending/SpendLedger')).toBe(true)
    expect(check('downloads/DownloadService.fromUrl')).toBe(true)
    expect(check('downloads/UploadService.fromUrl')).toBe(false)
    expect(check('engine/TaskEngine.test.ts')).toBe(true)
    expect(check('shared/ipc/contract')).toBe(true)
  })

  it('checks a bare file name against every file name in the repository', () => {
    expect(check('ImagesScreen.tsx')).toBe(true)
    expect(check('electron-builder.yml')).toBe(true)
    expect(check('VideoScreen.tsx')).toBe(false)
  })

  it('checks only the fixed folder before a placeholder, and only when it is rooted', () => {
    expect(check('src/shared/ipc/contract/<domain>.ts')).toBe(true)
    expect(check('src/shared/ipc/handlers/<domain>.ts')).toBe(false)
    expect(check('<library>/.gen-studio/collections.json')).toBeNull()
    expect(check('.cache/native/electron-<platform>-<arch>/')).toBeNull()
    expect(check('@img/*')).toBeNull()
  })

  it('leaves out what is not a repository path', () => {
    for (const text of [
      'https://api.example.com',
      'gen-media://',
      '/v1/models',
      '~/.config/Gen Studio',
      'YYYY/MM/DD',
      'Ctrl/Cmd+1',
      'data[0].url',
      '{a|b}',
      'settings.json',
      'out/',
      'logs/',
      'app.asar',
      'TaskService.assertBudget',
      'npm run bench -- startup',
      'resources/native/',
    ]) {
      expect(check(text), text).toBeNull()
    }
  })
})

describe('paths named in docs (the real docs)', () => {
  it('names only paths that exist in README.md and docs/*.md', () => {
    const docs = [
      'README.md',
      ...readdirSync(join(root, 'docs'))
        .filter((name) => name.endsWith('.md'))
        .map((name) => `docs/${name}`),
    ]
    const checkout = treeFromDisk(root)
    const missing = docs.flatMap((doc) =>
      missingPaths(checkout, doc, readFileSync(join(root, doc), 'utf8')).map(
        (m) => `${m.doc}:${m.line}: ${m.path}`,
      ),
    )
    expect(missing).toEqual([])
  })
})
