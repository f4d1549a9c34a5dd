/** What the double tells the page runtime (runtime.ts), shared by both sides. */
export interface PageConfig {
  /** scheme → the loopback origin suffix (`.<scheme>.localhost:<port>`) of every registered scheme. */
  schemes: Record<string, string>
  /** The window's effective webPreferences (Electron's defaults applied). */
  prefs: { contextIsolation: boolean; sandbox: boolean }
}

/** The text a window.open prompt() starts with, for the double in main to recognise. */
export const WINDOW_OPEN_PROMPT = '__electronDouble:window.open '
