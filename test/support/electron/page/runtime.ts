/**
 * What the Electron double puts into every page before the page's own scripts run (bundled by
 * the double with esbuild and added as an init script). Plain Chromium lacks three things that
 * Electron gives an app's window; this file supplies them and nothing else:
 *
 * 1. The app's registered custom schemes. Electron's `protocol.registerSchemesAsPrivileged` +
 *    `protocol.handle` make `app://…` and `gen-media://…` real URLs; plain Chromium rejects
 *    unknown schemes before any request is made. The double serves each scheme from its own
 *    loopback origin (`http://<host>.<scheme>.localhost:<port>`) and this shim maps the URLs the
 *    page hands to Chromium (element src/poster/href, fetch, XHR) and back for what the page reads.
 * 2. The preload. The BUILT preload runs here, once, in the top frame only
 *    (nodeIntegrationInSubFrames is off), in its own closure, with `require('electron')` giving
 *    stand-ins for contextBridge, ipcRenderer and webUtils that cross to main over the double's
 *    binding with structured-clone semantics.
 * 3. Permission prompts and window.open, which Electron routes to the session's permission
 *    request handler and the webContents' window-open handler in main. window.open must answer
 *    at once (a Window, or null when main denies it), so the page asks main through a prompt()
 *    the double answers from main; links with target=_blank go the same way.
 *
 * The window's webPreferences take effect here as Electron documents them: a sandboxed preload
 * gets Electron's limited `require` (https://www.electronjs.org/docs/latest/tutorial/sandbox);
 * with contextIsolation what the preload sets on `window` stays in its own world and only
 * `contextBridge` reaches the page, without it `contextBridge` refuses
 * (https://www.electronjs.org/docs/latest/tutorial/context-isolation). The double's own bindings
 * are taken off `window` before the page runs, so the page can reach main only through what the
 * preload exposed.
 */
import { decode, toWire, type Wire } from '../wire'
import { type PageConfig, WINDOW_OPEN_PROMPT } from './config'
import { preloadEnvironment } from './preloadEnv'

type Binding = (...args: unknown[]) => Promise<unknown>
interface DoubleWindow {
  __electronDouble_invoke?: Binding
  __electronDouble_send?: Binding
  __electronDouble_permission?: Binding
  __electronDouble: {
    emit(channel: string, args: Wire): void
    registerPath(file: File, path: string): void
  }
}

declare const __DOUBLE_CONFIG__: PageConfig
/**
 * The built preload wrapped as a CommonJS function by the double (not eval: the page's CSP forbids
 * it), with the globals a preload sees as parameters.
 */
declare const __DOUBLE_PRELOAD__:
  | ((
      require: (name: string) => unknown,
      module: { exports: unknown },
      exports: unknown,
      window: unknown,
      globalThis: unknown,
      self: unknown,
      process: unknown,
    ) => void)
  | null

