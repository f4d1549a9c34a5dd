/**
 * What a preload runs with in the double, per the window's webPreferences: Electron's sandboxed
 * `require` and `process` (https://www.electronjs.org/docs/latest/tutorial/sandbox#preload-scripts)
 * and, with contextIsolation, a world of its own for what it sets on `window`
 * (https://www.electronjs.org/docs/latest/tutorial/context-isolation).
 */
export function preloadEnvironment(
  isolated: boolean,
  electron: Record<string, unknown>,
): { require: (name: string) => unknown; process: unknown; world: unknown } {
  /** Node's `events`, as much of it as a preload uses. */
  class EventEmitter {
    private readonly handlers = new Map<string | symbol, Array<(...a: unknown[]) => void>>()
    on(name: string | symbol, fn: (...a: unknown[]) => void) {
      this.handlers.set(name, [...(this.handlers.get(name) ?? []), fn])
      return this
    }
    addListener(name: string | symbol, fn: (...a: unknown[]) => void) {
      return this.on(name, fn)
    }
    off(name: string | symbol, fn: (...a: unknown[]) => void) {
      this.handlers.set(
        name,
        (this.handlers.get(name) ?? []).filter((f) => f !== fn),
      )
      return this
    }
    removeListener(name: string | symbol, fn: (...a: unknown[]) => void) {
      return this.off(name, fn)
    }
    once(name: string | symbol, fn: (...a: unknown[]) => void) {
      const once = (...a: unknown[]) => {
        this.off(name, once)
        fn(...a)
      }
      return this.on(name, once)
    }
    emit(name: string | symbol, ...a: unknown[]) {
      const list = this.handlers.get(name) ?? []
      for (const fn of [...list]) fn(...a)
      return list.length > 0
    }
  }
  const timers = { setTimeout, clearTimeout, setInterval, clearInterval }
  /**
   * "A require function similar to Node's require module is exposed, but can only import a subset
   * of Electron and Node's built-in modules: electron (contextBridge, crashReporter, ipcRenderer,
   * nativeImage, webFrame, webUtils), events, timers, url" — node: imports of those are supported
   * too (https://www.electronjs.org/docs/latest/tutorial/sandbox#preload-scripts).
   */
  const sandboxedModules: Record<string, unknown> = {
    electron,
    events: Object.assign(EventEmitter, { EventEmitter, default: EventEmitter }),
    timers,
    url: { URL, URLSearchParams },
  }
  const sandboxedRequire = (name: string) => {
    const module = sandboxedModules[name.replace(/^node:(?=events$|timers$|url$)/, '')]
    if (module === undefined) throw new Error(`module not found: ${name}`)
    return module
  }
  /** The polyfilled `process` a sandboxed preload sees (no env, no file system). */
  const sandboxedProcess = {
    type: 'renderer',
    sandboxed: true,
    contextIsolated: isolated,
    platform: navigator.platform.toLowerCase().startsWith('win')
      ? 'win32'
      : navigator.platform.toLowerCase().startsWith('mac')
        ? 'darwin'
        : 'linux',
    env: {},
    versions: {},
  }

  /**
   * With contextIsolation the preload has "a different window object than the website": what it
   * sets there stays there, what it reads comes from the page's window (functions bound to it).
   */
  const preloadWorld = (): unknown => {
    if (!isolated) return window
    const own: Record<string | symbol, unknown> = {}
    return new Proxy(own, {
      get(_t, key) {
        if (key in own) return own[key]
        const v = (window as unknown as Record<string | symbol, unknown>)[key]
        return typeof v === 'function' && !/^[A-Z]/.test(String(key))
          ? (v as (...a: unknown[]) => unknown).bind(window)
          : v
      },
      set(_t, key, value) {
        own[key] = value
        return true
      },
      has(_t, key) {
        return key in own || key in window
      },
    })
  }

  return { require: sandboxedRequire, process: sandboxedProcess, world: preloadWorld() }
}
