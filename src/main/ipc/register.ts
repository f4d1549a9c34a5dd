import { CHOSEN_FILE_CHANNEL } from '@shared/ipc/chosenFile'
import type { Handlers } from '@shared/ipc/contract'
import { CHANNELS } from '@shared/ipc/contract'
import { err } from '@shared/result'
import { ipcMain, type IpcMainInvokeEvent } from 'electron'

import { t } from '../i18n'
import { dispatch, type UnexpectedErrorSink } from './dispatch'

export interface RegisterOptions {
  /** True only for URLs of the app's own content (app:// in production, the dev server in dev). */
  isTrustedUrl(url: string): boolean
  onUnexpected?: UnexpectedErrorSink
  /** The preload reports a file the user dropped or picked (outside the contract). */
  onChosenFile?: (path: unknown) => void
  /**
   * Settles when the services may answer (boot.ts: the task journal is open); a message that
   * arrives earlier waits for it. Never rejects into a handler: a failed start ends the app.
   */
  ready?: Promise<unknown>
}

/**
 * The only place that touches ipcMain. Every channel of the contract gets one handler that checks
 * the sender frame (a navigated-away or foreign frame gets `forbidden`) and hands over to dispatch.
 * Returns a function that removes all handlers (window teardown, tests).
 */
export function registerIpc(handlers: Handlers, options: RegisterOptions): () => void {
  // A failed start is reported by whoever started (index.ts shows a dialog and exits).
  const ready = (options.ready ?? Promise.resolve()).catch(() => undefined)
  for (const channel of CHANNELS) {
    ipcMain.handle(channel, async (event: IpcMainInvokeEvent, payload: unknown) => {
      const url = event.senderFrame?.url ?? ''
      if (!options.isTrustedUrl(url)) {
        return err({ code: 'forbidden', message: t('ipcForbiddenWindow') })
      }
      await ready
      return dispatch(
        handlers,
        channel,
        payload,
        { senderId: event.sender.id },
        options.onUnexpected,
      )
    })
  }
  ipcMain.handle(CHOSEN_FILE_CHANNEL, (event: IpcMainInvokeEvent, path: unknown) => {
    if (options.isTrustedUrl(event.senderFrame?.url ?? '')) options.onChosenFile?.(path)
    return null
  })
  return () => {
    for (const channel of CHANNELS) ipcMain.removeHandler(channel)
    ipcMain.removeHandler(CHOSEN_FILE_CHANNEL)
  }
}
