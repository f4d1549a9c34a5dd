import { api, call } from './client'

/** What the app sees of the library folder's sync (Settings → Sync). */
export const syncStatus = () => call(() => api().sync.status({}))

/** Restores a delete from the library's trash, made on this machine or another. */
export const restoreDeleted = (token: string) => call(() => api().sync.restore({ token }))
