import { beforeEach, describe, expect, it, type Mock, vi } from 'vitest'

const constructed: Array<{ options: Record<string, unknown>; loadURL: ReturnType<typeof vi.fn> }> =
  []
vi.mock('electron', () => ({
  BrowserWindow: vi.fn(function (this: Record<string, unknown>, options: Record<string, unknown>) {
    const instance = {
      options,
      loadURL: vi.fn(async () => undefined),
      once: vi.fn(),
      show: vi.fn(),
      isDestroyed: () => false,
      isVisible: () => false,
      webContents: { on: vi.fn() },
    }
    constructed.push(instance)
    return instance
  }),
}))

import { createMainWindow } from '@main/windows/mainWindow'
import { hardenSession, hardenWebContents, secureWebPreferences } from '@main/windows/security'
import type { Session, WebContents } from 'electron'

/**
 * The Electron security checklist for windows and sessions
 * (https://www.electronjs.org/docs/latest/tutorial/security), asserted on the objects we hand to
 * Electron.
 */

/** Every webPreference key we allow; anything new must be reviewed here before it ships. */
const REVIEWED_KEYS = [
  'preload',
  'contextIsolation',
  'sandbox',
  'nodeIntegration',
  'nodeIntegrationInWorker',
  'nodeIntegrationInSubFrames',
  'webSecurity',
  'allowRunningInsecureContent',
  'experimentalFeatures',
  'webviewTag',
  'navigateOnDragDrop',
  'safeDialogs',
  'spellcheck',
  'disableBlinkFeatures',
]

describe('webPreferences of every window', () => {
  const prefs = secureWebPreferences('/app/out/preload/index.js')

  it('isolates the page: context isolation, sandbox, no Node anywhere', () => {
    expect(prefs.contextIsolation).toBe(true)
    expect(prefs.sandbox).toBe(true)
    expect(prefs.nodeIntegration).toBe(false)
    expect(prefs.nodeIntegrationInWorker).toBe(false)
    expect(prefs.nodeIntegrationInSubFrames).toBe(false)
  })

  it('keeps web security on and refuses insecure content, experiments and webviews', () => {
    expect(prefs.webSecurity).toBe(true)
    expect(prefs.allowRunningInsecureContent).toBe(false)
    expect(prefs.experimentalFeatures).toBe(false)
    expect(prefs.webviewTag).toBe(false)
    expect(prefs.navigateOnDragDrop).toBe(false)
    expect(prefs).not.toHaveProperty('enableBlinkFeatures')
  })

  it('sets only reviewed keys', () => {
    expect(Object.keys(prefs).filter((k) => !REVIEWED_KEYS.includes(k))).toEqual([])
    expect(prefs.preload).toBe('/app/out/preload/index.js')
  })

  it('is what the main window is actually created with', () => {
    constructed.length = 0
    createMainWindow({ preloadPath: '/app/out/preload/index.js', url: 'app://gen-studio/' })
    expect(constructed).toHaveLength(1)
    const { options, loadURL } = constructed[0]!
    expect(options.webPreferences).toEqual(prefs)
    expect(options.show).toBe(false)
    expect(loadURL).toHaveBeenCalledWith('app://gen-studio/')
  })
})

type Listener = (event: { preventDefault: () => void }, url: string) => void
function fakeContents() {
  const listeners = new Map<string, Listener>()
  let openHandler: ((details: { url: string }) => { action: string }) | undefined
  const contents = {
    on: (name: string, fn: Listener) => listeners.set(name, fn),
    setWindowOpenHandler: (fn: typeof openHandler) => (openHandler = fn),
  }
  const fire = (name: string, url: string) => {
    const event = { preventDefault: vi.fn() }
    const listener = listeners.get(name)
    if (!listener) throw new Error(`no ${name} listener`)
    listener(event, url)
    return event.preventDefault
  }
  const open = (url: string) => {
    if (!openHandler) throw new Error('no window open handler')
    return openHandler({ url })
  }
  return { contents: contents as unknown as WebContents, fire, open }
}

