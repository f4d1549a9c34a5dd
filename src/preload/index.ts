import { buildApi } from '@shared/ipc/buildApi'
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
  pathForFile: (file: File) => webUtils.getPathForFile(file),
})

contextBridge.exposeInMainWorld('api', api)
