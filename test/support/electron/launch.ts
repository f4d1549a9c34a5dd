/**
 * The Electron double: runs the BUILT app (out/main/index.js with its real protocol handlers,
 * permission handlers, IPC registration and the BUILT out/preload/index.js) with a stand-in for
 * the `electron` module, and every BrowserWindow as a real Chromium page. See README.md here.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { build } from 'esbuild'
import { type BrowserContext, chromium, type Page } from 'playwright-core'

import { FakeApp, preventable } from './app'
import { type CrashReporterStart, fakeCrashReporter } from './crashReporter'
import { loadMainBundle, type Runtime } from './loader'
import {
  type DialogScript,
  fakeClipboard,
  FakeDialog,
  FakeIpcMain,
  fakeNativeImage,
  fakeNativeTheme,
  fakeNotificationClass,
  FakeSession,
  FakeShell,
} from './modules'
import { fakeAutoUpdater, fakeNet, type NetLogEntry } from './net'
import type { PageConfig } from './page/config'
import { INSECURE_RESOLVER_ARG, type SchemePrivileges, SchemeServer } from './schemes'
import { type FakeUtilityProcess, fakeUtilityProcess } from './utilityProcess'
import { FakeBrowserWindow, type FakeWebContents, type WindowHost } from './windows'
import { decode, toWire, type Wire } from './wire'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const ROOT = join(import.meta.dirname, '..', '..', '..')
export const MAIN_ENTRY = join(ROOT, 'out', 'main', 'index.js')
export const SCREENS_DIR = join(ROOT, 'test-results', 'screens')

/** Flags from DESIGN.md: headless Debian Chromium on a machine with no outside network. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  '--autoplay-policy=no-user-gesture-required',
  // Schemes registered without `secure` are served on a domain Chromium does not trust.
  INSECURE_RESOLVER_ARG,
]

/** Electron 45's runtime: Node 24 with NODE_MODULE_VERSION 150 (node_modules/electron/abi_version). */
export function electronRuntime(): Runtime {
  const pkg = JSON.parse(
    readFileSync(join(ROOT, 'node_modules/electron/package.json'), 'utf8'),
  ) as {
    version: string
  }
  const abi = readFileSync(join(ROOT, 'node_modules/electron/abi_version'), 'utf8').trim()
  return { modules: abi, electron: pkg.version, chrome: '140.0.0.0', node: '24.11.0' }
}

/** The same runtime but with this Node's ABI, so the checkout's native modules load. */
export function nodeAbiRuntime(): Runtime {
  return { ...electronRuntime(), modules: process.versions.modules, node: process.versions.node }
}

