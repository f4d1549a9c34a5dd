/**
 * Loads the BUILT main bundle (out/main/index.js) the way Electron does, with `require('electron')`
 * answered by the double, and the runtime rules Electron applies to native modules.
 *
 * Electron 45 runs Node 24 with NODE_MODULE_VERSION 150 (node_modules/electron/abi_version). A
 * classic (non-Node-API) addon built for another ABI is refused by Node's loader with the message
 * reproduced below (node/src/node_binding.cc), so when the double plays a runtime whose ABI
 * differs from this Node's, it applies that rule itself before the real dlopen. Node-API addons
 * (`napi_register_module_v1`) load in any runtime.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, sep } from 'node:path'

const nodeRequire = createRequire(import.meta.url)

const Module = nodeRequire('node:module') as {
  _load(request: string, parent: { filename?: string } | null, isMain: boolean): unknown
}

interface Loaded {
  root: string
  electron: unknown
}
let current: Loaded | null = null
/**
 * Dependencies of the app that require('electron') themselves at run time (electron-updater reads
 * `app`, `net`, `session` and `autoUpdater` from it): the double answers them too, and forgets
 * them between launches (each launch is a new process, with its own updater singleton).
 */
const RUNTIME_PACKAGES = ['electron-updater']
let hooked = false

function hook(): void {
  if (hooked) return
  hooked = true
  const load = Module._load
  Module._load = function (request, parent) {
    if (
      request === 'electron' &&
      current &&
      parent?.filename &&
      (parent.filename.startsWith(current.root + sep) ||
        RUNTIME_PACKAGES.some((pkg) =>
          parent.filename!.includes(`${sep}node_modules${sep}${pkg}${sep}`),
        ))
    ) {
      return current.electron
    }
    // eslint-disable-next-line prefer-rest-params
    return load.apply(this, arguments as unknown as [string, { filename?: string } | null, boolean])
  }
}

/** What ABI a `.node` file was built for: a number, 'napi', or null when it is not an addon. */
export function addonAbiOf(file: string): number | 'napi' | null {
  const text = readFileSync(file).toString('latin1')
  const classic = /node_register_module_v(\d+)/.exec(text)
  if (classic) return Number(classic[1])
  if (text.includes('napi_register_module_v1')) return 'napi'
  return null
}

export interface Runtime {
  /** process.versions.modules of the runtime being played (Electron 45: '150'). */
  modules: string
  electron: string
  chrome: string
  node: string
}

let dlopenRestore: (() => void) | null = null

function playRuntime(runtime: Runtime): () => void {
  const saved = { ...process.versions }
  const define = (k: string, v: string) =>
    Object.defineProperty(process.versions, k, { value: v, configurable: true, enumerable: true })
  define('electron', runtime.electron)
  define('chrome', runtime.chrome)
  const realAbi = saved.modules
  if (runtime.modules !== realAbi) {
    define('modules', runtime.modules)
    const dlopen = process.dlopen
    process.dlopen = function (_module: unknown, filename: string) {
      const abi = addonAbiOf(filename)
      if (typeof abi === 'number' && String(abi) !== runtime.modules) {
        throw Object.assign(
          new Error(
            `The module '${filename}'\nwas compiled against a different Node.js version using\n` +
              `NODE_MODULE_VERSION ${abi}. This version of Node.js requires\n` +
              `NODE_MODULE_VERSION ${runtime.modules}. Please try re-compiling or re-installing\n` +
              'the module (for instance, using `npm rebuild` or `npm install`).',
          ),
          { code: 'ERR_DLOPEN_FAILED' },
        )
      }
      // eslint-disable-next-line prefer-rest-params -- the loader passes flags only sometimes
      return (dlopen as (...a: unknown[]) => unknown).apply(process, [...arguments])
    } as typeof process.dlopen
    // Addons this worker already loaded would come back from require's cache without a dlopen.
    for (const key of Object.keys(nodeRequire.cache)) {
      if (key.endsWith('.node')) delete nodeRequire.cache[key]
    }
    dlopenRestore = () => {
      process.dlopen = dlopen
    }
  }
  return () => {
    for (const k of ['electron', 'chrome', 'modules']) {
      if (k in saved) define(k, saved[k as keyof typeof saved] as string)
      else delete (process.versions as Record<string, string>)[k]
    }
    dlopenRestore?.()
    dlopenRestore = null
  }
}

/**
 * Evaluates the main bundle with `electron` bound to the double's module. Returns a function that
 * restores the process (versions, dlopen) once the app is gone. Each call loads a fresh copy, as a
 * new process would.
 */
export function loadMainBundle(entry: string, electron: unknown, runtime: Runtime): () => void {
  hook()
  const root = dirname(dirname(entry))
  for (const key of Object.keys(nodeRequire.cache)) {
    if (
      key.startsWith(root + sep) ||
      RUNTIME_PACKAGES.some((pkg) => key.includes(`${sep}node_modules${sep}${pkg}${sep}`))
    )
      delete nodeRequire.cache[key]
  }
  current = { root, electron }
  const restore = playRuntime(runtime)
  try {
    nodeRequire(entry)
  } catch (e) {
    restore()
    throw e
  }
  return () => {
    restore()
    if (current?.electron === electron) current = null
  }
}
