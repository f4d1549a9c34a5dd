import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'

import asar from '@electron/asar'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * The package check must be able to fail: a hand-made "release" with every mistake the check
 * exists for (fuses left at Electron's defaults, sources and TypeScript in app.asar, a native
 * module packed inside the archive, a main-process dependency missing, scripts kept in
 * package.json) is rejected, with each problem named.
 */
const root = join(import.meta.dirname, '..', '..')
let work: string
let status: number | null
let problems: string[]

function write(path: string, content: string | Buffer) {
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, content)
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'gen-studio-bad-pack-'))
  const app = join(work, 'app')
  write(
    join(app, 'package.json'),
    JSON.stringify({ name: 'gen-studio', main: './out/main/index.js', scripts: { x: 'y' } }),
  )
  write(
    join(app, 'out', 'main', 'index.js'),
    'require("left-pad"); require("node:fs"); require("electron")\n',
  )
  write(join(app, 'out', 'renderer', 'index.html'), '<!doctype html>')
  write(join(app, 'src', 'main', 'index.ts'), 'export {}\n')
  // A chunk main loads later requires a package that is not packaged either.
  write(join(app, 'out', 'main', 'chunks', 'boot-x.js'), 'require("right-pad")\n')
  // The renderer's React shipped again as node_modules (build-time only in package-lock.json).
  write(join(app, 'node_modules', 'react-dom', 'package.json'), '{"name":"react-dom"}')
  // 11 MB of something in the archive: over the 10 MB limit. Model files of the local upscale
  // are not counted (12 MB here would push it further over).
  write(join(app, 'out', 'renderer', 'big.bin'), Buffer.alloc(11 * 1024 * 1024, 1))
  write(
    join(app, 'node_modules', '@upscalerjs', 'esrgan-slim', 'models', 'x4', 'group1-shard1of1.bin'),
    Buffer.alloc(12 * 1024 * 1024, 2),
  )
  write(join(app, 'node_modules', 'keytar', 'package.json'), '{}')
  write(join(app, 'node_modules', 'keytar', 'build', 'Release', 'keytar.node'), Buffer.alloc(64))
  const appOutDir = join(work, 'release', 'linux-unpacked')
  mkdirSync(join(appOutDir, 'resources'), { recursive: true })
  // better-sqlite3 built for Node (115), not for the packaged Electron.
  write(join(appOutDir, 'resources', 'native', 'better_sqlite3.node'), 'node_register_module_v115')
  await asar.createPackage(app, join(appOutDir, 'resources', 'app.asar'))
  const wire = Buffer.concat([
    Buffer.from('dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'),
    Buffer.from([1, 8]),
    Buffer.from('10110001'),
  ])
  writeFileSync(join(appOutDir, 'gen-studio'), wire)

  const result = spawnSync(
    process.execPath,
    [join(root, 'scripts', 'package-check.mjs'), 'verify', join(work, 'release')],
    {
      cwd: root,
      encoding: 'utf8',
    },
  )
  status = result.status
  problems = JSON.parse(readFileSync(join(work, 'release', 'package-check.json'), 'utf8'))[0]
    .problems
})

afterAll(() => rmSync(work, { recursive: true, force: true }))

describe('scripts/package-check.mjs verify on a bad package', () => {
  it('exits non-zero', () => {
    expect(status).toBe(1)
  })

  it('names every fuse left at its default', () => {
    for (const fuse of [
      'RunAsNode is 1',
      'EnableCookieEncryption is 0',
      'EnableNodeOptionsEnvironmentVariable is 1',
      'EnableNodeCliInspectArguments is 1',
      'EnableEmbeddedAsarIntegrityValidation is 0',
      'OnlyLoadAppFromAsar is 0',
      'GrantFileProtocolExtraPrivileges is 1',
    ]) {
      expect(
        problems.some((p) => p.includes(fuse)),
        fuse,
      ).toBe(true)
    }
  })

  it('names sources, TypeScript, missing bundles, packed natives, missing dependencies and kept scripts', () => {
    const expected = [
      /app\.asar holds src/,
      /TypeScript files, e\.g\. src\/main\/index\.ts/,
      /lacks out\/preload\/index\.js/,
      /keytar\.node is inside app\.asar, must be unpacked/,
      /native\/better_sqlite3\.node is built for NODE_MODULE_VERSION 115, Electron needs \d+/,
      /no sharp native binary/,
      /out\/main requires left-pad, which is not packaged/,
      /out\/main requires right-pad, which is not packaged/,
      /app\.asar ships react-dom, a build-time package/,
      /app\.asar is 11\.\d MB, over the 10\.0 MB limit/,
      /keeps "scripts"/,
    ]
    for (const pattern of expected)
      expect(
        problems.some((p) => pattern.test(p)),
        String(pattern),
      ).toBe(true)
    expect(problems.some((p) => /requires (electron|node:fs|fs)\b/.test(p))).toBe(false)
  })
})

describe('package size limits', () => {
  it('count neither the upscale model files nor anything under the limits', async () => {
    const { isUpscaleModelFile, sizeProblems, SIZE_LIMITS } = await import(
      pathToFileURL(join(root, 'scripts', 'package-check.mjs')).href
    )
    expect(SIZE_LIMITS).toEqual({ asar: 10 * 1024 * 1024, unpacked: 40 * 1024 * 1024 })
    expect(isUpscaleModelFile('node_modules/@upscalerjs/esrgan-thick/models/x4/model.json')).toBe(
      true,
    )
    expect(isUpscaleModelFile('node_modules/sharp/lib/index.js')).toBe(false)
    expect(
      sizeProblems({ asarBytes: SIZE_LIMITS.asar, unpackedBytes: SIZE_LIMITS.unpacked }),
    ).toEqual([])
    expect(sizeProblems({ asarBytes: 1, unpackedBytes: 41 * 1024 * 1024 })).toEqual([
      'app.asar.unpacked is 41.0 MB, over the 40.0 MB limit',
    ])
  })
})
