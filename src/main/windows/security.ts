import { isSafeExternalUrl } from '@shared/externalUrl'
import type { Session, WebContents, WebPreferences } from 'electron'

/** The checklist's webPreferences for every window: isolated, sandboxed, no Node in the page. */
export function secureWebPreferences(preload: string): WebPreferences {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: true,
  }
}

export interface HardenOptions {
  openExternal(url: string): void
}

/**
 * No page may navigate the window or open new ones: every navigation is cancelled, and web links
 * (http/https only) go to the OS browser instead. Webviews are refused outright.
 */
export function hardenWebContents(contents: WebContents, options: HardenOptions): void {
  const toBrowser = (url: string) => {
    if (isSafeExternalUrl(url)) options.openExternal(url)
  }
  contents.on('will-navigate', (event, url) => {
    event.preventDefault()
    toBrowser(url)
  })
  contents.on('will-redirect', (event) => event.preventDefault())
  contents.on('will-attach-webview', (event) => event.preventDefault())
  contents.setWindowOpenHandler(({ url }) => {
    toBrowser(url)
    return { action: 'deny' }
  })
}

/** Camera, microphone, notifications, geolocation, USB...: the renderer gets none of them. */
export function hardenSession(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  session.setPermissionCheckHandler(() => false)
  session.setDevicePermissionHandler(() => false)
}
