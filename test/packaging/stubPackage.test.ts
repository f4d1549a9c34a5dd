import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import asar from '@electron/asar'
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses'
import { CONTENT_SECURITY_POLICY } from '@shared/protocols'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * The packaging check that works offline: scripts/package-check.mjs builds the app if needed and
 * runs `electron-builder --linux dir` with -c.electronDist=<dist> and -c.electronVersion=<installed
 * electron>. The real config (npmRebuild: false included: a rebuild would need the network), the
 * real afterPack hook and the real node_modules are used; only the source of the Electron build of
 * better-sqlite3 (extraResources) is a stand-in, since none can be made offline. <dist> is the installed Electron where npm could download it (Linux CI),
 * so the fuses are read back from a real packaged binary; here it is a stub distribution whose binary
 * carries only Electron's fuse wire. This file then inspects the output on its own.
 */
const root = join(import.meta.dirname, '..', '..')
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'

let work: string
let appOutDir: string
let archive: string
let files: string[]
let scriptOutput: string
let scriptStatus: number | null

const fuseString = async (binary: string) => {
  const wire = (await getCurrentFuseWire(binary)) as unknown as Record<number, number>
  return Object.values(FuseV1Options)
    .filter((v): v is number => typeof v === 'number')
    .map((i) => String.fromCharCode(wire[i] ?? 0x3f))
    .join('')
}

