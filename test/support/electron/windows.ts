/**
 * BrowserWindow and webContents as real Chromium pages (one Playwright page per window), with the
 * events and rules of https://www.electronjs.org/docs/latest/api/browser-window and
 * https://www.electronjs.org/docs/latest/api/web-contents that the app relies on:
 * - `loadURL` resolves on `did-finish-load` and rejects on `did-fail-load` (errorCode, description,
 *   URL); `ready-to-show` fires once, after the first page has rendered — never for a failed load,
 *   so a window made with `show: false` stays hidden unless the app shows it.
 * - `will-navigate` is emitted for navigations the page starts itself (links, location changes),
 *   not for `loadURL` or a reload; `will-redirect` for every server redirect of a main-frame
 *   navigation, `loadURL`'s included; both with Electron's arguments (navigation.ts), and
 *   `event.preventDefault()` cancels the navigation, which fails with ERR_ABORTED (-3).
 * - `did-fail-load` carries Chromium's net error number and name (navigation.ts).
 * - `render-process-gone` is emitted when the renderer crashes.
 * - `setWindowOpenHandler` decides every `window.open` and target=_blank link (windowOpen.ts).
 * - webPreferences take effect (webPreferences.ts, page/preloadEnv.ts).
 * - `close` is preventable; `closed` follows; closing the last window tells the app.
 */
import { EventEmitter } from 'node:events'

import type { BrowserContext, CDPSession, Page } from 'playwright-core'

import { preventable } from './app'
import {
  type FrameLike,
  interceptNavigations,
  loadError,
  navigationArgs,
  netErrorOf,
} from './navigation'
import { WINDOW_OPEN_PROMPT } from './page/config'
import type { SchemeServer } from './schemes'
import { type EffectivePreferences, effectivePreferences, refuseUnplayable } from './webPreferences'
import { createdDetails, decideWindowOpen, type OpenDetails } from './windowOpen'
import { toWire } from './wire'

export interface WindowHost {
  /** Electron emits app 'web-contents-created' (and 'browser-window-created') for every window. */
  created(window: FakeBrowserWindow): void
  context: BrowserContext
  schemes: SchemeServer
  /** The init script for a page (the double's runtime plus the window's preload, if any). */
  initScript(prefs: EffectivePreferences): string
  /** Whether the app called app.enableSandbox(). */
  appSandboxed(): boolean
  /** A window the page opened and the app's handler allowed, as a BrowserWindow. */
  adoptPopup(page: Page, options: Record<string, unknown>): FakeBrowserWindow
  /** Grants Chromium the permissions the app's session handlers allow for this page's origin. */
  applyPermissions(contents: FakeWebContents, url: string): Promise<void>
  windowClosed(window: FakeBrowserWindow): void
  /** A first page the persistent context already has, to use for the first window. */
  takeBlankPage(): Page | null
  onPageError(message: string): void
}

let nextId = 1

export class FakeWebContents extends EventEmitter {
  readonly id = nextId++
  page!: Page
  destroyed = false
  crashed = false
  private windowOpenHandler: ((d: OpenDetails) => unknown) | null = null
  /** Windows the handler allowed whose popup has not arrived yet: their options, in order. */
  private readonly allowedOpens: Array<{ details: OpenDetails; options: Record<string, unknown> }> =
    []
  /** The window's effective webPreferences, inherited by the windows it opens. */
  prefs: EffectivePreferences | null = null
  /** URLs of navigations the app itself started (loadURL, reload): no will-navigate for them. */
  private readonly appStarted: string[] = []
  /** Makes a fresh page for this window (after a renderer crash), set by the window. */
  renew: (() => Promise<Page>) | null = null
  private sendChain: Promise<unknown> = Promise.resolve()
  readonly sent: Array<{ channel: string; args: unknown[] }> = []
  readonly drags: unknown[] = []
  readonly session: unknown
  /** Every window.open / target=_blank the handler allowed (URLs). */
  readonly openedWindows: string[] = []

  constructor(
    private readonly host: WindowHost,
    session: unknown,
  ) {
    super()
    this.session = session
  }

