import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

import { type AddonAbi, addonAbi, loadsIn } from '@shared/nativeAbi'

/**
 * better-sqlite3 is a classic addon: a build for Node (NODE_MODULE_VERSION 115 on Node 20) does not
 * load in Electron 45 (150) and the other way round. Instead of rebuilding one copy back and forth,
 * each runtime gets its own build and better-sqlite3's `nativeBinding` option points at the one
 * that fits: Electron's build ships in the package's resources (`native/`), a checkout keeps it in
 * `.cache/native/electron-<platform>-<arch>/` (made by `npm run native`, which `npm start` runs),
 * and plain Node uses the one `npm install` built in node_modules.
 */
export const ADDON_FILE = 'better_sqlite3.node'

/** The cache folder (relative to the checkout) of the Electron build for one platform and arch. */
export const electronCacheDir = (platform: string, arch: string): string =>
  join('.cache', 'native', `electron-${platform}-${arch}`)

export interface BindingCandidate {
  /** Where the build would be; it may not exist. */
  path: string
  /** What it is, for the message when nothing fits. */
  label: string
}

export interface BindingRuntime {
  /** NODE_MODULE_VERSION of the running process. */
  abi: number
  /** Electron's version, or null in plain Node. */
  electron: string | null
  platform: string
  arch: string
  /** The checkout (or app.asar) root: out/main/../.. */
  appRoot: string
  /** Electron's resources folder when packaged, else null. */
  resourcesPath: string | null
}

/** Where a build for this runtime may be, best first. */
export function bindingCandidates(runtime: BindingRuntime): BindingCandidate[] {
  const out: BindingCandidate[] = []
  if (runtime.resourcesPath) {
    out.push({ path: join(runtime.resourcesPath, 'native', ADDON_FILE), label: 'the app package' })
  }
  if (runtime.electron) {
    out.push({
      path: join(runtime.appRoot, electronCacheDir(runtime.platform, runtime.arch), ADDON_FILE),
      label: `the Electron build (${electronCacheDir(runtime.platform, runtime.arch)})`,
    })
  }
  out.push({
    path: join(runtime.appRoot, 'node_modules', 'better-sqlite3', 'build', 'Release', ADDON_FILE),
    label: 'node_modules (built by npm install for Node.js)',
  })
  return out
}

/** A build that does not fit: what was found, and what to do. */
export class NativeBindingError extends Error {
  override readonly name = 'NativeBindingError'
  constructor(
    message: string,
    readonly found: Array<{ label: string; abi: AddonAbi | 'missing' }>,
  ) {
    super(message)
  }
}

/**
 * Picks the first candidate whose ABI stamp fits the runtime. Nothing fitting throws a
 * NativeBindingError that names what was found and what to run, instead of the loader's
 * NODE_MODULE_VERSION message deep inside start-up.
 */
export function chooseBinding(
  runtime: Pick<BindingRuntime, 'abi' | 'electron'>,
  candidates: BindingCandidate[],
  readAbi: (path: string) => AddonAbi | 'missing' = readAddonAbi,
): string {
  const found: Array<{ label: string; abi: AddonAbi | 'missing' }> = []
  for (const c of candidates) {
    const abi = readAbi(c.path)
    found.push({ label: c.label, abi })
    if (abi !== 'missing' && loadsIn(abi, runtime.abi)) return c.path
  }
  const where = runtime.electron ? `Electron ${runtime.electron}` : 'this Node.js'
  const seen = found
    .map(
      (f) =>
        `${f.label}: ${f.abi === 'missing' ? 'none' : `built for NODE_MODULE_VERSION ${f.abi}`}`,
    )
    .join('; ')
  throw new NativeBindingError(
    `The database engine (better-sqlite3) has no build for ${where} (NODE_MODULE_VERSION ${runtime.abi}). Found: ${seen}.`,
    found,
  )
}

/** The ABI stamp of a file on disk, or 'missing'. */
export function readAddonAbi(path: string): AddonAbi | 'missing' {
  if (!existsSync(path)) return 'missing'
  return addonAbi(readFileSync(path).toString('latin1'))
}

/** The build of better-sqlite3 this process must load. */
export function resolveSqliteBinding(runtime: BindingRuntime): string {
  return chooseBinding(runtime, bindingCandidates(runtime))
}
