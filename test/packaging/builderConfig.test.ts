import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import YAML from 'yaml'

/**
 * electron-builder.yml as a contract: the installer targets, signing/notarization wiring, icons,
 * asar layout and native-module handling the README promises. (That the builder honours it is
 * checked by stubPackage.test.ts; here we pin the parts a stub build cannot exercise.)
 */
const root = join(import.meta.dirname, '..', '..')
const config = YAML.parse(readFileSync(join(root, 'electron-builder.yml'), 'utf8'))
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))

type TargetEntry = { target: string; arch: string[] }
const targets = (platform: 'mac' | 'win' | 'linux') =>
  Object.fromEntries((config[platform].target as TargetEntry[]).map((t) => [t.target, t.arch]))

describe('electron-builder.yml', () => {
  it('names the app', () => {
    expect(config.appId).toBe('com.genstudio.desktop')
    expect(config.productName).toBe('Gen Studio')
    expect(pkg.productName).toBe('Gen Studio')
  })

  it('builds macOS dmg and zip for arm64 and x64 with the hardened runtime and our entitlements', () => {
    expect(targets('mac')).toEqual({ dmg: ['arm64', 'x64'], zip: ['arm64', 'x64'] })
    expect(config.mac.hardenedRuntime).toBe(true)
    expect(config.mac.entitlements).toBe('build/entitlements.mac.plist')
    expect(config.mac.entitlementsInherit).toBe('build/entitlements.mac.plist')
    const plist = readFileSync(join(root, config.mac.entitlements), 'utf8')
    const granted = [...plist.matchAll(/<key>([^<]+)<\/key>\s*<true\/>/g)].map((m) => m[1])
    // V8's JIT is the only hardened-runtime exception Electron needs; nothing that weakens it more.
    expect(granted).toEqual(['com.apple.security.cs.allow-jit'])
  })

  it('notarizes only through the afterSign hook (no second built-in notarization)', () => {
    expect(config.mac.notarize).toBe(false)
    expect(config.afterSign).toBe('./build/notarize.mjs')
    expect(existsSync(join(root, config.afterSign))).toBe(true)
  })

  it('flips fuses in an afterPack hook, not in two places', () => {
    expect(config.afterPack).toBe('./build/afterPack.mjs')
    expect(existsSync(join(root, config.afterPack))).toBe(true)
    expect(config.electronFuses).toBeUndefined()
  })

  it('builds a Windows NSIS installer for x64 and arm64', () => {
    expect(targets('win')).toEqual({ nsis: ['x64', 'arm64'] })
    expect(config.nsis.buildUniversalInstaller).toBe(false)
    expect(config.nsis.oneClick).toBe(false)
    expect(config.nsis.deleteAppDataOnUninstall).toBe(false)
  })

  it('builds a Linux AppImage and deb with homepage, maintainer and category', () => {
    expect(Object.keys(targets('linux')).sort()).toEqual(['AppImage', 'deb'])
    expect(config.linux.maintainer).toMatch(/^[^<]+ <[^@\s]+@[^>\s]+>$/)
    expect(config.linux.category).toBe('Graphics')
    expect(config.linux.executableName).toBe('gen-studio')
    // electron-builder takes the deb Homepage field from package.json.
    expect(new URL(pkg.homepage).protocol).toBe('https:')
  })

  it('names every installer with its arch, so per-arch CI artifacts never collide', () => {
    for (const target of ['dmg', 'nsis', 'appImage', 'deb'])
      expect(config[target].artifactName, target).toContain('${arch}')
  })

  it('registers no file associations or URL protocols', () => {
    for (const scope of [config, config.mac, config.win, config.linux]) {
      expect(scope.fileAssociations ?? []).toEqual([])
      expect(scope.protocols ?? []).toEqual([])
    }
  })

  it('ships only out/ and package.json of ours, and unpacks every native module', () => {
    const positive = (config.files as string[]).filter((p) => !p.startsWith('!'))
    expect(positive).toEqual(['out/**', 'package.json'])
    expect(config.asar).toBe(true)
    expect(config.asarUnpack).toEqual(
      expect.arrayContaining([
        '**/*.node',
        '**/node_modules/keytar/**',
        '**/node_modules/better-sqlite3/**',
        '**/node_modules/sharp/**',
        '**/node_modules/@img/**',
      ]),
    )
    for (const native of ['keytar', 'better-sqlite3', 'sharp'])
      expect(pkg.dependencies[native]).toBeDefined()
  })

  it('never rebuilds the checkout’s node_modules; ships the Electron build of better-sqlite3 from .cache/native', () => {
    // A rebuild in place would leave npm test (Node) loading an Electron build after `npm run dist:*`.
    expect(config.npmRebuild).toBe(false)
    expect(config.buildDependenciesFromSource).toBe(false)
    expect(config.extraResources).toEqual([
      {
        from: '.cache/native/electron-${platform}-${arch}',
        to: 'native',
        filter: ['better_sqlite3.node'],
      },
    ])
    expect(config.files).toContain(
      '!**/node_modules/better-sqlite3/build/Release/better_sqlite3.node',
    )
  })

  it('has npm scripts that build each platform', () => {
    expect(pkg.scripts['dist:mac']).toMatch(/electron-builder --mac\b/)
    expect(pkg.scripts['dist:win']).toMatch(/electron-builder --win\b/)
    expect(pkg.scripts['dist:linux']).toMatch(/electron-builder --linux\b/)
    for (const script of ['dist:mac', 'dist:win', 'dist:linux'])
      expect(pkg.scripts[script]).toMatch(/electron-vite build/)
  })
})

describe('icons from one source image', () => {
  it('are up to date with resources/icon.svg (scripts/icons.mjs --check)', () => {
    const result = spawnSync(process.execPath, [join(root, 'scripts', 'icons.mjs'), '--check'], {
      encoding: 'utf8',
    })
    expect(result.status, result.stderr).toBe(0)
  })

  it('macOS .icns and Windows .ico are real icon containers with a 256 px image', () => {
    expect(config.mac.icon).toBe('resources/icon.icns')
    expect(config.win.icon).toBe('resources/icon.ico')
    const icns = readFileSync(join(root, config.mac.icon))
    expect(icns.subarray(0, 4).toString('ascii')).toBe('icns')
    expect(icns.readUInt32BE(4)).toBe(icns.length)
    const ico = readFileSync(join(root, config.win.icon))
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1])
    const count = ico.readUInt16LE(4)
    const widths = Array.from({ length: count }, (_, i) => ico[6 + i * 16] || 256)
    expect(widths).toEqual(expect.arrayContaining([16, 32, 48, 256]))
  })

  it('the Linux icon set has the sizes its file names claim', async () => {
    const dir = join(root, config.linux.icon)
    const names = readdirSync(dir).filter((n) => n.endsWith('.png'))
    expect(names).toEqual(
      expect.arrayContaining(['16x16.png', '32x32.png', '48x48.png', '256x256.png', '512x512.png']),
    )
    for (const name of names) {
      const size = Number(name.split('x')[0])
      const meta = await sharp(join(dir, name)).metadata()
      expect([meta.width, meta.height], name).toEqual([size, size])
    }
  })
})
