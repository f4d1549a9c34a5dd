import { join } from 'node:path'

import { languageFromSystem } from '@shared/i18n/locales'
import { APP_ORIGIN, APP_SCHEME, MEDIA_SCHEME } from '@shared/protocols'
import { app, BrowserWindow, crashReporter, dialog, Menu, protocol, session, shell } from 'electron'

import type { Container } from './container'
import { setMainLanguage } from './i18n'
import { serveAppRequest } from './protocols/appProtocol'
import { guardProcess } from './startup/processGuard'
import { describeStartupFailure } from './startup/startupFailure'
import { installAppMenu } from './windows/appMenu'
import { createMainWindow } from './windows/mainWindow'
import { hardenSession, hardenWebContents } from './windows/security'

// Lifecycle only: everything with behaviour lives in services, wired by container.ts.

/** electron-builder.yml's appId: Windows groups the taskbar and routes notifications by it. */
const APP_USER_MODEL_ID = 'com.genstudio.desktop'
/** How long quitting waits for the databases and logs to close before it gives up. */
const DISPOSE_TIMEOUT_MS = 10_000

protocol.registerSchemesAsPrivileged([
  {
    scheme: APP_SCHEME,
    privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
  },
  {
    // corsEnabled: the library's <video crossOrigin> (poster capture) is a CORS request, which
    // Electron fails for a custom scheme registered without it, whatever the response headers
    // (https://www.electronjs.org/docs/latest/api/protocol#protocolregisterschemesasprivilegedcustomschemes).
    scheme: MEDIA_SCHEME,
    privileges: {
      standard: true,
      secure: true,
      supportFetchAPI: true,
      stream: true,
      corsEnabled: true,
    },
  },
])
// Minidumps stay on this machine (app.getPath('crashDumps')): uploads off, so no submitURL is
// needed; started before `ready` so every process is watched
// (https://www.electronjs.org/docs/latest/api/crash-reporter#crashreporterstartoptions).
crashReporter.start({ uploadToServer: false })
app.enableSandbox()
// https://www.electronjs.org/docs/latest/tutorial/notifications#windows
if (process.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID)

const devUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined
const appUrl = devUrl ?? `${APP_ORIGIN}/`
// Compared by scheme and host, not URL.origin: Node gives custom schemes (app:) an opaque origin,
// the string "null", which file:, data:, about:blank and app://anything would all have matched.
const trusted = new URL(appUrl)
/** The checkout or app.asar root (this file is out/main/index.js). */
const appRoot = join(__dirname, '..', '..')

let container: Container | null = null

// Before the container exists there is no log (and no secret to redact): the console it is.
const unguard = guardProcess(process, (scope, error) =>
  container ? container.diagnostics.error(scope, error) : console.error(scope, error),
)

function isTrustedUrl(url: string): boolean {
  try {
    const { protocol, host } = new URL(url)
    return protocol === trusted.protocol && host === trusted.host
  } catch {
    return false
  }
}

function openWindow(): BrowserWindow {
  return createMainWindow({ preloadPath: join(__dirname, '../preload/index.js'), url: appUrl })
}

/** Everything that must work before the first window: any failure here is shown, not swallowed. */
async function start(): Promise<void> {
  // Until the settings are read (boot.ts), main speaks the OS's language: a start-up failure
  // dialog is in it (https://www.electronjs.org/docs/latest/api/app#appgetpreferredsystemlanguages).
  setMainLanguage(languageFromSystem(app.getPreferredSystemLanguages()))
  // The native menu in main's language, rebuilt when the language changes (issue #34).
  installAppMenu(Menu, {
    mac: process.platform === 'darwin',
    dev: !app.isPackaged,
    appName: app.getName(),
  })
  hardenSession(session.defaultSession, { isTrustedUrl })
  const rendererDir = join(__dirname, '../renderer')
  protocol.handle(APP_SCHEME, (request) => serveAppRequest(rendererDir, request))
  // The window first (hidden until its first paint, mainWindow.ts): Chromium starts its renderer
  // while main loads and starts the services (boot.ts, a chunk of its own), instead of after.
  const window = openWindow()
  try {
    const { bootServices } = await import('./boot')
    await bootServices({
      userDataDir: app.getPath('userData'),
      defaultLibraryDir: join(app.getPath('pictures'), 'Gen Studio'),
      appUrl,
      appRoot,
      mainDir: __dirname,
      resourcesPath: app.isPackaged ? process.resourcesPath : null,
      crashDumpsDir: app.getPath('crashDumps'),
      isTrustedUrl,
      onContainer: (c) => (container = c),
    })
  } catch (error) {
    // A start that failed leaves no window behind: the dialog says what failed.
    if (!window.isDestroyed()) window.destroy()
    throw error
  }
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow()
  })
}

/**
 * A main process that cannot start says so in a native dialog (safe to call once the app is ready,
 * https://www.electronjs.org/docs/latest/api/dialog#dialogshowerrorboxtitle-content) and exits
 * when the user has read it; it never sits there with no window.
 */
function failToStart(error: unknown): void {
  const { title, message } = describeStartupFailure(error, {
    userDataDir: app.getPath('userData'),
    fromCheckout: !app.isPackaged,
  })
  console.error(`${title}\n${message}`)
  dialog.showErrorBox(title, message)
  void container?.dispose().catch(() => {})
  app.exit(1)
}

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  app.on('second-instance', () => {
    const [window] = BrowserWindow.getAllWindows()
    if (window) {
      if (window.isMinimized()) window.restore()
      window.focus()
    }
  })

  app.on('web-contents-created', (_event, contents) => {
    hardenWebContents(contents, { openExternal: (url) => void shell.openExternal(url) })
  })

  void app
    .whenReady()
    .then(start)
    .catch((error: unknown) => failToStart(error))

  app.on('quit', unguard)

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })

  // will-quit does not wait for promises: hold the quit (preventDefault), close the databases
  // and flush the log, then quit for real
  // (https://www.electronjs.org/docs/latest/api/app#event-will-quit).
  let disposed = false
  app.on('will-quit', (event) => {
    if (disposed || !container) return
    event.preventDefault()
    disposed = true
    const done = container.dispose()
    const timeout = new Promise<'timeout'>((resolve) =>
      setTimeout(() => resolve('timeout'), DISPOSE_TIMEOUT_MS).unref(),
    )
    void Promise.race([done, timeout])
      .catch((error: unknown) => console.error('Closing Gen Studio failed', error))
      .finally(() => app.quit())
  })
}
