import { api, call } from './client'

/** The app's name, version and platform (Settings' About). */
export const appInfo = () => call(() => api().app.info({}))

/** Opens an http(s) link in the OS browser (main checks the URL again). */
export const openExternal = (url: string) => call(() => api().shell.openExternal({ url }))
