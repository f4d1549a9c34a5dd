import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { addonAbi } from '@shared/nativeAbi'
import { afterEach, describe, expect, it } from 'vitest'

import {
  addonAbiOf,
  cacheFile,
  electronTarget,
  ensureElectronBuild,
  plan,
} from '../../scripts/native.mjs'
import { linuxSandbox } from '../../scripts/start.mjs'

/**
 * `npm run native` / `npm start` make the Electron build of better-sqlite3 next to the Node one,
 * only when needed, and say exactly what to do when they cannot.
 */
const ROOT = join(import.meta.dirname, '..', '..')
const ADDONS = {
  betterSqlite: join(ROOT, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node'),
  keytar: join(ROOT, 'node_modules/keytar/build/Release/keytar.node'),
}

const roots: string[] = []
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true })
})

/** A project root whose node_modules is the checkout's, with its own .cache. */
function scratchRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'gen-studio-native-root-'))
  roots.push(root)
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'), 'junction')
  return root
}

describe('reading the ABI a .node file was built for', () => {
  it('finds Node’s ABI in the better-sqlite3 npm built, Node-API in keytar, the same in script and app', () => {
    expect(addonAbiOf(ADDONS.betterSqlite)).toBe(Number(process.versions.modules))
    expect(addonAbiOf(ADDONS.keytar)).toBe('napi')
    for (const file of Object.values(ADDONS)) {
      expect(addonAbi(readFileSync(file).toString('latin1'))).toBe(addonAbiOf(file))
    }
    expect(addonAbiOf(join(ROOT, 'package.json'))).toBeNull()
    expect(addonAbiOf(join(ROOT, 'no-such.node'))).toBe('missing')
  })

  it('knows Electron’s ABI from the installed electron package', () => {
    const target = electronTarget(ROOT)
    expect(target.abi).toBe(
      Number(readFileSync(join(ROOT, 'node_modules/electron/abi_version'), 'utf8')),
    )
    expect(target.abi).not.toBe(Number(process.versions.modules))
  })
})

describe('deciding whether to build', () => {
  it('builds only when the cached build is missing or stamped for another ABI', () => {
    expect(plan(150, 'missing')).toBe('build')
    expect(plan(150, 115)).toBe('build')
    expect(plan(150, null)).toBe('build')
    expect(plan(150, 150)).toBe('up-to-date')
  })

  it('makes the build once, into .cache/native, and never touches node_modules’ own', () => {
    const root = scratchRoot()
    const { abi } = electronTarget(root)
    const before = readFileSync(ADDONS.betterSqlite)
    const calls: string[] = []
    // A stand-in for prebuild-install that "downloads" a binary stamped for Electron.
    const run = (command: string, args: string[], cwd: string) => {
      calls.push(args[0]!)
      const out = join(cwd, 'build', 'Release')
      mkdirSync(out, { recursive: true })
      writeFileSync(join(out, 'better_sqlite3.node'), `ELF... node_register_module_v${abi} ...`)
      return { status: 0, stdout: '', stderr: '' }
    }
    const first = ensureElectronBuild({ root, platform: 'linux', arch: 'x64', run })
    expect(first.status).toBe('built')
    expect(first.path).toBe(cacheFile(root, 'linux', 'x64'))
    expect(addonAbiOf(first.path)).toBe(abi)
    expect(calls).toHaveLength(1)
    expect(calls[0]).toMatch(/prebuild-install/)
    const second = ensureElectronBuild({ root, platform: 'linux', arch: 'x64', run })
    expect(second.status).toBe('up-to-date')
    expect(calls).toHaveLength(1)
    // The Node build npm made is untouched: npm test keeps working after npm start.
    expect(readFileSync(ADDONS.betterSqlite).equals(before)).toBe(true)
  })

  it('replaces a cached build stamped for another ABI, falling back to a source build', () => {
    const root = scratchRoot()
    const { abi } = electronTarget(root)
    mkdirSync(join(cacheFile(root, 'linux', 'x64'), '..'), { recursive: true })
    writeFileSync(cacheFile(root, 'linux', 'x64'), 'node_register_module_v115')
    const tools: string[] = []
    const run = (_c: string, args: string[], cwd: string) => {
      tools.push(args[0]!.includes('node-gyp') ? 'node-gyp' : 'prebuild-install')
      if (!args[0]!.includes('node-gyp'))
        return {
          status: 1,
          stdout: '',
          stderr:
            'prebuild-install warn install No prebuilt binaries found (target=45 runtime=electron)',
        }
      mkdirSync(join(cwd, 'build', 'Release'), { recursive: true })
      writeFileSync(
        join(cwd, 'build', 'Release', 'better_sqlite3.node'),
        `node_register_module_v${abi}`,
      )
      return { status: 0, stdout: '', stderr: '' }
    }
    expect(ensureElectronBuild({ root, platform: 'linux', arch: 'x64', run }).status).toBe('built')
    expect(tools).toEqual(['prebuild-install', 'node-gyp'])
    expect(addonAbiOf(cacheFile(root, 'linux', 'x64'))).toBe(abi)
  })

  it('says that it needs the network, and what to run, when neither tool can reach its server', () => {
    const root = scratchRoot()
    const run = () => ({ status: 1, stdout: '', stderr: 'getaddrinfo ENOTFOUND github.com' })
    expect(() => ensureElectronBuild({ root, platform: 'linux', arch: 'x64', run })).toThrow(
      /need internet access once[\s\S]*npm run native/,
    )
  })

  it('with the real tools on this machine: makes a build stamped for Electron, or says exactly why not', () => {
    const root = scratchRoot()
    const { abi } = electronTarget(root)
    try {
      const made = ensureElectronBuild({ root })
      expect(addonAbiOf(made.path)).toBe(abi)
    } catch (e) {
      // Offline here (only the npm registry is reachable): both tools fail to connect, and the
      // message says so, naming each server and the command to run once connected.
      expect((e as Error).message).toMatch(
        /prebuilt download \(GitHub\): .*(ENOTFOUND|getaddrinfo|EAI_AGAIN|ECONN)/,
      )
      expect((e as Error).message).toMatch(
        /source build .*network connectivity|source build .*(ENOTFOUND|ECONN)/,
      )
      expect((e as Error).message).toContain('npm run native')
    }
  }, 120_000)
})

describe('starting Electron on Linux', () => {
  const helperOk = { uid: 0, mode: 0o104755 }
  it('keeps the sandbox when it can, and says why and how to fix it when it cannot', () => {
    expect(
      linuxSandbox({ platform: 'darwin', uid: 501, usernsRestricted: true, helper: null }).args,
    ).toEqual([])
    expect(
      linuxSandbox({ platform: 'linux', uid: 1000, usernsRestricted: false, helper: null }).args,
    ).toEqual([])
    expect(
      linuxSandbox({ platform: 'linux', uid: 1000, usernsRestricted: true, helper: helperOk }).args,
    ).toEqual([])
    const restricted = linuxSandbox({
      platform: 'linux',
      uid: 1000,
      usernsRestricted: true,
      helper: { uid: 1000, mode: 0o100755 },
    })
    expect(restricted.args).toEqual(['--no-sandbox'])
    expect(restricted.note).toContain('sudo chmod 4755 node_modules/electron/dist/chrome-sandbox')
    const root = linuxSandbox({
      platform: 'linux',
      uid: 0,
      usernsRestricted: false,
      helper: helperOk,
    })
    expect(root.args).toEqual(['--no-sandbox'])
    expect(root.note).toMatch(/as root/)
  })
})
