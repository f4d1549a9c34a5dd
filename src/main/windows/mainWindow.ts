import { BrowserWindow } from 'electron'

import { secureWebPreferences } from './security'

export interface MainWindowOptions {
  preloadPath: string
  /** app://gen-studio/ in production, the dev server URL in development. */
  url: string
}

/** The one app window: hidden until the first paint so the user never sees a white flash. */
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
  window.once('ready-to-show', () => window.show())
  void window.loadURL(options.url)
  return window
}
