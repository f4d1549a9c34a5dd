import { join } from 'node:path'

import { APP_ORIGIN, APP_SCHEME, MEDIA_SCHEME } from '@shared/protocols'
import { app, BrowserWindow, protocol, session, shell } from 'electron'

import { KeytarSecretStore } from './adapters/secrets/KeytarSecretStore'
import { type Container, createContainer } from './container'
import { createElectronPlatform } from './electronPlatform'
import { createHandlers } from './ipc/handlers'
import { registerIpc } from './ipc/register'
import { serveAppRequest } from './protocols/appProtocol'
import { createMainWindow } from './windows/mainWindow'
import { hardenSession, hardenWebContents } from './windows/security'

// Lifecycle only: everything with behaviour lives in services, wired by container.ts.

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
app.enableSandbox()

const devUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined
const appUrl = devUrl ?? `${APP_ORIGIN}/`
// Compared by scheme and host, not URL.origin: Node gives custom schemes (app:) an opaque origin,
// the string "null", which file:, data:, about:blank and app://anything would all have matched.
const trusted = new URL(appUrl)

let container: Container | null = null

function isTrustedUrl(url: string): boolean {
  try {
    const { protocol, host } = new URL(url)
    return protocol === trusted.protocol && host === trusted.host
  } catch {
    return false
  }
}

function openWindow(): void {
  createMainWindow({ preloadPath: join(__dirname, '../preload/index.js'), url: appUrl })
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

  void app.whenReady().then(() => {
    hardenSession(session.defaultSession, { isTrustedUrl })
    const rendererDir = join(__dirname, '../renderer')
    protocol.handle(APP_SCHEME, (request) => serveAppRequest(rendererDir, request))

    container = createContainer({
      userDataDir: app.getPath('userData'),
      defaultLibraryDir: join(app.getPath('pictures'), 'Gen Studio'),
      secrets: new KeytarSecretStore(),
      platform: createElectronPlatform(),
    })
    protocol.handle(MEDIA_SCHEME, container.library.serveMedia)
    registerIpc(createHandlers(container), {
      isTrustedUrl,
      // Unexpected failures go to the redacting diagnostics log, never raw to the console.
      onUnexpected: (channel, error) => container?.diagnostics.error(`ipc ${channel}`, error),
    })
    container.events.forward((event, payload) => {
      for (const window of BrowserWindow.getAllWindows()) window.webContents.send(event, payload)
    })

    openWindow()
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) openWindow()
    })
  })

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })

  app.on('will-quit', () => {
    void container?.dispose()
  })
}
