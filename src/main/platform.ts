import type { AppInfo } from '@shared/ipc/contract'

/**
 * What services need from the desktop shell (dialogs, OS browser, app metadata). Electron provides
 * it in production (src/main/electronPlatform.ts); tests and the browser bridge provide their own.
 */
export interface Platform {
  appInfo(): AppInfo
  openExternal(url: string): Promise<void>
  /** Shows a folder picker for the window that asked; null when cancelled. */
  chooseDirectory(senderId: number, title: string): Promise<string | null>
}
