import { create } from 'zustand'

import { type ChatStore, createChatActions } from './action'
import { initialState } from './initialState'

/**
 * The chat area's state: the conversation list, the open conversation (kept current by
 * `chat:delta` / `chat:updated` from main) and the picker. Main's SQLite is the source of truth;
 * nothing here is persisted, so a reload shows exactly what main stored.
 */
export const useChatStore = create<ChatStore>()((...args) => ({
  ...initialState,
  ...createChatActions(...args),
}))

export type { ChatStore } from './action'
export * from './selectors'