;(() => {
  const config = __DOUBLE_CONFIG__
  const w = window as unknown as Window & DoubleWindow
  const top = window === window.top
  // The bindings to main, kept here and taken off the page's window.
  const invokeMain = w.__electronDouble_invoke!
  const sendMain = w.__electronDouble_send!
  const permissionMain = w.__electronDouble_permission!
  delete w.__electronDouble_invoke
  delete w.__electronDouble_send
  delete w.__electronDouble_permission

  // ── 1. schemes ──
  const toHttp = (url: string): string => {
    const m = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)(.*)$/i.exec(url)
    if (!m) return url
    const suffix = config.schemes[m[1]!.toLowerCase()]
    return suffix ? `http://${m[2]}${suffix}${m[3] || '/'}` : url
  }
  const fromHttp = (url: string): string => {
    for (const [scheme, suffix] of Object.entries(config.schemes)) {
      const at = url.indexOf(suffix)
      if (!url.startsWith('http://') || at < 0) continue
      const rest = url.slice(at + suffix.length)
      if (rest !== '' && !/^[/?#]/.test(rest)) continue
      return `${scheme}://${url.slice('http://'.length, at)}${rest}`
    }
    return url
  }
  const urlProps: Array<[{ prototype: object }, string]> = [
    [HTMLImageElement, 'src'],
    [HTMLMediaElement, 'src'],
    [HTMLSourceElement, 'src'],
    [HTMLVideoElement, 'poster'],
    [HTMLLinkElement, 'href'],
    [HTMLAnchorElement, 'href'],
    [HTMLScriptElement, 'src'],
  ]
  for (const [ctor, prop] of urlProps) {
    const d = Object.getOwnPropertyDescriptor(ctor.prototype, prop)
    if (!d?.set || !d.get) continue
    Object.defineProperty(ctor.prototype, prop, {
      ...d,
      get(this: Element) {
        return fromHttp(d.get!.call(this) as string)
      },
      set(this: Element, v: string) {
        d.set!.call(this, toHttp(String(v)))
      },
    })
  }
  const currentSrc = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'currentSrc')
  if (currentSrc?.get) {
    Object.defineProperty(HTMLMediaElement.prototype, 'currentSrc', {
      ...currentSrc,
      get(this: HTMLMediaElement) {
        return fromHttp(currentSrc.get!.call(this) as string)
      },
    })
  }
  const setAttribute = Element.prototype.setAttribute
  Element.prototype.setAttribute = function (name: string, value: string) {
    const n = name.toLowerCase()
    const mapped = n === 'src' || n === 'poster' || n === 'href' ? toHttp(String(value)) : value
    return setAttribute.call(this, name, mapped)
  }
  const fetch0 = window.fetch.bind(window)
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) =>
    fetch0(typeof input === 'string' || input instanceof URL ? toHttp(String(input)) : input, init)
  const open0 = XMLHttpRequest.prototype.open
  XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, ...args: unknown[]) {
    args[1] = toHttp(String(args[1]))
    return (open0 as (...a: unknown[]) => void).apply(this, args)
  } as typeof open0

  // ── 3. permissions and window.open, decided in main ──
  const askMain = async (permission: string, details: Record<string, unknown> = {}) =>
    (await permissionMain(permission, details)) === true
  if (typeof Notification !== 'undefined') {
    Notification.requestPermission = async () =>
      (await askMain('notifications')) ? 'granted' : 'denied'
  }
  const fullscreen0 = Element.prototype.requestFullscreen
  Element.prototype.requestFullscreen = async function (
    this: Element,
    options?: FullscreenOptions,
  ) {
    if (!(await askMain('fullscreen'))) throw new TypeError('Permissions check failed')
    return fullscreen0.call(this, options)
  }
  if (navigator.mediaDevices?.getUserMedia) {
    const gum = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices)
    navigator.mediaDevices.getUserMedia = async (c) => {
      const mediaTypes = [c?.audio ? 'audio' : null, c?.video ? 'video' : null].filter(Boolean)
      if (!(await askMain('media', { mediaTypes })))
        throw new DOMException('Permission denied', 'NotAllowedError')
      return gum(c)
    }
  }
  // https://www.electronjs.org/docs/latest/api/window-open: every window.open, and every link
  // or form with target=_blank, is decided by the webContents' window-open handler in main. Main
  // answers a synchronous prompt(), so a denied open returns null and an allowed one a Window.
  const prompt0 = window.prompt.bind(window)
  const windowOpen0 = window.open.bind(window)
  const decide = (url: string, frameName: string, features: string): boolean =>
    prompt0(
      `${WINDOW_OPEN_PROMPT}${JSON.stringify({ url: fromHttp(url), frameName, features })}`,
    ) === 'allow'
  const absolute = (url: string | URL | undefined) =>
    url === undefined || String(url) === ''
      ? 'about:blank'
      : new URL(String(url), location.href).href
  window.open = ((url?: string | URL, target?: string, features?: string) => {
    const href = absolute(url)
    if (!decide(href, target ?? '', features ?? '')) return null
    return windowOpen0(toHttp(href), target, features)
  }) as typeof window.open
  window.addEventListener('click', (e) => {
    const link = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null
    if (!link || e.defaultPrevented) return
    const newWindow = link.target === '_blank' || e.shiftKey || e.ctrlKey || e.metaKey
    if (!newWindow) return
    e.preventDefault()
    const href = new URL(link.getAttribute('href') ?? '', location.href).href
    if (decide(href, link.target, '')) windowOpen0(toHttp(href), link.target)
  })

  // ── 2. the preload ──
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>()
  const paths = new WeakMap<File, string>()
  w.__electronDouble = {
    emit(channel, args) {
      const values = decode(args) as unknown[]
      for (const l of [...(listeners.get(channel) ?? [])]) l(ipcEvent, ...values)
    },
    registerPath(file, path) {
      paths.set(file, path)
    },
  }
  const ipcRenderer = {
    async invoke(channel: string, ...args: unknown[]) {
      const wire = toWire(args)
      const answer = (await invokeMain(channel, wire)) as { ok: Wire } | { error: string }
      if ('error' in answer)
        throw new Error(`Error invoking remote method '${channel}': ${answer.error}`)
      return decode(answer.ok)
    },
    send(channel: string, ...args: unknown[]) {
      void sendMain(channel, toWire(args))
    },
    on(channel: string, listener: (...args: unknown[]) => void) {
      const set = listeners.get(channel) ?? new Set()
      listeners.set(channel, set)
      set.add(listener)
      return ipcRenderer
    },
    once(channel: string, listener: (...args: unknown[]) => void) {
      const once = (...args: unknown[]) => {
        ipcRenderer.removeListener(channel, once)
        listener(...args)
      }
      return ipcRenderer.on(channel, once)
    },
    removeListener(channel: string, listener: (...args: unknown[]) => void) {
      listeners.get(channel)?.delete(listener)
      return ipcRenderer
    },
    removeAllListeners(channel?: string) {
      if (channel) listeners.delete(channel)
      else listeners.clear()
      return ipcRenderer
    },
  }
  const ipcEvent = { sender: ipcRenderer, senderId: 0, ports: [] }

  /**
   * contextBridge copies what crosses the world boundary: functions become proxies, objects and
   * arrays are copied without their prototypes, promises are proxied, errors are copied
   * (https://www.electronjs.org/docs/latest/api/context-bridge#parameter--error--return-type-support).
   */
  const bridge = (value: unknown, depth = 0): unknown => {
    if (depth > 1000) throw new Error('Object has too much depth to be cloned')
    if (typeof value === 'function') {
      const fn = value as (...a: unknown[]) => unknown
      return (...args: unknown[]) => {
        try {
          return bridge(fn(...args.map((a) => bridge(a, depth + 1))), depth + 1)
        } catch (e) {
          throw bridge(e, depth + 1)
        }
      }
    }
    if (value instanceof Promise) return value.then((v) => bridge(v, depth + 1))
    if (value instanceof Error) return new Error(value.message)
    if (value === null || typeof value !== 'object') return value
    if (value instanceof Element || value instanceof Blob) return value
    // "Cloneable Types: any type that is cloneable via structured clone is supported".
    if (
      value instanceof Date ||
      value instanceof RegExp ||
      value instanceof Map ||
      value instanceof Set ||
      value instanceof ArrayBuffer ||
      ArrayBuffer.isView(value)
    )
      return structuredClone(value)
    if (Array.isArray(value)) return value.map((v) => bridge(v, depth + 1))
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value)) out[k] = bridge(v, depth + 1)
    return out
  }
  const isolated = config.prefs.contextIsolation
  const contextBridge = {
    exposeInMainWorld(key: string, api: unknown) {
      if (!isolated)
        throw new Error('contextBridge API can only be used when contextIsolation is enabled')
      if (key in window)
        throw new Error(`Cannot bind an API on top of an existing property on the window object`)
      Object.defineProperty(window, key, { value: bridge(api), enumerable: true })
    },
  }
  const webUtils = { getPathForFile: (file: File) => paths.get(file) ?? '' }
  const notInDouble = (name: string) => () => {
    throw new Error(`${name} is not played by the Electron double`)
  }
  // The renderer modules a sandboxed preload's require('electron') gives.
  const electron = {
    contextBridge,
    ipcRenderer,
    webUtils,
    crashReporter: { addExtraParameter: notInDouble('crashReporter') },
    nativeImage: { createFromDataURL: notInDouble('nativeImage') },
    webFrame: { setZoomFactor: notInDouble('webFrame') },
  }
  if (top && __DOUBLE_PRELOAD__) {
    const env = preloadEnvironment(isolated, electron)
    const module = { exports: {} as unknown }
    __DOUBLE_PRELOAD__(
      env.require,
      module,
      module.exports,
      env.world,
      env.world,
      env.world,
      env.process,
    )
  }
})()