  async attach(page: Page): Promise<void> {
    this.page = page
    page.on('crash', () => {
      this.crashed = true
      this.emit('render-process-gone', preventable(), { reason: 'crashed', exitCode: 139 })
    })
    page.on('pageerror', (e) => this.host.onPageError(e.message))
    page.on('console', (m) => {
      if (m.type() === 'error') this.host.onPageError(m.text())
    })
    const cdp: CDPSession = await this.host.context.newCDPSession(page)
    await interceptNavigations(cdp, (url, redirect) => {
      const own = this.appStarted.indexOf(url)
      if (!redirect && own >= 0) {
        this.appStarted.splice(own, 1)
        return 'go'
      }
      // A reload (the user's, or reload()) is not a navigation the page starts.
      if (!redirect && url === this.page.url()) return 'go'
      const name = redirect ? 'will-redirect' : 'will-navigate'
      const args = navigationArgs(this.host.schemes.fromHttp(url), this.frame(), this.frame())
      this.emit(name, ...args)
      if (!redirect) this.emit('will-frame-navigate', args[0])
      return args[0].defaultPrevented ? 'cancel' : 'go'
    })
    // window.open asks main through a prompt() (page/runtime.ts); other dialogs are dismissed.
    page.on('dialog', (dialog) => {
      const text = dialog.message()
      if (dialog.type() !== 'prompt' || !text.startsWith(WINDOW_OPEN_PROMPT)) {
        void dialog.dismiss().catch(() => {})
        return
      }
      const details = JSON.parse(text.slice(WINDOW_OPEN_PROMPT.length)) as OpenDetails
      void dialog.accept(this.windowOpen(details)).catch(() => {})
    })
    page.on('popup', (popup) => this.popupOpened(popup))
  }

  /** The main frame, as the navigation events carry it. */
  private frame(): FrameLike {
    return {
      url: this.getURL(),
      processId: 1,
      routingId: 1,
      isDestroyed: () => this.destroyed,
    }
  }

  async loadURL(url: string): Promise<void> {
    if (this.destroyed) throw new Error('Object has been destroyed')
    // After a crash Electron gives the same webContents a new renderer on the next load; a
    // crashed Playwright page cannot navigate, so the window gets a fresh page.
    if (this.crashed && this.renew) {
      const old = this.page
      await this.attach(await this.renew())
      void old.close().catch(() => {})
    }
    const http = this.host.schemes.toHttp(url)
    if (http.startsWith('http')) await this.host.applyPermissions(this, http)
    this.appStarted.push(new URL(http).href)
    this.emit('did-start-loading')
    const page = this.page
    const errorPageCommitted = page
      .waitForEvent('framenavigated', {
        predicate: (f) => f === page.mainFrame() && f.url().startsWith('chrome-error:'),
        timeout: 2_000,
      })
      .catch(() => null)
    try {
      await this.page.goto(http, { waitUntil: 'load' })
    } catch (e) {
      const own = this.appStarted.indexOf(new URL(http).href)
      if (own >= 0) this.appStarted.splice(own, 1)
      const { name, code } = netErrorOf(String((e as Error).message ?? e))
      // Chromium commits its error page as part of the failed navigation; Electron emits
      // did-fail-load after that, so a loadURL from the handler is not cut short by it.
      if (name !== 'ERR_ABORTED') await errorPageCommitted
      this.emit('did-fail-load', preventable(), code, name, url, true, 1, 1)
      throw loadError(name, code, url)
    }
    this.crashed = false
    this.emit('dom-ready')
    this.emit('did-finish-load')
  }

  reload(): void {
    this.appStarted.push(this.page.url())
    void this.page.reload().then(
      () => this.emit('did-finish-load'),
      () => {},
    )
  }

  getURL(): string {
    return this.host.schemes.fromHttp(this.page?.url() ?? '')
  }

  getTitle(): string {
    return ''
  }

  isDestroyed(): boolean {
    return this.destroyed
  }

  isCrashed(): boolean {
    return this.crashed
  }

  isLoading(): boolean {
    return false
  }

  focus(): void {}

  openDevTools(): void {}

  setWindowOpenHandler(handler: (d: OpenDetails) => unknown): void {
    this.windowOpenHandler = handler
  }

  /** The app's handler decides a window the page asks for (windowOpen.ts). */
  windowOpen(details: OpenDetails): 'allow' | 'deny' {
    const decision = decideWindowOpen(this.windowOpenHandler, details, this.prefs)
    if (decision.action === 'deny') return 'deny'
    this.allowedOpens.push({ details, options: decision.options })
    this.openedWindows.push(details.url)
    return 'allow'
  }

  /** A popup Chromium opened: the window an allowed open asked for, or one nobody decided. */
  private popupOpened(popup: Page): void {
    const allowed = this.allowedOpens.shift()
    if (!allowed) {
      // Opened some other way (a form with target=_blank): decided now, closed if denied.
      const details = { url: this.host.schemes.fromHttp(popup.url()), frameName: '', features: '' }
      if (this.windowOpen(details) === 'deny') return void popup.close().catch(() => {})
      return void this.popupOpened(popup)
    }
    const window = this.host.adoptPopup(popup, allowed.options)
    this.emit('did-create-window', window, createdDetails(allowed, this.getURL()))
  }