let pageRuntime: Promise<string> | null = null
function pageRuntimeSource(): Promise<string> {
  pageRuntime ??= build({
    entryPoints: [join(import.meta.dirname, 'page', 'runtime.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    write: false,
    logLevel: 'silent',
  }).then((r) => r.outputFiles[0]!.text)
  return pageRuntime
}

export interface LaunchOptions {
  /**
   * Run the app from another root (its own out/ and .cache/; node_modules may be a link to the
   * checkout's): see appCopy(). Default: this checkout.
   */
  appRoot?: string
  /** Reuse a folder from an earlier launch (an app restart): same userData, library, profile. */
  dir?: string
  colorScheme?: 'light' | 'dark'
  /** Overrides the size of every window's page. */
  viewport?: { width: number; height: number }
  /** Extra environment for the main process (restored when the app is closed). */
  env?: Record<string, string>
  isPackaged?: boolean
  /**
   * The OS's preferred languages, most preferred first (`app.getPreferredSystemLanguages()`).
   * Default: the comma-separated list in ELECTRON_DOUBLE_LANGUAGES, else `['en-US']`; `['en-XA']`
   * runs the app in the pseudo-locale (issue #34).
   */
  preferredSystemLanguages?: string[]
  /** The runtime the double plays; default: Electron's versions with this Node's ABI. */
  runtime?: Runtime
  dialogs?: Partial<DialogScript>
  /** Wait for the first window's first load (default true). */
  waitForWindow?: boolean
  /**
   * `process.resourcesPath` (https://www.electronjs.org/docs/latest/api/process#processresourcespath-readonly):
   * a packaged app's resources folder, where electron-builder puts app-update.yml. Default: unset.
   */
  resourcesPath?: string
  /** Hears each utility process the app forks, as it is forked (a test may kill one). */
  onUtilityProcess?: (child: FakeUtilityProcess) => void
}

export interface IpcCall {
  channel: string
  payload: unknown
}

export interface ElectronApp {
  /** The first window's page (a new one after a renderer crash and reload). */
  readonly page: Page
  context: BrowserContext
  app: FakeApp
  windows: FakeBrowserWindow[]
  session: FakeSession
  schemes: SchemeServer
  dialog: FakeDialog
  shell: FakeShell
  ipcMain: FakeIpcMain
  notifications: Array<{ title: string; body: string }>
  /** Every IPC invoke from a page: channel and first argument. */
  calls: IpcCall[]
  /** Page errors and console errors (a CSP violation shows up here). */
  pageErrors: string[]
  /** URLs sent to the OS browser (shell.openExternal). */
  opened: string[]
  /** Every request main made through Electron's `net` (the update feed). */
  netLog: NetLogEntry[]
  /** How the app started crashReporter (each start's options). */
  crashReporterStarts: CrashReporterStart[]
  /** Every utility process the app forked (utilityProcess.ts), in order. */
  utilityProcesses: FakeUtilityProcess[]
  dir: string
  userData: string
  home: string
  /** The default library folder (Pictures/Gen Studio under the double's home). */
  libraryDir: string
  /** The privileges the app registered, by scheme. */
  privileges: Map<string, SchemePrivileges>
  /** Calls window.api.<domain>.<verb>(payload) in the page, through the real preload. */
  api<T = unknown>(channel: string, payload?: unknown): Promise<T>
  /** Drops files from "the OS" on an element (real DataTransfer; paths via webUtils). */
  dropFiles(
    selector: string,
    files: Array<{ name: string; bytes: Uint8Array; type?: string; path?: string }>,
    page?: Page,
  ): Promise<void>
  screenshot(name: string): Promise<string>
  /** app.quit() as the user's Quit does; resolves with the exit code once the app is gone. */
  quit(): Promise<number>
  /** Quits and starts the app again on the same folders. */
  restart(options?: Omit<LaunchOptions, 'dir'>): Promise<ElectronApp>
  close(options?: { keepData?: boolean }): Promise<void>
}

/** Starts the built app under the double. */
export async function launchElectronApp(options: LaunchOptions = {}): Promise<ElectronApp> {
  const mainEntry = options.appRoot ? join(options.appRoot, 'out', 'main', 'index.js') : MAIN_ENTRY
  if (!existsSync(mainEntry)) {
    throw new Error(
      'out/main is missing: run `npx electron-vite build` (npm test does this first).',
    )
  }
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install Debian's chromium.`)
  }
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'gen-studio-double-'))
  const home = dir
  const userData = join(dir, 'userData')
  mkdirSync(userData, { recursive: true })
  const schemes = new SchemeServer()
  await schemes.start()
  const runtimeScript = await pageRuntimeSource()
  const context = await chromium.launchPersistentContext(join(dir, 'chromium-profile'), {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
    colorScheme: options.colorScheme ?? 'light',
    viewport: options.viewport ?? { width: 1280, height: 820 },
  })
  const pageErrors: string[] = []
  const calls: IpcCall[] = []
  const notifications: Array<{ title: string; body: string }> = []
  const windows: FakeBrowserWindow[] = []
  const session = new FakeSession()
  const ipcMain = new FakeIpcMain()
  const dialog = new FakeDialog({
    open: [...(options.dialogs?.open ?? [])],
    save: [...(options.dialogs?.save ?? [])],
    messageBox: [...(options.dialogs?.messageBox ?? [])],
  })
  const shell = new FakeShell(join(dir, 'Trash'))
  const blank = context.pages()[0] ?? null
  let blankTaken = false

  const host: WindowHost = {
    created(window) {
      fakeApp.emit('browser-window-created', preventable(), window)
      fakeApp.emit('web-contents-created', preventable(), window.webContents)
    },
    context,
    schemes,
    initScript(prefs) {
      const preload =
        prefs.preload && existsSync(prefs.preload) ? readFileSync(prefs.preload, 'utf8') : null
      const config: PageConfig = {
        schemes: schemes.pageSchemes(),
        prefs: { contextIsolation: prefs.contextIsolation, sandbox: prefs.sandbox },
      }
      // The preload sees the globals of its world (window, globalThis, self) and a sandboxed
      // renderer's require and process as its own parameters.
      const params = 'require, module, exports, window, globalThis, self, process'
      return [
        '(function () {',
        `var __DOUBLE_CONFIG__ = ${JSON.stringify(config)};`,
        `var __DOUBLE_PRELOAD__ = ${preload ? `function (${params}) {\n${preload}\n}` : 'null'};`,
        runtimeScript,
        '})();',
      ].join('\n')
    },
    appSandboxed: () => fakeApp.sandboxEnabled,
    adoptPopup(page, options) {
      return new BrowserWindow(options, page)
    },
    async applyPermissions(contents, url) {
      const origin = new URL(url).origin
      const appOrigin = schemes.fromHttp(`${origin}/`).replace(/\/$/, '')
      const appUrl = schemes.fromHttp(url)
      const map: Array<[string, string[]]> = [
        ['clipboard-sanitized-write', ['clipboard-write']],
        ['clipboard-read', ['clipboard-read']],
        ['notifications', ['notifications']],
        ['geolocation', ['geolocation']],
        ['media', ['camera', 'microphone']],
      ]
      const grants: string[] = []
      for (const [permission, chromiumNames] of map) {
        if (await session.decide(contents, permission, appOrigin, appUrl))
          grants.push(...chromiumNames)
      }
      await context.clearPermissions()
      // Chromium grants powerful features only to secure contexts (a scheme registered without
      // `secure` is not one), as Electron's renderer does: there is nothing to grant there.
      if (grants.length > 0) await context.grantPermissions(grants, { origin }).catch(() => {})
    },
    windowClosed(window) {
      const i = windows.indexOf(window)
      if (i >= 0) windows.splice(i, 1)
      if (windows.length === 0) void fakeApp.lastWindowClosed()
    },
    takeBlankPage() {
      if (blankTaken || !blank) return null
      blankTaken = true
      return blank
    },
    onPageError(message) {
      pageErrors.push(message)
    },
  }

  const fakeApp = new FakeApp(
    {
      userData,
      home,
      name: 'Gen Studio',
      version: (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string })
        .version,
      isPackaged: options.isPackaged ?? false,
      preferredSystemLanguages: options.preferredSystemLanguages ?? systemLanguagesFromEnv(),
    },
    {
      async closeAllWindows() {
        for (const w of [...windows]) if (!(await w.requestClose())) return false
        return true
      },
      async destroyAllWindows() {
        for (const w of [...windows]) await w.destroyPage()
      },
      windowCount: () => windows.length,
    },
  )

  const contentsOf = (page: Page): FakeWebContents | undefined =>
    windows.find((w) => w.webContents.page === page)?.webContents
  await context.exposeBinding(
    '__electronDouble_invoke',
    async (source, channel: string, wire: Wire) => {
      const contents = contentsOf(source.page)
      const handler = ipcMain.handlers.get(channel)
      const args = decode(wire) as unknown[]
      calls.push({ channel, payload: args[0] })
      if (!contents || !handler) return { error: `Error: No handler registered for '${channel}'` }
      const frameUrl = schemes.fromHttp(source.frame.url())
      const event = {
        sender: contents,
        senderFrame: { url: frameUrl, origin: new URL(frameUrl).origin, routingId: 1 },
        processId: 1,
        frameId: 1,
      }
      try {
        return { ok: toWire(await handler(event, ...args)) }
      } catch (e) {
        return { error: String(e) }
      }
    },
  )
  await context.exposeBinding('__electronDouble_send', (source, channel: string, wire: Wire) => {
    const contents = contentsOf(source.page)
    const event = {
      sender: contents,
      senderFrame: { url: schemes.fromHttp(source.frame.url()) },
      reply: (c: string, ...a: unknown[]) => contents?.send(c, ...a),
    }
    ipcMain.emit(channel, event, ...(decode(wire) as unknown[]))
  })
  await context.exposeBinding(
    '__electronDouble_permission',
    async (source, permission: string, details: Record<string, unknown>) => {
      const contents = contentsOf(source.page)
      const url = schemes.fromHttp(source.frame.url())
      return session.request(contents, permission, new URL(url).origin, url, details)
    },
  )

  const Notification = fakeNotificationClass(notifications)
  const allContents = () => windows.map((w) => w.webContents)
  class BrowserWindow extends FakeBrowserWindow {
    constructor(opts: Record<string, unknown> = {}, adopt: Page | null = null) {
      super(host, session, opts, adopt)
      windows.push(this)
      void this.whenAttached().then(() => {
        if (options.viewport) void this.webContents.page.setViewportSize(options.viewport)
      })
    }
    static getAllWindows = () => [...windows]
    static fromWebContents = (c: unknown) => windows.find((w) => w.webContents === c) ?? null
    static getFocusedWindow = () => windows[0] ?? null
    static fromId = (id: number) => windows.find((w) => w.id === id) ?? null
  }
  const registered = new Set<string>()
  const net = fakeNet()
  const crashReporter = fakeCrashReporter()
  const utilityProcess = fakeUtilityProcess(() => fakeApp.isReady(), options.onUtilityProcess)
  const electron = {
    net,
    autoUpdater: fakeAutoUpdater(),
    app: fakeApp,
    BrowserWindow,
    ipcMain,
    dialog,
    shell,
    Notification,
    nativeTheme: fakeNativeTheme(options.colorScheme === 'dark'),
    nativeImage: fakeNativeImage,
    clipboard: fakeClipboard(),
    session: { defaultSession: session, fromPartition: () => session },
    webContents: {
      fromId: (id: number) => allContents().find((c) => c.id === id),
      getAllWebContents: allContents,
      getFocusedWebContents: () => allContents()[0] ?? null,
    },
    protocol: {
      /** "This method can only be used before the ready event of the app module gets emitted and can be called only once." */
      registerSchemesAsPrivileged(
        custom: Array<{ scheme: string; privileges?: SchemePrivileges }>,
      ): void {
        if (fakeApp.isReady()) {
          throw new Error(
            'protocol.registerSchemesAsPrivileged should be called before app is ready',
          )
        }
        if (registered.size > 0)
          throw new Error('registerSchemesAsPrivileged can be called only once')
        for (const { scheme, privileges } of custom) {
          registered.add(scheme)
          schemes.privileges.set(scheme, { ...privileges })
        }
      },
      handle(scheme: string, handler: (r: Request) => Response | Promise<Response>): void {
        if (!fakeApp.isReady()) throw new Error('protocol.handle must be called after app is ready')
        if (schemes.handlers.has(scheme)) throw new Error(`The scheme ${scheme} is already handled`)
        if (!schemes.privileges.has(scheme)) {
          // An unregistered scheme is not a standard, secure or fetchable scheme in Electron.
          schemes.privileges.set(scheme, {})
        }
        schemes.handlers.set(scheme, handler)
      },
      unhandle(scheme: string): void {
        schemes.handlers.delete(scheme)
      },
      isProtocolHandled: (scheme: string) => schemes.handlers.has(scheme),
    },
    screen: {
      getPrimaryDisplay: () => ({ workAreaSize: { width: 1920, height: 1080 }, scaleFactor: 1 }),
    },
    Menu: { setApplicationMenu: () => {}, buildFromTemplate: () => ({}) },
    crashReporter,
    utilityProcess,
  }

  const env = options.env ?? {}
  const savedEnv: Record<string, string | undefined> = {}
  for (const [k, v] of Object.entries(env)) {
    savedEnv[k] = process.env[k]
    process.env[k] = v
  }
  const savedResources = Object.getOwnPropertyDescriptor(process, 'resourcesPath')
  if (options.resourcesPath)
    Object.defineProperty(process, 'resourcesPath', {
      value: options.resourcesPath,
      configurable: true,
      writable: false,
    })
  const restoreEnv = () => {
    for (const [k, v] of Object.entries(savedEnv)) {
      if (v === undefined) delete process.env[k]
      else process.env[k] = v
    }
    if (savedResources) Object.defineProperty(process, 'resourcesPath', savedResources)
    else delete (process as { resourcesPath?: string }).resourcesPath
  }

  const runtime = options.runtime ?? nodeAbiRuntime()
  let restoreRuntime: () => void = () => {}
  let loadError: unknown = null
  try {
    restoreRuntime = loadMainBundle(mainEntry, electron, runtime)
  } catch (e) {
    loadError = e
  }
  if (loadError) {
    restoreEnv()
    await context.close()
    await schemes.close()
    throw loadError
  }
  // Electron emits `ready` once the main script has run.
  setImmediate(() => fakeApp.markReady())

  const firstWindow = async (): Promise<FakeBrowserWindow | null> => {
    const deadline = Date.now() + 30_000
    while (Date.now() < deadline) {
      if (fakeApp.exitCode !== null) return null
      const w = windows[0]
      if (w) {
        await w.whenAttached()
        return w
      }
      await new Promise((r) => setTimeout(r, 20))
    }
    throw new Error('the app opened no window within 30 s')
  }

  let closed = false
  const teardown = async ({ keepData = false } = {}) => {
    if (closed) return
    closed = true
    // Electron ends its utility processes with the app; the double's are this process's children.
    for (const child of utilityProcess.forked) child.kill()
    restoreRuntime()
    restoreEnv()
    await context.close().catch(() => {})
    await schemes.close()
    if (!keepData) rmSync(dir, { recursive: true, force: true })
  }

  const self: ElectronApp = {
    get page(): Page {
      const page = windows[0]?.webContents.page
      if (!page) throw new Error('the app has no window')
      return page
    },
    context,
    app: fakeApp,
    windows,
    session,
    schemes,
    dialog,
    shell,
    ipcMain,
    notifications,
    calls,
    pageErrors,
    opened: shell.opened,
    netLog: net.log,
    crashReporterStarts: crashReporter.started,
    utilityProcesses: utilityProcess.forked,
    dir,
    userData,
    home,
    libraryDir: join(home, 'Pictures', 'Gen Studio'),
    privileges: schemes.privileges,
    async api<T>(channel: string, payload: unknown = {}) {
      const [domain, verb] = channel.split(':') as [string, string]
      const result = await self.page.evaluate(
        async ([d, v, p]) => {
          const api = (
            window as unknown as {
              api: Record<string, Record<string, (p: unknown) => Promise<unknown>>>
            }
          ).api
          return api[d]![v]!(p)
        },
        [domain, verb, payload] as const,
      )
      return result as T
    },
    async dropFiles(selector, files, page = self.page) {
      await page.evaluate(
        ({ selector, list }) => {
          const dt = new DataTransfer()
          const double = (
            window as unknown as {
              __electronDouble: { registerPath(f: File, p: string): void }
            }
          ).__electronDouble
          for (const f of list) {
            const bytes = Uint8Array.from(atob(f.b64), (c) => c.charCodeAt(0))
            const file = new File([bytes], f.name, { type: f.type })
            if (f.path) double.registerPath(file, f.path)
            dt.items.add(file)
          }
          const target = document.querySelector(selector)
          if (!target) throw new Error(`No drop target ${selector}`)
          for (const type of ['dragenter', 'dragover', 'drop']) {
            target.dispatchEvent(
              new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }),
            )
          }
        },
        {
          selector,
          list: files.map((f) => ({
            name: f.name,
            b64: Buffer.from(f.bytes).toString('base64'),
            type: f.type ?? '',
            path: f.path,
          })),
        },
      )
    },
    async screenshot(name) {
      mkdirSync(SCREENS_DIR, { recursive: true })
      const path = join(SCREENS_DIR, `${name}.png`)
      await self.page.screenshot({ path, fullPage: true })
      return path
    },
    async quit() {
      fakeApp.quit()
      return Promise.race([
        fakeApp.exited,
        new Promise<number>((_, reject) =>
          setTimeout(() => reject(new Error('the app did not quit within 30 s')), 30_000),
        ),
      ])
    },
    async restart(next = {}) {
      await self.quit().catch(() => {})
      await teardown({ keepData: true })
      return launchElectronApp({ ...options, ...next, dir })
    },
    async close({ keepData = false } = {}) {
      if (fakeApp.exitCode === null) await self.quit().catch(() => fakeApp.exit(0))
      await teardown({ keepData })
    },
  }

  if (options.waitForWindow !== false) {
    const w = await firstWindow()
    if (w) {
      await new Promise<void>((resolve) => {
        const done = () => resolve()
        w.webContents.once('did-finish-load', done)
        w.webContents.once('did-fail-load', done)
        void fakeApp.exited.then(done)
        if (w.webContents.page.url().startsWith('http')) done()
      })
    }
  }
  return self
}

