import { safeExternalUrl } from '@shared/externalUrl'
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
    const safe = safeExternalUrl(url)
    if (safe) options.openExternal(safe)
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

/**
 * What the app's own pages may use without asking: writing text to the clipboard (Copy prompt;
 * Electron 44+ gives renderers no clipboard module, so `navigator.clipboard.writeText` is the only
 * way, and Chromium asks the session for `clipboard-sanitized-write` —
 * https://www.electronjs.org/docs/latest/api/session#sessetpermissioncheckhandlerhandler) and
 * fullscreen for the library's video player. Reading the clipboard is not on the list.
 */
export const GRANTED_TO_APP = new Set(['clipboard-sanitized-write', 'fullscreen'])

export interface SessionPolicy {
  /** True only for the app's own content (app:// in production, the dev server in dev). */
  isTrustedUrl(url: string): boolean
}

/**
 * Camera, microphone, notifications, geolocation, USB...: the renderer gets none of them. Only the
 * app's own origin gets the few permissions in GRANTED_TO_APP, through both handlers: "most web
 * APIs do a permission check and then make a permission request if the check is denied"
 * (Electron's session docs), so the check handler must say yes for them too.
 */
export function hardenSession(session: Session, policy: SessionPolicy): void {
  const allowed = (permission: string, url: string | undefined) =>
    GRANTED_TO_APP.has(permission) && !!url && policy.isTrustedUrl(url)
  session.setPermissionRequestHandler((contents, permission, callback, details) =>
    callback(allowed(permission, details?.requestingUrl || contents?.getURL?.())),
  )
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) =>
    allowed(permission, details?.requestingUrl || requestingOrigin),
  )
  session.setDevicePermissionHandler(() => false)
}
