/**
 * The smaller Electron modules the app's main process uses, as recording stand-ins: ipcMain,
 * session permission handlers, dialog, shell, Notification, nativeTheme, nativeImage, clipboard.
 * Each keeps what the app asked for so a test can assert it, and answers as Electron documents.
 */
import { EventEmitter } from 'node:events'
import { mkdirSync, renameSync } from 'node:fs'
import { basename, join } from 'node:path'

/** https://www.electronjs.org/docs/latest/api/ipc-main */
export class FakeIpcMain extends EventEmitter {
  readonly handlers = new Map<string, (event: unknown, ...args: unknown[]) => unknown>()

  handle(channel: string, listener: (event: unknown, ...args: unknown[]) => unknown): void {
    if (this.handlers.has(channel)) {
      throw new Error(`Attempted to register a second handler for '${channel}'`)
    }
    this.handlers.set(channel, listener)
  }

  handleOnce(channel: string, listener: (event: unknown, ...args: unknown[]) => unknown): void {
    this.handle(channel, (event, ...args) => {
      this.handlers.delete(channel)
      return listener(event, ...args)
    })
  }

  removeHandler(channel: string): void {
    this.handlers.delete(channel)
  }
}

type CheckHandler = (
  contents: unknown,
  permission: string,
  requestingOrigin: string,
  details: Record<string, unknown>,
) => boolean
type RequestHandler = (
  contents: unknown,
  permission: string,
  callback: (granted: boolean) => void,
  details: Record<string, unknown>,
) => void

/**
 * A session's permission handlers (https://www.electronjs.org/docs/latest/api/session#sessetpermissionrequesthandlerhandler).
 * With no handler set, Electron grants; "most web APIs do a permission check and then make a
 * permission request if the check is denied" (setPermissionCheckHandler, same page).
 */
export class FakeSession {
  checkHandler: CheckHandler | null = null
  requestHandler: RequestHandler | null = null
  deviceHandler: ((details: unknown) => boolean) | null = null
  readonly asked: Array<{
    kind: 'check' | 'request'
    permission: string
    origin: string
    granted: boolean
  }> = []

  setPermissionCheckHandler(handler: CheckHandler | null): void {
    this.checkHandler = handler
  }

  setPermissionRequestHandler(handler: RequestHandler | null): void {
    this.requestHandler = handler
  }

  setDevicePermissionHandler(handler: ((details: unknown) => boolean) | null): void {
    this.deviceHandler = handler
  }

  check(contents: unknown, permission: string, origin: string, url: string): boolean {
    const granted = this.checkHandler
      ? this.checkHandler(contents, permission, origin, {
          requestingUrl: url,
          isMainFrame: true,
          embeddingOrigin: origin,
        }) === true
      : true
    this.asked.push({ kind: 'check', permission, origin, granted })
    return granted
  }

  async request(
    contents: unknown,
    permission: string,
    origin: string,
    url: string,
    details: Record<string, unknown> = {},
  ): Promise<boolean> {
    if (!this.requestHandler) {
      this.asked.push({ kind: 'request', permission, origin, granted: true })
      return true
    }
    const granted = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 5_000)
      this.requestHandler!(
        contents,
        permission,
        (g) => {
          clearTimeout(timer)
          resolve(g === true)
        },
        { requestingUrl: url, isMainFrame: true, ...details },
      )
    })
    this.asked.push({ kind: 'request', permission, origin, granted })
    return granted
  }

  /** Check first; if the check says no, ask the request handler (the documented order). */
  async decide(
    contents: unknown,
    permission: string,
    origin: string,
    url: string,
  ): Promise<boolean> {
    if (this.check(contents, permission, origin, url)) return true
    return this.request(contents, permission, origin, url)
  }
}

export interface DialogScript {
  /** Answers for showOpenDialog, in order: the chosen paths, or null for Cancel. */
  open: Array<string[] | null>
  /** Answers for showSaveDialog, in order. */
  save: Array<string | null>
  /** Button indexes for showMessageBox, in order (default 0). */
  messageBox: number[]
}

/** https://www.electronjs.org/docs/latest/api/dialog */
export class FakeDialog {
  readonly shown: Array<{ kind: string; title: string; message: string }> = []
  constructor(readonly script: DialogScript) {}

