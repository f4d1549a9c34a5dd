import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'
import YAML from 'yaml'

/** scripts/merge-update-info.mjs: one feed file per name from the per-arch release runners. */
const root = join(import.meta.dirname, '..', '..')
const work = mkdtempSync(join(tmpdir(), 'gen-studio-feed-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

const feed = (version: string, files: Array<[string, string]>) =>
  YAML.stringify({
    version,
    files: files.map(([url, sha512]) => ({ url, sha512, size: 10 })),
    path: files[0]![0],
    sha512: files[0]![1],
    releaseDate: '2026-11-26T08:00:00.000Z',
  })

function runner(name: string, files: Record<string, string>) {
  const dir = join(work, name)
  mkdirSync(dir, { recursive: true })
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text)
  return dir
}

const merge = (out: string, dirs: string[]) =>
  spawnSync(process.execPath, [join(root, 'scripts', 'merge-update-info.mjs'), out, ...dirs], {
    encoding: 'utf8',
  })

describe('merge-update-info', () => {
  it('joins the arches of one platform into one latest.yml, keeps the others, skips build notes', () => {
    const x64 = runner('win-x64', {
      'latest.yml': feed('1.2.0', [['Gen Studio-Setup-1.2.0-x64.exe', 'aaa']]),
      'builder-debug.yml': 'x: 1\n',
    })
    const arm = runner('win-arm64', {
      'latest.yml': feed('1.2.0', [['Gen Studio-Setup-1.2.0-arm64.exe', 'bbb']]),
    })
    const linux = runner('linux-x64', {
      'latest-linux.yml': feed('1.2.0', [['Gen Studio-1.2.0-x86_64.AppImage', 'ccc']]),
    })
    const out = join(work, 'out')
    const result = merge(out, [x64, arm, linux])
    expect(result.status, result.stderr).toBe(0)
    const latest = YAML.parse(readFileSync(join(out, 'latest.yml'), 'utf8'))
    expect(latest.files.map((f: { url: string }) => f.url)).toEqual([
      'Gen Studio-Setup-1.2.0-x64.exe',
      'Gen Studio-Setup-1.2.0-arm64.exe',
    ])
    expect(latest).toMatchObject({ version: '1.2.0', path: 'Gen Studio-Setup-1.2.0-x64.exe' })
    expect(YAML.parse(readFileSync(join(out, 'latest-linux.yml'), 'utf8')).files).toHaveLength(1)
    expect(result.stdout).toContain('merged 2 feed file(s): latest-linux.yml, latest.yml')
  })

  it('refuses runners that built different versions, or one file with two checksums', () => {
    const a = runner('mac-arm64', { 'latest-mac.yml': feed('1.2.0', [['a.zip', 'aaa']]) })
    const b = runner('mac-x64', { 'latest-mac.yml': feed('1.2.1', [['b.zip', 'bbb']]) })
    const versions = merge(join(work, 'out2'), [a, b])
    expect(versions.status).toBe(1)
    expect(versions.stderr).toContain('versions differ: 1.2.0 and 1.2.1')
    const c = runner('mac-x64b', { 'latest-mac.yml': feed('1.2.0', [['a.zip', 'zzz']]) })
    const sums = merge(join(work, 'out3'), [a, c])
    expect(sums.status).toBe(1)
    expect(sums.stderr).toContain('a.zip is listed twice with different sha512')
  })

  it('fails when there is nothing to merge', () => {
    const empty = runner('none', { 'builder-debug.yml': 'x: 1\n' })
    expect(merge(join(work, 'out4'), [empty]).status).toBe(1)
  })
})
