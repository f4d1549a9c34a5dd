import type { UpdateView } from '@shared/ipc/contract/updates'

import { api, call } from './client'

/** Where the updater is and the user's choices (Settings). */
export const updatesState = () => call(() => api().updates.get({}))

/** Turn checks on or off, pick stable or beta, point at another feed, or change its time limit. */
export const setUpdatePrefs = (prefs: {
  enabled?: boolean
  channel?: 'stable' | 'beta'
  feedUrl?: string
  timeoutSeconds?: number
}) => call(() => api().updates.setPrefs(prefs))

export const checkForUpdates = () => call(() => api().updates.check({}))

/** Installs the downloaded update (main waits while a paid request is in flight). */
export const restartToUpdate = () => call(() => api().updates.restart({}))

/** Every move of the updater (found, progress, ready, waiting, failed); returns unsubscribe. */
export const onUpdatesChanged = (listener: (view: UpdateView) => void) =>
  api().on('updates:changed', listener)