  showErrorBox = (title: string, content: string): void => {
    this.shown.push({ kind: 'error', title, message: content })
  }

  private static opts(a: unknown, b: unknown): Record<string, unknown> {
    return (b ?? a ?? {}) as Record<string, unknown>
  }

  showMessageBox = async (a: unknown, b?: unknown) => {
    const o = FakeDialog.opts(a, b)
    this.shown.push({
      kind: 'message',
      title: String(o.title ?? ''),
      message: `${o.message ?? ''}\n${o.detail ?? ''}`.trim(),
    })
    return { response: this.script.messageBox.shift() ?? 0, checkboxChecked: false }
  }

  showMessageBoxSync = (a: unknown, b?: unknown): number => {
    const o = FakeDialog.opts(a, b)
    this.shown.push({
      kind: 'message',
      title: String(o.title ?? ''),
      message: `${o.message ?? ''}\n${o.detail ?? ''}`.trim(),
    })
    return this.script.messageBox.shift() ?? 0
  }

  showOpenDialog = async (a: unknown, b?: unknown) => {
    const o = FakeDialog.opts(a, b)
    this.shown.push({ kind: 'open', title: String(o.title ?? ''), message: '' })
    const answer = this.script.open.shift() ?? null
    return { canceled: answer === null, filePaths: answer ?? [] }
  }

  showSaveDialog = async (a: unknown, b?: unknown) => {
    const o = FakeDialog.opts(a, b)
    this.shown.push({ kind: 'save', title: String(o.title ?? ''), message: '' })
    const answer = this.script.save.shift() ?? null
    return { canceled: answer === null, filePath: answer ?? undefined }
  }
}

/** https://www.electronjs.org/docs/latest/api/shell: recorded; trashItem moves into a folder. */
export class FakeShell {
  readonly log: string[] = []
  readonly opened: string[] = []
  constructor(private readonly trashDir: string) {}

  openExternal = async (url: string): Promise<void> => {
    this.opened.push(url)
    this.log.push(`openExternal ${url}`)
  }

  showItemInFolder = (path: string): void => {
    this.log.push(`show ${path}`)
  }

  openPath = async (path: string): Promise<string> => {
    this.log.push(`open ${path}`)
    return ''
  }

  trashItem = async (path: string): Promise<void> => {
    mkdirSync(this.trashDir, { recursive: true })
    renameSync(
      path,
      join(this.trashDir, `${Date.now()}-${Math.random().toString(36).slice(2)}-${basename(path)}`),
    )
    this.log.push(`trash ${path}`)
  }

  beep = (): void => {}
}

/** Notification (https://www.electronjs.org/docs/latest/api/notification): show() is recorded. */
export class FakeNotification extends EventEmitter {
  static sent: Array<{ title: string; body: string }> = []
  static isSupported(): boolean {
    return true
  }
  constructor(readonly options: { title?: string; body?: string } = {}) {
    super()
  }
  show(): void {
    FakeNotification.sent.push({ title: this.options.title ?? '', body: this.options.body ?? '' })
    this.emit('show')
  }
  close(): void {}
}

/** A Notification class whose shown notifications go to `sent` (one per launched app). */
export function fakeNotificationClass(
  sent: Array<{ title: string; body: string }>,
): typeof FakeNotification {
  return class extends FakeNotification {
    static override sent = sent
    override show(): void {
      sent.push({ title: this.options.title ?? '', body: this.options.body ?? '' })
      this.emit('show')
    }
  }
}

export function fakeNativeTheme(dark: boolean) {
  return Object.assign(new EventEmitter(), {
    shouldUseDarkColors: dark,
    themeSource: 'system',
    shouldUseHighContrastColors: false,
  })
}

export const fakeNativeImage = {
  createFromPath: (path: string) => ({ path, isEmpty: () => false, toPNG: () => Buffer.alloc(0) }),
  createEmpty: () => ({ isEmpty: () => true, toPNG: () => Buffer.alloc(0) }),
}

export function fakeClipboard() {
  let text = ''
  return {
    readText: () => text,
    writeText: (t: string) => void (text = t),
    clear: () => void (text = ''),
  }
}
