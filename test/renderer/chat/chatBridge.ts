import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import type { Container } from '../../../src/main/container'
import { MainEvents } from '../../../src/main/events'
import { dispatch } from '../../../src/main/ipc/dispatch'
import { chatHandlers } from '../../../src/main/ipc/handlers/chat'
import { ChatService } from '../../../src/main/services/chat/ChatService'
import { ChatStore } from '../../../src/main/services/chat/ChatStore'
import { buildApi } from '../../../src/shared/ipc/buildApi'
import type { Handlers } from '../../../src/shared/ipc/contract'
import { FakeGateway } from '../../unit/chat/fakeGateway'

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
    pathForFile: () => '',
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
