import type { Handlers } from '@shared/ipc/contract'
import { CHANNELS } from '@shared/ipc/contract'
import { err } from '@shared/result'
import { ipcMain, type IpcMainInvokeEvent } from 'electron'

import { dispatch, type UnexpectedErrorSink } from './dispatch'

export interface RegisterOptions {
  /** True only for URLs of the app's own content (app:// in production, the dev server in dev). */
  isTrustedUrl(url: string): boolean
  onUnexpected?: UnexpectedErrorSink
}

/**
 * The only place that touches ipcMain. Every channel of the contract gets one handler that checks
 * the sender frame (a navigated-away or foreign frame gets `forbidden`) and hands over to dispatch.
 * Returns a function that removes all handlers (window teardown, tests).
 */
export function registerIpc(handlers: Handlers, options: RegisterOptions): () => void {
  for (const channel of CHANNELS) {
    ipcMain.handle(channel, (event: IpcMainInvokeEvent, payload: unknown) => {
      const url = event.senderFrame?.url ?? ''
      if (!options.isTrustedUrl(url)) {
        return err({ code: 'forbidden', message: 'This window may not call Gen Studio.' })
      }
      return dispatch(
        handlers,
        channel,
        payload,
        { senderId: event.sender.id },
        options.onUnexpected,
      )
    })
  }
  return () => {
    for (const channel of CHANNELS) ipcMain.removeHandler(channel)
  }
}
