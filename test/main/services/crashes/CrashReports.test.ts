import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { listCrashDumps } from '@main/services/crashes/crashDumps'
import { CrashReports } from '@main/services/crashes/CrashReports'
import { Diagnostics } from '@main/services/diagnostics/Diagnostics'
import { zipTexts } from '@test/support/zipTexts'
import { afterEach, describe, expect, it } from 'vitest'

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

function folder() {
  const dir = mkdtempSync(join(tmpdir(), 'crashes-'))
  dirs.push(dir)
  return dir
}

/** A dump of `bytes` bytes written `ageS` seconds ago, in one of Crashpad's folders. */
function dump(dir: string, sub: string, name: string, bytes: number, ageS: number) {
  mkdirSync(join(dir, sub), { recursive: true })
  const path = join(dir, sub, name)
  writeFileSync(path, Buffer.alloc(bytes, 1))
  const t = Date.now() / 1000 - ageS
  utimesSync(path, t, t)
  return path
}

const info = () => ({
  name: 'Gen Studio',
  version: '1.2.3',
  platform: 'linux-x64',
  versions: { electron: '45.0.0', chrome: '140', node: '24.11.0' },
})

describe('CrashReports', () => {
  it('keeps the newest dumps within the count and byte bounds, removing the oldest', async () => {
    const dir = folder()
    dump(dir, 'completed', 'a.dmp', 400, 50)
    dump(dir, 'pending', 'b.dmp', 400, 40)
    dump(dir, 'new', 'c.dmp', 400, 30)
    dump(dir, 'completed', 'd.dmp', 400, 20)
    dump(dir, 'completed', 'e.dmp', 400, 10)
    writeFileSync(join(dir, 'settings.dat'), 'crashpad settings')
    const reports = new CrashReports({
      dumpsDir: dir,
      log: async () => ({ generatedAt: '', note: '', records: [] }),
      appInfo: info,
      maxBytes: 1000,
      maxDumps: 4,
    })
    expect(await reports.prune()).toBe(3)
    const left = await listCrashDumps(dir)
    expect(left.map((d) => d.name)).toEqual(['e.dmp', 'd.dmp'])
    expect(readFileSync(join(dir, 'settings.dat'), 'utf8')).toBe('crashpad settings')
    const status = await reports.status()
    expect(status).toMatchObject({ totalBytes: 800, maxBytes: 1000, maxDumps: 4 })
  })

  it('the report shows every file before saving, and saves exactly what was shown, redacted', async () => {
    const dir = folder()
    dump(dir, 'completed', 'crash-1.dmp', 1234, 5)
    const log = new Diagnostics({ dir: null })
    const key = 'sk-live-abcdefghijklmnop1234'
    log.registerSecret(key)
    log.event('error', 'tasks', `request failed with key ${key}`)
    const reports = new CrashReports({
      dumpsDir: dir,
      log: () => log.export(),
      appInfo: info,
      now: () => Date.parse('2026-11-26T10:00:00Z'),
    })
    const preview = await reports.preview()
    expect(preview.entries.map((e) => e.name)).toEqual([
      'README.txt',
      'app.json',
      'diagnostics.jsonl',
      'crash-dumps.txt',
    ])
    const text = (name: string) => preview.entries.find((e) => e.name === name)!.text
    expect(text('README.txt')).toMatch(/nothing was sent/)
    expect(text('crash-dumps.txt')).toMatch(/1234 bytes {2}crash-1\.dmp/)
    expect(JSON.parse(text('app.json'))).toMatchObject({ version: '1.2.3' })
    expect(text('diagnostics.jsonl')).toContain('request failed')
    expect(text('diagnostics.jsonl')).not.toContain(key)

    const out = join(folder(), 'report.zip')
    expect(await reports.save('another-id', out)).toBe(false)
    expect(await reports.save(preview.id, out)).toBe(true)
    const saved = await zipTexts(out)
    for (const e of preview.entries) expect(saved[e.name]).toBe(e.text)
    expect(Object.keys(saved).sort()).toEqual(preview.entries.map((e) => e.name).sort())
    // The dumps themselves (process memory) are listed, never packed.
    expect(Object.keys(saved).some((n) => n.endsWith('.dmp'))).toBe(false)
  })

  it('with no dumps folder at all, says there are none', async () => {
    const reports = new CrashReports({
      dumpsDir: join(folder(), 'missing'),
      log: async () => ({ generatedAt: '', note: '', records: [] }),
      appInfo: info,
    })
    expect((await reports.status()).dumps).toEqual([])
    const preview = await reports.preview()
    expect(preview.entries.at(-1)!.text).toBe('No crash dumps on this machine.\n')
  })
})