const checkoutSqlite = join(root, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node')
let sqliteBefore: Buffer

beforeAll(() => {
  sqliteBefore = readFileSync(checkoutSqlite)
  work = mkdtempSync(join(tmpdir(), 'gen-studio-stub-pack-'))
  const result = spawnSync(
    process.execPath,
    [join(root, 'scripts', 'package-check.mjs'), 'stub', '--out', work],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
      maxBuffer: 64 * 1024 * 1024,
    },
  )
  scriptStatus = result.status
  scriptOutput = `${result.stdout}\n${result.stderr}`
  const arch = process.arch === 'arm64' ? 'linux-arm64-unpacked' : 'linux-unpacked'
  appOutDir = join(work, 'release', arch)
  archive = join(appOutDir, 'resources', 'app.asar')
  files = existsSync(archive)
    ? asar
        .listPackage(archive, { isPack: false })
        .map((f) => f.replace(/\\/g, '/').replace(/^\//, ''))
    : []
}, 180_000)

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('electron-builder --linux dir against a stub Electron', () => {
  it('packages without errors and the package check reports no problem', () => {
    expect(scriptStatus, scriptOutput.slice(-4000)).toBe(0)
    expect(scriptOutput).toMatch(/package check: 1 app\(s\), 0 problem\(s\)/)
    const [report] = JSON.parse(readFileSync(join(work, 'package-check.json'), 'utf8'))
    expect(report.problems).toEqual([])
  })

  it('flipped the fuses of the packaged binary (read back with @electron/fuses)', async () => {
    const [report] = JSON.parse(readFileSync(join(work, 'package-check.json'), 'utf8'))
    // The installed Electron on Linux when npm could download it (CI), else the stub (here).
    expect(['installed', 'stub']).toContain(report.electronDist)
    const source: string = report.sourceBinary
    expect(readFileSync(source).includes(Buffer.from(SENTINEL))).toBe(true)
    // Order: RunAsNode, CookieEncryption, NodeOptions, NodeCliInspect, AsarIntegrity, OnlyAsar,
    // BrowserV8Snapshot, FileProtocolExtraPrivileges. Electron ships the first; we ship the second.
    expect(await fuseString(source)).toBe('10110001')
    expect(await fuseString(join(appOutDir, 'gen-studio'))).toBe('01001100')
  })

  it('app.asar holds the built main, preload and renderer and package.json', () => {
    for (const path of [
      'package.json',
      'out/main/index.js',
      'out/preload/index.js',
      'out/renderer/index.html',
    ]) {
      expect(files).toContain(path)
    }
    expect(files.some((f) => /^out\/renderer\/assets\/.+\.js$/.test(f))).toBe(true)
    const pkg = JSON.parse(asar.extractFile(archive, 'package.json').toString('utf8'))
    expect(pkg).toMatchObject({
      name: 'gen-studio',
      productName: 'Gen Studio',
      main: './out/main/index.js',
    })
    expect(pkg.scripts).toBeUndefined()
    expect(pkg.devDependencies).toBeUndefined()
  })

  it('the packaged renderer carries the same CSP as the app protocol header', () => {
    const html = asar.extractFile(archive, 'out/renderer/index.html').toString('utf8')
    expect(html).toContain(`content="${CONTENT_SECURITY_POLICY}"`)
  })

  it('app.asar holds no sources, tests, benches, scripts, configs, TypeScript or source maps', () => {
    const topLevel = new Set(files.map((f) => f.split('/')[0]))
    expect([...topLevel].sort()).toEqual(['node_modules', 'out', 'package.json'])
    expect(new Set(files.filter((f) => f.startsWith('out/')).map((f) => f.split('/')[1]))).toEqual(
      new Set(['main', 'preload', 'renderer']),
    )
    expect(files.filter((f) => /\.(ts|tsx|mts|cts)$/.test(f))).toEqual([])
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([])
    expect(
      files.filter((f) =>
        /(^|\/)(electron-builder\.yml|vitest\.config\.\w+|tsconfig[\w.]*\.json)$/.test(f),
      ),
    ).toEqual([])
    // Native build inputs stay out too.
    expect(files.filter((f) => /^node_modules\/better-sqlite3\/(deps|src)\//.test(f))).toEqual([])
    expect(
      files.filter(
        (f) =>
          /\.(cc|cpp|c|h|gyp|a|o)$/.test(f) &&
          /^node_modules\/(keytar|better-sqlite3|sharp)\//.test(f),
      ),
    ).toEqual([])
  })

  it('native modules are unpacked next to app.asar: keytar, better-sqlite3, sharp and its libvips', () => {
    const unpacked = join(appOutDir, 'resources', 'app.asar.unpacked')
    const header = asar.getRawHeader(archive).header
    const node = (path: string) =>
      path
        .split('/')
        .reduce<{ files?: Record<string, unknown>; unpacked?: boolean } | undefined>(
          (n, part) =>
            n?.files?.[part] as { files?: Record<string, unknown>; unpacked?: boolean } | undefined,
          header,
        )
    const natives = files.filter((f) => f.endsWith('.node'))
    expect(natives).toContain('node_modules/keytar/build/Release/keytar.node')
    // better-sqlite3's Node build stays out; its Electron build sits in resources/native.
    expect(natives).not.toContain('node_modules/better-sqlite3/build/Release/better_sqlite3.node')
    expect(statSync(join(appOutDir, 'resources', 'native', 'better_sqlite3.node')).size).toBe(
      sqliteBefore.length,
    )
    expect(
      natives.some((f) => /^node_modules\/@img\/sharp-[\w-]+\/lib\/sharp-[\w.-]+\.node$/.test(f)),
    ).toBe(true)
    for (const native of natives) {
      expect(node(native)?.unpacked, native).toBe(true)
      expect(statSync(join(unpacked, ...native.split('/'))).size, native).toBeGreaterThan(10_000)
    }
    // Every file of sharp's platform packages (the .node and libvips' shared library) is on disk.
    const img = files.filter(
      (f) => f.startsWith('node_modules/@img/') && node(f)?.files === undefined,
    )
    expect(img.length).toBeGreaterThan(3)
    for (const file of img) expect(existsSync(join(unpacked, ...file.split('/'))), file).toBe(true)
    if (process.platform === 'linux') {
      expect(img.some((f) => /libvips-cpp\.so/.test(f))).toBe(true)
    }
  })

  it('leaves the checkout’s own better-sqlite3 as npm install built it (npm test still runs after dist)', () => {
    expect(readFileSync(checkoutSqlite).equals(sqliteBefore)).toBe(true)
    expect(/node_register_module_v(\d+)/.exec(sqliteBefore.toString('latin1'))?.[1]).toBe(
      process.versions.modules,
    )
  })

  it('every package the built main process requires is inside app.asar', () => {
    // index.js and the chunks it loads (boot.ts's services are one, loaded after the window).
    const main = files
      .filter((f) => /^out\/main\/(index|chunks\/[^/]+)\.js$/.test(f))
      .map((f) => asar.extractFile(archive, f).toString('utf8'))
      .join('\n')
    const required = [...main.matchAll(/\brequire\("([^".][^"]*)"\)/g)]
      .map((m) => m[1]!)
      .filter((s) => !s.startsWith('node:') && s !== 'electron')
      .map((s) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]!))
    expect(required.length).toBeGreaterThan(0)
    for (const pkg of required) expect(files, pkg).toContain(`node_modules/${pkg}/package.json`)
  })
})
