import { readFileSync } from 'node:fs'
import { join } from 'node:path'

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

/**
 * src/main/index.ts wires the checklist together at start-up. Electron is a fake that records what
 * the app registers; the container and IPC layers are stand-ins (they have their own tests), while
 * the window, session and protocol hardening are the real modules.
 */
type Handler = (...args: unknown[]) => unknown
const electron = vi.hoisted(() => {
  const state = {
    isPackaged: true,
    appListeners: new Map<string, Handler>(),
    privileged: [] as Array<{ scheme: string; privileges: Record<string, boolean> }>,
    handled: new Map<string, Handler>(),
    windows: [] as Array<{ options: Record<string, unknown>; url?: string }>,
    calls: [] as string[],
    session: {
      request: undefined as Handler | undefined,
      check: undefined as Handler | undefined,
      device: undefined as Handler | undefined,
    },
    openExternal: vi.fn(async () => undefined),
    crashReporterStarts: [] as Array<Record<string, unknown>>,
  }
  return state
})

vi.mock('electron', () => {
  const s = electron
  return {
    app: {
      get isPackaged() {
        return s.isPackaged
      },
      enableSandbox: () => s.calls.push('enableSandbox'),
      setAppUserModelId: (id: string) => s.calls.push(`setAppUserModelId ${id}`),
      requestSingleInstanceLock: () => true,
      quit: vi.fn(),
      on: (name: string, fn: Handler) => s.appListeners.set(name, fn),
      whenReady: () => {
        s.calls.push('whenReady')
        return Promise.resolve()
      },
      getPath: (name: string) => `/tmp/fake-${name}`,
      getPreferredSystemLanguages: () => ['en-US'],
      getName: () => 'Gen Studio',
      exit: vi.fn(),
    },
    Menu: {
      buildFromTemplate: (template: unknown[]) => ({ template }),
      setApplicationMenu: () => s.calls.push('setApplicationMenu'),
    },
    protocol: {
      registerSchemesAsPrivileged: (schemes: typeof s.privileged) => {
        s.calls.push('registerSchemesAsPrivileged')
        s.privileged.push(...schemes)
      },
      handle: (scheme: string, fn: Handler) => s.handled.set(scheme, fn),
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (fn: Handler) => (s.session.request = fn),
        setPermissionCheckHandler: (fn: Handler) => (s.session.check = fn),
        setDevicePermissionHandler: (fn: Handler) => (s.session.device = fn),
      },
    },
    shell: { openExternal: s.openExternal },
    crashReporter: {
      start: (options: Record<string, unknown>) => {
        s.calls.push('crashReporter.start')
        s.crashReporterStarts.push(options)
      },
    },
    dialog: { showErrorBox: vi.fn() },
    BrowserWindow: Object.assign(
      vi.fn(function (options: Record<string, unknown>) {
        const record: { options: Record<string, unknown>; url?: string } = { options }
        s.windows.push(record)
        return {
          once: vi.fn(),
          show: vi.fn(),
          isDestroyed: () => false,
          destroy: vi.fn(),
          isVisible: () => false,
          webContents: { on: vi.fn() },
          loadURL: vi.fn(async (url: string) => {
            record.url = url
          }),
        }
      }),
      { getAllWindows: () => [] },
    ),
  }
})

const ipc = vi.hoisted(() => ({
  options: undefined as undefined | { isTrustedUrl(url: string): boolean },
}))
vi.mock('@main/ipc/register', () => ({
  registerIpc: (_handlers: unknown, options: { isTrustedUrl(url: string): boolean }) => {
    ipc.options = options
    return () => undefined
  },
}))
vi.mock('@main/ipc/handlers', () => ({ createHandlers: () => ({}) }))
vi.mock('@main/electronPlatform', () => ({ createElectronPlatform: () => ({}) }))
vi.mock('@main/adapters/secrets/KeytarSecretStore', () => ({
  KeytarSecretStore: class {},
}))
vi.mock('@main/container', () => {
  // Any service, any method: the lifecycle code may grow without this test knowing each call.
  const anything: () => unknown = () =>
    new Proxy(function () {}, {
      get: (_t, key) => (key === 'then' ? undefined : anything()),
      apply: () => anything(),
    })
  return { createContainer: () => anything() }
})

async function start(options: { packaged: boolean; devUrl?: string }) {
  vi.resetModules()
  Object.assign(electron, {
    isPackaged: options.packaged,
    privileged: [],
    calls: [],
    windows: [],
    crashReporterStarts: [],
  })
  electron.appListeners.clear()
  electron.handled.clear()
  if (options.devUrl) vi.stubEnv('ELECTRON_RENDERER_URL', options.devUrl)
  ipc.options = undefined
  await import('@main/index')
  // The services (boot.ts) load after the window, from a chunk of their own: start-up is over
  // when they have registered IPC.
  await vi.waitFor(() => {
    if (!ipc.options) throw new Error('IPC is not registered yet')
  })
}

afterEach(() => vi.unstubAllEnvs())

