import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import type { Container } from '@main/container'
import { MainEvents } from '@main/events'
import { dispatch } from '@main/ipc/dispatch'
import { chatHandlers } from '@main/ipc/handlers/chat'
import { ChatService } from '@main/services/chat/ChatService'
import { ChatStore } from '@main/services/chat/ChatStore'
import { buildApi } from '@shared/ipc/buildApi'
import type { Handlers } from '@shared/ipc/contract'
import { FakeGateway } from '@test/support/FakeTextGateway'

/**
 * window.api for renderer tests, backed by the real chat handlers, zod parsing (dispatch) and
 * ChatService on a real SQLite file; only the service's HTTP side is a scripted fake.
 */
export function chatBridge() {
  const dir = mkdtempSync(join(tmpdir(), 'chat-renderer-'))
  const events = new MainEvents()
  const gateway = new FakeGateway()
  const chat = new ChatService({
    store: new ChatStore(join(dir, 'chat.sqlite')),
    gateway,
    events,
    flushMs: 10,
    persistMs: 50,
  })
  const opened: string[] = []
  const calls: string[] = []
  const handlers = {
    ...chatHandlers({ chat } as unknown as Container),
    'shell:openExternal': ({ url }: { url: string }) => {
      opened.push(url)
      return null
    },
  } as unknown as Handlers
  const listeners = new Map<string, Set<(p: unknown) => void>>()
  events.forward((event, payload) => {
    for (const l of listeners.get(event) ?? []) l(payload)
  })
  window.api = buildApi({
    invoke: (channel, payload) => {
      calls.push(channel)
      return dispatch(handlers, channel, payload, { senderId: 1 })
    },
    subscribe(event, listener) {
      const set = listeners.get(event) ?? new Set()
      listeners.set(event, set)
      set.add(listener)
      return () => set.delete(listener)
    },
    pathForFile: async () => '',
  })
  return {
    chat,
    gateway,
    opened,
    calls,
    async close() {
      await chat.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