  send(channel: string, ...args: unknown[]): void {
    if (this.destroyed) return
    const wire = toWire(args)
    this.sent.push({ channel, args })
    // A message sent before the window has a page is dropped, as Electron drops what it sends
    // to a renderer that has not loaded yet (nothing in the page listens).
    this.sendChain = this.sendChain.then(() =>
      this.page
        ?.evaluate(
          ([c, w]) =>
            (
              window as unknown as { __electronDouble?: { emit(c: string, w: unknown): void } }
            ).__electronDouble?.emit(c, w),
          [channel, wire] as const,
        )
        .catch(() => {}),
    )
  }

  startDrag(item: unknown): void {
    this.drags.push(item)
  }

  async executeJavaScript(code: string): Promise<unknown> {
    return this.page.evaluate(code)
  }

  /** Test API: crashes the renderer (CDP Page.crash), as a renderer fault would. */
  async crashRenderer(): Promise<void> {
    const cdp = await this.host.context.newCDPSession(this.page)
    const crashed = new Promise<void>((resolve) => this.page.once('crash', () => resolve()))
    // Page.crash never answers: the target is gone.
    void cdp.send('Page.crash').catch(() => {})
    await crashed
  }
}

export class FakeBrowserWindow extends EventEmitter {
  private static nextWindowId = 1
  readonly id = FakeBrowserWindow.nextWindowId++
  readonly webContents: FakeWebContents
  readonly options: Record<string, unknown>
  visible: boolean
  destroyed = false
  private shown = false
  private readonly attached: Promise<void>
  title: string

  constructor(
    host: WindowHost,
    session: unknown,
    options: Record<string, unknown> = {},
    adopt: Page | null = null,
  ) {
    super()
    const prefs = effectivePreferences(
      options.webPreferences as Record<string, unknown> | undefined,
      host.appSandboxed(),
    )
    refuseUnplayable(prefs)
    this.options = options
    this.visible = options.show !== false
    this.title = String(options.title ?? '')
    this.host = host
    const contents = new FakeWebContents(host, session)
    contents.prefs = prefs
    this.webContents = contents
    host.created(this)
    const width = Number(options.width ?? 800)
    const height = Number(options.height ?? 600)
    const openPage = async (first: boolean) => {
      const page =
        (first ? (adopt ?? host.takeBlankPage()) : null) ?? (await host.context.newPage())
      await page.setViewportSize({ width, height })
      await page.addInitScript({ content: host.initScript(prefs) })
      page.on('close', () => {
        if (!this.destroyed && contents.page === page) this.markClosed(host)
      })
      return page
    }
    contents.renew = () => openPage(false)
    this.attached = (async () => {
      await contents.attach(await openPage(true))
    })()
    // ready-to-show: after the first page has rendered, once, and only if not already shown.
    this.webContents.on('did-finish-load', () => {
      if (this.shown) return
      this.shown = true
      void this.webContents.page
        .evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))))
        .catch(() => {})
        .then(() => this.emit('ready-to-show'))
    })
  }

  private readonly host: WindowHost

  async whenAttached(): Promise<void> {
    await this.attached
  }

  async loadURL(url: string): Promise<void> {
    await this.attached
    return this.webContents.loadURL(url)
  }

  show(): void {
    this.visible = true
    this.emit('show')
  }

  hide(): void {
    this.visible = false
  }

  isVisible(): boolean {
    return this.visible && !this.destroyed
  }

  isDestroyed(): boolean {
    return this.destroyed
  }

  isMinimized(): boolean {
    return false
  }

  restore(): void {}

  focus(): void {}

  setTitle(title: string): void {
    this.title = title
  }

  getTitle(): string {
    return this.title
  }

  /** Asks to close: `close` may be prevented; returns whether the window is gone. */
  async requestClose(): Promise<boolean> {
    if (this.destroyed) return true
    const e = preventable()
    this.emit('close', e)
    if (e.defaultPrevented) return false
    await this.destroyPage()
    return true
  }

  close(): void {
    void this.requestClose()
  }

  destroy(): void {
    void this.destroyPage()
  }

  async destroyPage(): Promise<void> {
    if (this.destroyed) return
    await this.attached.catch(() => {})
    this.markClosed(this.host)
    await this.webContents.page?.close().catch(() => {})
  }

  private markClosed(host: WindowHost): void {
    if (this.destroyed) return
    this.destroyed = true
    this.webContents.destroyed = true
    this.emit('closed')
    this.webContents.emit('destroyed')
    host.windowClosed(this)
  }
}
