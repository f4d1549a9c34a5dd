// Bundled by the harness into the page (addInitScript): window.api built with the SAME buildApi as
// the preload, over a Playwright binding instead of ipcRenderer.
import { buildApi } from '@shared/ipc/buildApi'
import type { Channel, EventName } from '@shared/ipc/contract'
import type { Result } from '@shared/result'

declare global {
  interface Window {
    __genStudioInvoke(channel: Channel, payload: unknown): Promise<Result<unknown>>
    __genStudioEmit(event: EventName, payload: unknown): void
    /** What the "OS" knows about files the test drops: name → absolute path. */
    __genStudioFilePaths?: Record<string, string>
  }
}

const listeners = new Map<string, Set<(payload: unknown) => void>>()
window.__genStudioEmit = (event, payload) => {
  for (const l of listeners.get(event) ?? []) l(payload)
}
window.api = buildApi({
  invoke: (channel, payload) => window.__genStudioInvoke(channel, payload),
  subscribe(event, listener) {
    const set = listeners.get(event) ?? new Set()
    listeners.set(event, set)
    set.add(listener)
    return () => {
      set.delete(listener)
    }
  },
  pathForFile: (file) => window.__genStudioFilePaths?.[file.name] ?? '',
})
