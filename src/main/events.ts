import type { EventName, EventPayload } from '@shared/ipc/contract'

type Listener = (event: EventName, payload: unknown) => void

/**
 * Main's typed event bus. Services emit contract events here without knowing about windows; the
 * Electron shell (or the browser test bridge) forwards them to renderers.
 */
export class MainEvents {
  private readonly listeners = new Set<Listener>()

  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    for (const l of this.listeners) l(event, payload)
  }

  /** Receives every event; returns the unsubscribe function. */
  forward(listener: Listener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }
}
