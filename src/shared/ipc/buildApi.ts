import type { Result } from '../result'
import { type Api, type Channel, CHANNELS, type EventName, EVENTS, splitChannel } from './contract'

/** How a transport delivers one call and one subscription; the preload and the e2e bridge differ only here. */
export interface ApiTransport {
  invoke(channel: Channel, payload: unknown): Promise<Result<unknown>>
  subscribe(event: EventName, listener: (payload: unknown) => void): () => void
  pathForFile(file: File): Promise<string>
}

/**
 * Builds the renderer's API object from the contract, so the preload (Electron) and the browser
 * test bridge expose exactly the same surface: one function per channel, nothing generic.
 */
export function buildApi(transport: ApiTransport): Api {
  const api: Record<string, unknown> = {}
  for (const channel of CHANNELS) {
    const [domain, verb] = splitChannel(channel)
    const group = (api[domain] ??= {}) as Record<string, unknown>
    group[verb] = (payload: unknown) => transport.invoke(channel, payload ?? {})
  }
  api.on = (event: EventName, listener: (payload: unknown) => void) => {
    if (!EVENTS.includes(event)) throw new Error(`Unknown event ${String(event)}`)
    return transport.subscribe(event, listener)
  }
  api.pathForFile = (file: File) => transport.pathForFile(file)
  return api as Api
}
