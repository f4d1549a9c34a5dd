import { join } from 'node:path'

import {
  bindingCandidates,
  chooseBinding,
  electronCacheDir,
  NativeBindingError,
  resolveSqliteBinding,
} from '@main/adapters/sqlite/nativeBinding'
import type { AddonAbi } from '@shared/nativeAbi'
import { describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '..', '..', '..', '..')
const electron = {
  abi: 150,
  electron: '45.4.1',
  platform: 'linux',
  arch: 'x64',
  appRoot: '/app',
  resourcesPath: null,
}

/** chooseBinding with a table of what is on "disk". */
const pick = (
  runtime: Parameters<typeof chooseBinding>[0],
  disk: Record<string, AddonAbi | 'missing'>,
) =>
  chooseBinding(
    runtime,
    bindingCandidates({ ...electron, ...runtime } as never),
    (p) => disk[p] ?? 'missing',
  )

describe('which better-sqlite3 build each runtime loads', () => {
  const cache = join('/app', electronCacheDir('linux', 'x64'), 'better_sqlite3.node')
  const modules = '/app/node_modules/better-sqlite3/build/Release/better_sqlite3.node'
  const packaged = '/res/native/better_sqlite3.node'

  it('Electron from a checkout loads the cached Electron build, never node_modules’ Node build', () => {
    expect(pick(electron, { [cache]: 150, [modules]: 115 })).toBe(cache)
  })

  it('Node (the tests) loads node_modules’ build and ignores the Electron cache', () => {
    const node = { ...electron, abi: 115, electron: null }
    expect(bindingCandidates(node).map((c) => c.path)).toEqual([modules])
    expect(pick(node, { [cache]: 150, [modules]: 115 })).toBe(modules)
  })

  it('a packaged app loads the build in its resources first', () => {
    const app = { ...electron, resourcesPath: '/res' }
    expect(bindingCandidates(app)[0]!.path).toBe(packaged)
    expect(
      chooseBinding(app, bindingCandidates(app), (p) => ({ [packaged]: 150 })[p] ?? 'missing'),
    ).toBe(packaged)
  })

  it('takes node_modules’ build when it was rebuilt for Electron, or is Node-API', () => {
    expect(pick(electron, { [modules]: 150 })).toBe(modules)
    expect(pick(electron, { [modules]: 'napi' })).toBe(modules)
  })

  it('nothing fitting: an error naming what was found, instead of the loader’s message', () => {
    let error: unknown
    try {
      pick(electron, { [cache]: 143, [modules]: 115 })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(NativeBindingError)
    const message = (error as Error).message
    expect(message).toContain('Electron 45.4.1 (NODE_MODULE_VERSION 150)')
    expect(message).toContain('built for NODE_MODULE_VERSION 143')
    expect(message).toContain('built for NODE_MODULE_VERSION 115')
    expect(() => pick(electron, {})).toThrow(/none/)
  })

  it('on this checkout under Node, resolves to the build npm install made', () => {
    const path = resolveSqliteBinding({
      abi: Number(process.versions.modules),
      electron: null,
      platform: process.platform,
      arch: process.arch,
      appRoot: ROOT,
      resourcesPath: null,
    })
    expect(path).toBe(join(ROOT, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node'))
  })
})