const HOSTILE_URLS = [
  'file:///etc/passwd',
  'javascript:alert(1)',
  'smb://attacker.example/share',
  'ms-msdt:/id PCWDiagnostic',
  'vbscript:msgbox',
  'data:text/html,<script>alert(1)</script>',
  'https://user:pass@example.com/',
  'app://gen-studio/settings',
  'not a url',
]

describe('navigation and new windows', () => {
  let openExternal: Mock<(url: string) => void>
  let page: ReturnType<typeof fakeContents>
  beforeEach(() => {
    openExternal = vi.fn<(url: string) => void>()
    page = fakeContents()
    hardenWebContents(page.contents, { openExternal })
  })

  it('cancels every navigation and sends web links to the OS browser', () => {
    for (const url of ['https://example.com/docs', 'http://example.com/']) {
      expect(page.fire('will-navigate', url)).toHaveBeenCalled()
      expect(openExternal).toHaveBeenLastCalledWith(url)
    }
  })

  it('never hands anything but http(s) without credentials to the OS', () => {
    for (const url of HOSTILE_URLS) expect(page.fire('will-navigate', url), url).toHaveBeenCalled()
    for (const url of HOSTILE_URLS) expect(page.open(url), url).toEqual({ action: 'deny' })
    expect(openExternal).not.toHaveBeenCalled()
  })

  it('denies every new window; web links open in the OS browser instead', () => {
    expect(page.open('https://example.com/pricing')).toEqual({ action: 'deny' })
    expect(openExternal).toHaveBeenCalledWith('https://example.com/pricing')
  })

  it('cancels redirects of the app window and refuses to attach webviews', () => {
    expect(page.fire('will-redirect', 'https://example.com/')).toHaveBeenCalled()
    expect(page.fire('will-attach-webview', 'https://example.com/')).toHaveBeenCalled()
    expect(openExternal).not.toHaveBeenCalled()
  })
})

describe('session permissions', () => {
  const APP = 'app://gen-studio/'
  function fakeSession() {
    const handlers: Record<string, (...args: unknown[]) => unknown> = {}
    const session = {
      setPermissionRequestHandler: (fn: (...args: unknown[]) => unknown) => (handlers.request = fn),
      setPermissionCheckHandler: (fn: (...args: unknown[]) => unknown) => (handlers.check = fn),
      setDevicePermissionHandler: (fn: (...args: unknown[]) => unknown) => (handlers.device = fn),
    }
    hardenSession(session as unknown as Session, {
      isTrustedUrl: (url) => url.startsWith('app://gen-studio'),
    })
    return handlers
  }
  const ask = (request: (...a: unknown[]) => unknown, permission: string, url: string) => {
    const callback = vi.fn()
    request({ getURL: () => url }, permission, callback, { requestingUrl: url })
    return callback
  }

  it('denies every permission request but clipboard writes and fullscreen from the app itself', () => {
    const { request } = fakeSession()
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'midi',
      'clipboard-read',
      'openExternal',
      'pointerLock',
    ]) {
      expect(ask(request!, permission, APP), permission).toHaveBeenCalledExactlyOnceWith(false)
    }
    for (const permission of ['clipboard-sanitized-write', 'fullscreen']) {
      expect(ask(request!, permission, APP), permission).toHaveBeenCalledExactlyOnceWith(true)
      expect(ask(request!, permission, 'https://evil.example/'), permission).toHaveBeenCalledWith(
        false,
      )
      expect(ask(request!, permission, 'app://other-host/'), permission).toHaveBeenCalledWith(false)
    }
  })

  it('answers permission checks with no, except clipboard writes from the app; devices never', () => {
    const { check, device } = fakeSession()
    for (const permission of ['media', 'hid', 'serial', 'usb', 'clipboard-read', 'notifications']) {
      expect(check!({}, permission, 'app://gen-studio', {}), permission).toBe(false)
    }
    expect(check!({}, 'clipboard-sanitized-write', 'app://gen-studio', {})).toBe(true)
    expect(
      check!({}, 'clipboard-sanitized-write', 'https://evil.example', {
        requestingUrl: 'https://evil.example/x',
      }),
    ).toBe(false)
    expect(device!({ deviceType: 'usb', origin: 'app://gen-studio' })).toBe(false)
  })
})