describe('main process start-up (packaged)', () => {
  beforeEach(() => start({ packaged: true, devUrl: 'http://localhost:5173' }))

  it('enables the sandbox for every renderer and registers schemes before the app is ready', () => {
    expect(electron.calls.filter((c) => c !== 'crashReporter.start').slice(0, 3)).toEqual([
      'registerSchemesAsPrivileged',
      'enableSandbox',
      'whenReady',
    ])
  })

  it('starts the crash reporter before the app is ready, with uploads off', () => {
    expect(electron.calls.indexOf('crashReporter.start')).toBeLessThan(
      electron.calls.indexOf('whenReady'),
    )
    expect(electron.crashReporterStarts).toEqual([{ uploadToServer: false }])
  })

  it('registers the app and media schemes as secure standard schemes that never bypass CSP', () => {
    expect(electron.privileged.map((s) => s.scheme).sort()).toEqual(['app', 'gen-media'])
    for (const { scheme, privileges } of electron.privileged) {
      expect(privileges, scheme).toMatchObject({ standard: true, secure: true })
      expect(privileges.bypassCSP, scheme).toBeFalsy()
      expect(privileges.allowServiceWorkers, scheme).toBeFalsy()
    }
    const of = (name: string) => electron.privileged.find((s) => s.scheme === name)!.privileges
    // Only the media scheme answers CORS requests: the library's <video crossOrigin> needs it
    // (Electron fails CORS requests to a custom scheme without corsEnabled); the app's own pages
    // are never fetched cross-origin.
    expect(of('gen-media')).toMatchObject({
      corsEnabled: true,
      stream: true,
      supportFetchAPI: true,
    })
    expect(of('app').corsEnabled).toBeFalsy()
  })

  it('loads the window from app://gen-studio/, ignoring ELECTRON_RENDERER_URL in a packaged app', () => {
    expect(electron.windows).toHaveLength(1)
    expect(electron.windows[0]!.url).toBe('app://gen-studio/')
    expect(electron.windows[0]!.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    })
  })

  it('trusts IPC only from frames of app://gen-studio', () => {
    const trusted = ipc.options!.isTrustedUrl
    expect(trusted('app://gen-studio/index.html')).toBe(true)
    // Node gives app:, file:, data: and about: URLs the same opaque origin ("null"): none of them
    // may pass for the app.
    const hostile = [
      'http://localhost:5173/',
      'app://other/index.html',
      'app:///index.html',
      'file:///index.html',
    ]
    hostile.push(
      'data:text/html,<b>x</b>',
      'about:blank',
      'javascript:alert(1)',
      'gen-media://original/x',
    )
    for (const url of [
      ...hostile,
      'https://gen-studio/',
      'app://gen-studio.evil/',
      '',
      'nonsense',
    ]) {
      expect(trusted(url), url).toBe(false)
    }
  })

  it('serves app:// from the built renderer and refuses traversal', async () => {
    const serve = electron.handled.get('app')!
    const response = (await serve(
      new Request('app://gen-studio/..%2F..%2Fpackage.json'),
    )) as Response
    expect(response.status).toBe(404)
    expect(electron.handled.has('gen-media')).toBe(true)
  })

  it('hardens the default session: permissions denied but clipboard writes from the app itself', () => {
    const callback = vi.fn()
    electron.session.request!({}, 'media', callback, { requestingUrl: 'app://gen-studio/' })
    expect(callback).toHaveBeenCalledWith(false)
    expect(electron.session.check!({}, 'notifications', 'app://gen-studio', {})).toBe(false)
    expect(electron.session.check!({}, 'clipboard-sanitized-write', 'app://gen-studio', {})).toBe(
      true,
    )
    expect(electron.session.check!({}, 'clipboard-sanitized-write', 'file://', {})).toBe(false)
    expect(electron.session.device!({})).toBe(false)
  })

  it('hardens every web contents created: navigation cancelled, windows denied, links to the browser', () => {
    const listeners = new Map<string, Handler>()
    let windowOpen: Handler | undefined
    const contents = {
      on: (name: string, fn: Handler) => listeners.set(name, fn),
      setWindowOpenHandler: (fn: Handler) => (windowOpen = fn),
    }
    electron.appListeners.get('web-contents-created')!({}, contents)
    const event = { preventDefault: vi.fn() }
    listeners.get('will-navigate')!(event, 'https://example.com/help')
    expect(event.preventDefault).toHaveBeenCalled()
    expect(electron.openExternal).toHaveBeenCalledWith('https://example.com/help')
    expect(windowOpen!({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' })
    expect(electron.openExternal).not.toHaveBeenCalledWith('file:///etc/passwd')
    expect(listeners.has('will-attach-webview')).toBe(true)
  })
})

describe('main process start-up (development)', () => {
  it('uses the dev server only when not packaged, and then trusts only that origin', async () => {
    await start({ packaged: false, devUrl: 'http://localhost:5173' })
    expect(electron.windows[0]!.url).toBe('http://localhost:5173')
    expect(ipc.options!.isTrustedUrl('http://localhost:5173/src/main.tsx')).toBe(true)
    expect(ipc.options!.isTrustedUrl('app://gen-studio/')).toBe(false)
    expect(ipc.options!.isTrustedUrl('http://localhost:5174/')).toBe(false)
  })
})

describe('main process start-up on Windows', () => {
  it('sets the AppUserModelId to electron-builder’s appId (notifications, taskbar grouping)', async () => {
    const platform = Object.getOwnPropertyDescriptor(process, 'platform')!
    Object.defineProperty(process, 'platform', { value: 'win32' })
    try {
      await start({ packaged: true })
    } finally {
      Object.defineProperty(process, 'platform', platform)
    }
    const appId = /^appId: (.+)$/m.exec(
      readFileSync(join(import.meta.dirname, '..', '..', 'electron-builder.yml'), 'utf8'),
    )![1]
    expect(electron.calls).toContain(`setAppUserModelId ${appId}`)
  })

  it('does not on other systems', async () => {
    await start({ packaged: true })
    expect(electron.calls.some((c) => c.startsWith('setAppUserModelId'))).toBe(
      process.platform === 'win32',
    )
  })
})