/**
 * A copy of the built app in a temp folder (out/ copied, node_modules linked to the checkout's),
 * for tests that change what sits beside it (.cache/native builds, missing files) without
 * touching the checkout.
 */
export function appCopy(): string {
  const root = mkdtempSync(join(tmpdir(), 'gen-studio-app-'))
  cpSync(join(ROOT, 'out'), join(root, 'out'), { recursive: true })
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'), 'junction')
  writeFileSync(join(root, 'package.json'), readFileSync(join(ROOT, 'package.json')))
  return root
}

/** The first window's page once it exists (for launches with waitForWindow: false). */
export async function pageOf(app: ElectronApp, timeoutMs = 30_000): Promise<Page> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const w = app.windows[0]
    if (w) {
      await w.whenAttached()
      return w.webContents.page
    }
    await new Promise((r) => setTimeout(r, 20))
  }
  throw new Error('no window')
}

/** ELECTRON_DOUBLE_LANGUAGES ("ja-JP,en-US"): the OS languages every launch plays by default. */
function systemLanguagesFromEnv(): string[] {
  const list = (process.env.ELECTRON_DOUBLE_LANGUAGES ?? '')
    .split(',')
    .map((l) => l.trim())
    .filter(Boolean)
  return list.length > 0 ? list : ['en-US']
}
