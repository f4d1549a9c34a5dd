import type { AppInfo } from '@shared/ipc/contract'
import { app, BrowserWindow, dialog, nativeImage, Notification, shell, webContents } from 'electron'

import type { Platform } from './platform'

/** The Platform adapter backed by Electron's app, dialog and shell modules. */
export function createElectronPlatform(options: { appUrl: string }): Platform {
  return {
    appInfo: (): AppInfo => ({
      name: app.getName(),
      version: app.getVersion(),
      platform: `${process.platform}-${process.arch}`,
      versions: {
        electron: process.versions.electron ?? '',
        chrome: process.versions.chrome ?? '',
        node: process.versions.node,
      },
    }),
    openExternal: (url) => shell.openExternal(url),
    notify({ title, body }) {
      if (Notification.isSupported()) new Notification({ title, body }).show()
    },
    async chooseDirectory(senderId, title) {
      const contents = webContents.fromId(senderId)
      const owner = contents ? BrowserWindow.fromWebContents(contents) : null
      const options = {
        title,
        properties: ['openDirectory', 'createDirectory'] as Array<
          'openDirectory' | 'createDirectory'
        >,
      }
      const result = owner
        ? await dialog.showOpenDialog(owner, options)
        : await dialog.showOpenDialog(options)
      return result.canceled ? null : (result.filePaths[0] ?? null)
    },
    async chooseSaveFile(senderId, { title, defaultName, filters }) {
      const contents = webContents.fromId(senderId)
      const owner = contents ? BrowserWindow.fromWebContents(contents) : null
      const options = { title, defaultPath: defaultName, filters }
      const result = owner
        ? await dialog.showSaveDialog(owner, options)
        : await dialog.showSaveDialog(options)
      return result.canceled || !result.filePath ? null : result.filePath
    },
    showItemInFolder: (path) => shell.showItemInFolder(path),
    openPath: (path) => shell.openPath(path),
    startDrag(senderId, { files, icon }) {
      const contents = webContents.fromId(senderId)
      if (!contents || !files[0]) return
      contents.startDrag({ file: files[0], files, icon: nativeImage.createFromPath(icon) })
    },
    trashItem: (path) => shell.trashItem(path),
    reloadWindow(senderId) {
      const contents = webContents.fromId(senderId)
      if (contents && !contents.isDestroyed()) void contents.loadURL(options.appUrl).catch(() => {})
    },
  }
}
