import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { FuseV1Options, FuseVersion, getCurrentFuseWire } from '@electron/fuses'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import afterPack, {
  electronBinaryPath,
  fuseConfig,
  fuseMismatches,
  FUSES,
} from '../../build/afterPack.mjs'

/**
 * Electron's fuse wire, built from its documented layout (electron/electron build/fuses/build.py):
 * 32-byte sentinel, wire version byte, wire length byte, then '0'/'1'/'r' per fuse. The default
 * wire is fuses.json5's: RunAsNode on, cookie encryption off, NODE_OPTIONS on, --inspect on, asar
 * integrity off, only-asar off, V8 snapshot off, file:// privileges on.
 */
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'
function stubBinary(wire: string): Buffer {
  return Buffer.concat([
    Buffer.from('#!/bin/sh\nexit 1\n\0\0padding\0'),
    Buffer.from(SENTINEL, 'ascii'),
    Buffer.from([1, wire.length]),
    Buffer.from(wire, 'ascii'),
    Buffer.from('\0trailing bytes of the binary'),
  ])
}

const ARCH_X64 = 1
const ARCH_ARM64 = 3
const wireString = (wire: unknown, length: number) =>
  Array.from({ length }, (_, i) =>
    String.fromCharCode((wire as Record<number, number>)[i] ?? 0),
  ).join('')

describe('afterPack fuse policy', () => {
  it('sets every known fuse to the checklist value', () => {
    expect(FUSES).toEqual({
      [FuseV1Options.RunAsNode]: false,
      [FuseV1Options.EnableCookieEncryption]: true,
      [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
      [FuseV1Options.EnableNodeCliInspectArguments]: false,
      [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
      [FuseV1Options.OnlyLoadAppFromAsar]: true,
      [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: false,
      [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
    })
  })

  it('re-signs ad hoc only for arm64 macOS, where an unsigned modified binary would not start', () => {
    expect(fuseConfig('darwin', ARCH_ARM64)).toMatchObject({
      version: FuseVersion.V1,
      resetAdHocDarwinSignature: true,
    })
    expect(fuseConfig('darwin', ARCH_X64).resetAdHocDarwinSignature).toBe(false)
    expect(fuseConfig('linux', ARCH_ARM64).resetAdHocDarwinSignature).toBe(false)
    expect(fuseConfig('win32', ARCH_ARM64).resetAdHocDarwinSignature).toBe(false)
  })

  it('finds the binary that holds the fuse wire on each platform', () => {
    const packager = { appInfo: { productFilename: 'Gen Studio' }, executableName: 'gen-studio' }
    const at = (electronPlatformName: string) =>
      electronBinaryPath({ appOutDir: '/o', electronPlatformName, arch: ARCH_X64, packager })
    expect(at('darwin')).toBe(join('/o', 'Gen Studio.app'))
    expect(at('mas')).toBe(join('/o', 'Gen Studio.app'))
    expect(at('win32')).toBe(join('/o', 'Gen Studio.exe'))
    expect(at('linux')).toBe(join('/o', 'gen-studio'))
  })
})

describe('afterPack against a stub binary carrying the fuse wire', () => {
  let dir: string
  const context = () => ({
    appOutDir: dir,
    electronPlatformName: 'linux',
    arch: ARCH_X64,
    packager: { appInfo: { productFilename: 'Gen Studio' }, executableName: 'gen-studio' },
  })
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'fuses-'))
    vi.spyOn(console, 'log').mockImplementation(() => undefined)
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  })
  afterEach(() => {
    vi.restoreAllMocks()
    rmSync(dir, { recursive: true, force: true })
  })

  it('flips the defaults to the policy, and @electron/fuses reads the policy back', async () => {
    const binary = join(dir, 'gen-studio')
    writeFileSync(binary, stubBinary('10110001'))
    expect(await fuseMismatches(binary)).toHaveLength(7)

    await afterPack(context())

    const wire = await getCurrentFuseWire(binary)
    expect(wireString(wire, 8)).toBe('01001100')
    expect(await fuseMismatches(binary)).toEqual([])
  })

  it('leaves fuses newer than the policy (a longer wire) as Electron shipped them', async () => {
    const binary = join(dir, 'gen-studio')
    writeFileSync(binary, stubBinary('101100011'))
    await afterPack(context())
    expect(wireString(await getCurrentFuseWire(binary), 9)).toBe('010011001')
  })

  it('fails the build when the binary has fewer fuses than the policy sets', async () => {
    writeFileSync(join(dir, 'gen-studio'), stubBinary('101100'))
    await expect(afterPack(context())).rejects.toThrow(/not long enough/)
  })

  it('fails the build when the binary has no fuse wire at all', async () => {
    writeFileSync(join(dir, 'gen-studio'), Buffer.from('not electron'))
    await expect(afterPack(context())).rejects.toThrow(/sentinel/)
  })
})
