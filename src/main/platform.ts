import type { AppInfo } from '@shared/ipc/contract'

import type { Notifier } from './adapters/notifications/Notifier'

/**
 * What services need from the desktop shell (dialogs, OS browser, OS notifications, app metadata). Electron provides
 * it in production (src/main/electronPlatform.ts); tests and the browser bridge provide their own.
 */
export interface Platform extends Notifier {
  appInfo(): AppInfo
  openExternal(url: string): Promise<void>
  /** Shows a folder picker for the window that asked; null when cancelled. */
  chooseDirectory(senderId: number, title: string): Promise<string | null>
  /** Shows a save dialog for the window that asked; the chosen path, or null when cancelled. */
  chooseSaveFile(
    senderId: number,
    options: {
      title: string
      defaultName: string
      filters: Array<{ name: string; extensions: string[] }>
    },
  ): Promise<string | null>
  /** Reveals a file in the OS file manager. */
  showItemInFolder(path: string): void
  /** Opens a file with its default application; resolves to an error message, '' on success. */
  openPath(path: string): Promise<string>
  /** Starts an OS drag of files from the window that asked (call during the renderer's dragstart). */
  startDrag(senderId: number, drag: { files: string[]; icon: string }): void
  /** Moves a file to the OS trash (recoverable there); rejects when it could not. */
  trashItem(path: string): Promise<void>
  /** Loads the app again in the window that asked (after a failed load or a renderer crash). */
  reloadWindow(senderId: number): void
}
