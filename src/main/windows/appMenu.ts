import type { MenuItemConstructorOptions } from 'electron'

import { onMainLanguage, t } from '../i18n'

export interface AppMenuOptions {
  /** macOS: the app menu first, Close Window instead of Quit under File. */
  mac: boolean
  /** From a checkout: the developer tools are in View. */
  dev: boolean
  appName: string
}

/**
 * The native menu in main's language (issue #34): Electron's standard roles, each with a label
 * from the `main` catalog. "When specifying a role on macOS, label and accelerator are the only
 * options that will affect the menu item" (https://www.electronjs.org/docs/latest/api/menu-item#roles),
 * so the role keeps its behaviour and its platform accelerator, and only the words change.
 */
export function appMenuTemplate(o: AppMenuOptions): MenuItemConstructorOptions[] {
  const sep = { type: 'separator' } as const
  const appMenu: MenuItemConstructorOptions = {
    label: o.appName,
    submenu: [
      { role: 'about', label: t('menuAbout', { app: o.appName }) },
      sep,
      { role: 'services', label: t('menuServices') },
      sep,
      { role: 'hide', label: t('menuHide', { app: o.appName }) },
      { role: 'hideOthers', label: t('menuHideOthers') },
      { role: 'unhide', label: t('menuShowAll') },
      sep,
      { role: 'quit', label: t('menuQuit', { app: o.appName }) },
    ],
  }
  const file: MenuItemConstructorOptions = {
    label: t('menuFile'),
    submenu: [
      o.mac
        ? { role: 'close', label: t('menuCloseWindow') }
        : { role: 'quit', label: t('menuQuit', { app: o.appName }) },
    ],
  }
  const edit: MenuItemConstructorOptions = {
    label: t('menuEdit'),
    submenu: [
      { role: 'undo', label: t('menuUndo') },
      { role: 'redo', label: t('menuRedo') },
      sep,
      { role: 'cut', label: t('menuCut') },
      { role: 'copy', label: t('menuCopy') },
      { role: 'paste', label: t('menuPaste') },
      { role: 'selectAll', label: t('menuSelectAll') },
    ],
  }
  const view: MenuItemConstructorOptions = {
    label: t('menuView'),
    submenu: [
      { role: 'reload', label: t('menuReload') },
      ...(o.dev ? [{ role: 'toggleDevTools', label: t('menuDevTools') } as const] : []),
      sep,
      { role: 'resetZoom', label: t('menuActualSize') },
      { role: 'zoomIn', label: t('menuZoomIn') },
      { role: 'zoomOut', label: t('menuZoomOut') },
      sep,
      { role: 'togglefullscreen', label: t('menuFullScreen') },
    ],
  }
  const window: MenuItemConstructorOptions = {
    label: t('menuWindow'),
    submenu: [
      { role: 'minimize', label: t('menuMinimize') },
      o.mac ? { role: 'zoom', label: t('menuZoom') } : { role: 'close', label: t('menuClose') },
    ],
  }
  return [...(o.mac ? [appMenu] : []), file, edit, view, window]
}

/** What installAppMenu needs of Electron's Menu. */
export interface MenuApi<M> {
  buildFromTemplate(template: MenuItemConstructorOptions[]): M
  setApplicationMenu(menu: M | null): void
}

/** Sets the app menu now and again after every change of main's language; returns the stop. */
export function installAppMenu<M>(menu: MenuApi<M>, options: AppMenuOptions): () => void {
  const apply = () => menu.setApplicationMenu(menu.buildFromTemplate(appMenuTemplate(options)))
  apply()
  return onMainLanguage(apply)
}
