import { buildApi } from '@shared/ipc/buildApi'
import { CHOSEN_FILE_CHANNEL } from '@shared/ipc/chosenFile'
import type { Channel, EventName } from '@shared/ipc/contract'
import type { Result } from '@shared/result'
import { contextBridge, ipcRenderer, type IpcRendererEvent, webUtils } from 'electron'

/**
 * Exposes exactly the contract as `window.api`: one function per channel, typed subscriptions that
 * return an unsubscribe function, and never the IPC event object or a generic invoke.
 */
const api = buildApi({
  invoke: (channel: Channel, payload: unknown) =>
    ipcRenderer.invoke(channel, payload) as Promise<Result<unknown>>,
  subscribe(event: EventName, listener: (payload: unknown) => void) {
    const handler = (_event: IpcRendererEvent, payload: unknown) => listener(payload)
    ipcRenderer.on(event, handler)
    return () => {
      ipcRenderer.removeListener(event, handler)
    }
  },
  async pathForFile(file: File) {
    const path = webUtils.getPathForFile(file)
    // Main may read only files the user chose; a File made by script has no path to report.
    if (path) await ipcRenderer.invoke(CHOSEN_FILE_CHANNEL, path)
    return path
  },
})

contextBridge.exposeInMainWorld('api', api)
