import { BrowserWindow } from 'electron'

import { secureWebPreferences } from './security'

export interface MainWindowOptions {
  preloadPath: string
  /** app://gen-studio/ in production, the dev server URL in development. */
  url: string
  /** How long a window may stay hidden waiting for its first paint before it is shown anyway. */
  showFallbackMs?: number
}

/** Chromium's net::ERR_ABORTED: a navigation replaced by another one, not a failure. */
const ERR_ABORTED = -3

/** The page main shows after a failed load or a crash (src/renderer/public/error.html). */
export function errorPageUrl(appUrl: string, reason: 'load' | 'crash', detail: string): string {
  const url = new URL('error.html', appUrl)
  url.searchParams.set('reason', reason)
  url.searchParams.set('detail', detail.slice(0, 200))
  return url.href
}

/** When even the error page cannot load (the app's files are gone): words only, no script. */
export function lastResortPage(detail: string): string {
  const text = detail.replace(/[<>&"]/g, ' ').slice(0, 200)
  return `data:text/html;charset=utf-8,${encodeURIComponent(
    `<!doctype html><meta http-equiv="Content-Security-Policy" content="default-src 'none'"><title>Gen Studio</title><body style="font-family:system-ui;margin:12vh auto;max-width:34rem"><h1>Gen Studio could not load its window</h1><p>${text}</p><p>Quit and start Gen Studio again. If it keeps happening, reinstall it: your library and settings are kept.</p></body>`,
  )}`
}

/**
 * The one app window: hidden until the first paint so the user never sees a white flash, but
 * never left invisible: `ready-to-show` is not emitted for a load that fails
 * (https://www.electronjs.org/docs/latest/api/browser-window#using-the-ready-to-show-event), so a
 * failed load (`did-fail-load`), a renderer crash (`render-process-gone`) or a first paint that
 * never comes shows the window with a page that says what happened and offers Reload.
 */
export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 880,
    minHeight: 560,
    show: false,
    title: 'Gen Studio',
    backgroundColor: '#16171b',
    webPreferences: secureWebPreferences(options.preloadPath),
  })
  const show = () => {
    if (!window.isDestroyed() && !window.isVisible()) window.show()
  }
  window.once('ready-to-show', show)
  const fallback = setTimeout(show, options.showFallbackMs ?? 5_000)
  window.once('closed', () => clearTimeout(fallback))

  const errorPage = (reason: 'load' | 'crash', detail: string) => {
    show()
    void window.loadURL(errorPageUrl(options.url, reason, detail)).catch(() => {})
  }
  const errorBase = new URL('error.html', options.url).href
  // https://www.electronjs.org/docs/latest/api/web-contents#event-did-fail-load
  window.webContents.on(
    'did-fail-load',
    (_event, code: number, description: string, url: string, isMainFrame: boolean) => {
      if (!isMainFrame || code === ERR_ABORTED || url.startsWith('data:')) return
      if (url.startsWith(errorBase)) {
        show()
        void window.loadURL(lastResortPage(description)).catch(() => {})
        return
      }
      errorPage('load', description || `error ${code}`)
    },
  )
  // https://www.electronjs.org/docs/latest/api/web-contents#event-render-process-gone
  window.webContents.on('render-process-gone', (_event, details: { reason: string }) => {
    if (details.reason === 'clean-exit') return
    errorPage('crash', details.reason)
  })
  void window.loadURL(options.url).catch(() => {
    // did-fail-load has shown the error page.
  })
  return window
}
