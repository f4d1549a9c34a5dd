/**
 * `app` as Electron documents its lifecycle (https://www.electronjs.org/docs/latest/api/app):
 * - `ready` fires once, after the main script has run; `whenReady()` resolves then.
 * - `quit()`: `before-quit` (preventable), then every window is closed (each `close` is
 *   preventable), then `will-quit` (preventable: "calling event.preventDefault() will prevent the
 *   default behavior, which is terminating the application"), then `quit`, then the process exits.
 *   `window-all-closed` is NOT emitted when quitting this way.
 * - `exit(code)`: "Exits immediately with exitCode ... the before-quit and will-quit events will not
 *   be emitted."
 * - closing the last window otherwise emits `window-all-closed`; with no listener the app quits.
 */
import { EventEmitter } from 'node:events'
import { join } from 'node:path'

export interface PreventableEvent {
  defaultPrevented: boolean
  preventDefault(): void
}

export const preventable = (): PreventableEvent => {
  const e = {
    defaultPrevented: false,
    preventDefault() {
      e.defaultPrevented = true
    },
  }
  return e
}

export interface AppHost {
  /** Closes every window (each may veto with preventDefault on `close`); true if all closed. */
  closeAllWindows(): Promise<boolean>
  /** Tears windows down without asking (exit). */
  destroyAllWindows(): Promise<void>
  windowCount(): number
}

export interface AppOptions {
  userData: string
  home: string
  name: string
  version: string
  isPackaged: boolean
  /** What app.getPreferredSystemLanguages() answers: the OS's languages, most preferred first. */
  preferredSystemLanguages: string[]
}

export class FakeApp extends EventEmitter {
  isReady_ = false
  readonly calls: string[] = []
  exitCode: number | null = null
  /** Resolves with the exit code when the "process" would end. */
  readonly exited: Promise<number>
  private resolveExit!: (code: number) => void
  private quitting = false
  private readonly ready: Promise<void>
  private resolveReady!: () => void
  private appUserModelId: string | null = null
  sandboxEnabled = false
  readonly commandLineSwitches = new Map<string, string>()

  constructor(
    private readonly options: AppOptions,
    private readonly host: AppHost,
  ) {
    super()
    this.ready = new Promise((r) => (this.resolveReady = r))
    this.exited = new Promise((r) => (this.resolveExit = r))
  }

  get isPackaged(): boolean {
    return this.options.isPackaged
  }

  /** Called by the double once the main script has been evaluated. */
  markReady(): void {
    if (this.isReady_) return
    this.isReady_ = true
    this.emit('will-finish-launching')
    this.emit('ready', {}, {})
    this.resolveReady()
  }

  isReady = (): boolean => this.isReady_
  whenReady = (): Promise<void> => this.ready
  getName = (): string => this.options.name
  getVersion = (): string => this.options.version
  getLocale = (): string => 'en-US'
  /**
   * "The user's preferred system languages from most preferred to least preferred, including the
   * country codes if applicable" (https://www.electronjs.org/docs/latest/api/app#appgetpreferredsystemlanguages):
   * a new array each call, as Electron returns.
   */
  getPreferredSystemLanguages = (): string[] => [...this.options.preferredSystemLanguages]
  getAppPath = (): string => process.cwd()
  requestSingleInstanceLock = (): boolean => true
  hasSingleInstanceLock = (): boolean => true
  releaseSingleInstanceLock = (): void => {}
  setAppUserModelId = (id: string): void => {
    this.appUserModelId = id
    this.calls.push(`setAppUserModelId ${id}`)
  }
  get appUserModelIdSet(): string | null {
    return this.appUserModelId
  }
  enableSandbox = (): void => {
    if (this.isReady_) throw new Error('app.enableSandbox() can only be called before app is ready')
    this.sandboxEnabled = true
  }
  commandLine = {
    appendSwitch: (name: string, value = '') => void this.commandLineSwitches.set(name, value),
    hasSwitch: (name: string) => this.commandLineSwitches.has(name),
    getSwitchValue: (name: string) => this.commandLineSwitches.get(name) ?? '',
  }
  setName = (): void => {}
  focus = (): void => {}
  setPath = (): void => {}
  getPath = (name: string): string => {
    const { userData, home } = this.options
    const paths: Record<string, string> = {
      home,
      appData: join(home, '.config'),
      userData,
      sessionData: userData,
      temp: join(home, 'tmp'),
      desktop: join(home, 'Desktop'),
      documents: join(home, 'Documents'),
      downloads: join(home, 'Downloads'),
      music: join(home, 'Music'),
      pictures: join(home, 'Pictures'),
      videos: join(home, 'Videos'),
      logs: join(userData, 'logs'),
      crashDumps: join(userData, 'Crashpad'),
    }
    const p = paths[name]
    if (!p) throw new Error(`Failed to get '${name}' path`)
    return p
  }

  quit = (): void => {
    this.calls.push('quit')
    void this.runQuit()
  }

  exit = (code = 0): void => {
    this.calls.push(`exit ${code}`)
    void this.finish(code, { destroy: true })
  }

  relaunch = (): void => {
    this.calls.push('relaunch')
  }

  /** Closing the last window without quitting: Electron emits window-all-closed. */
  async lastWindowClosed(): Promise<void> {
    if (this.quitting || this.exitCode !== null) return
    if (this.listenerCount('window-all-closed') > 0) this.emit('window-all-closed')
    else this.quit()
  }

  private async runQuit(): Promise<void> {
    if (this.exitCode !== null) return
    const before = preventable()
    this.emit('before-quit', before)
    if (before.defaultPrevented) return
    this.quitting = true
    const closed = await this.host.closeAllWindows()
    if (!closed) {
      this.quitting = false
      return
    }
    const will = preventable()
    this.emit('will-quit', will)
    if (will.defaultPrevented) {
      this.quitting = false
      return
    }
    await this.finish(0, { destroy: false })
  }

  private async finish(code: number, { destroy }: { destroy: boolean }): Promise<void> {
    if (this.exitCode !== null) return
    this.exitCode = code
    if (destroy) await this.host.destroyAllWindows()
    if (!destroy) this.emit('quit', preventable(), code)
    this.resolveExit(code)
  }
}
