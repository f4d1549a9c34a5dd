import { endpointFor } from '@shared/chat/models'
import type {
  ChatDeltaEvent,
  ChatSendResult,
  ChatUpdatedEvent,
  ConversationView,
  TextEndpoint,
} from '@shared/chat/types'
import type { Result } from '@shared/result'
import type { StateCreator } from 'zustand'

import { api, call } from '../../api/client'
import { translate } from '../../i18n/translate'
import type { ChatState } from './initialState'
import { applyDelta, applyUpdated, upsertSummary } from './reducers'

export interface ChatActions {
  /** Loads the list and the models and subscribes to main's chat events; returns the unsubscribe. */
  start(): () => void
  loadList(): Promise<void>
  loadModels(refresh?: boolean, cachedOnly?: boolean): Promise<void>
  open(id: string): Promise<void>
  /** Starts a new conversation (created in main with its first message). */
  newChat(): void
  send(text: string): Promise<boolean>
  stop(): Promise<void>
  regenerate(): Promise<void>
  editLast(text: string): Promise<boolean>
  compact(): Promise<void>
  rename(id: string, title: string): Promise<boolean>
  remove(id: string): Promise<void>
  undoRemove(): Promise<void>
  dismissUndo(): void
  search(query: string): Promise<void>
  setModel(model: string): void
  setEndpoint(endpoint: TextEndpoint): void
  setStream(stream: boolean): void
  clearError(): void
  receiveDelta(e: ChatDeltaEvent): void
  receiveUpdated(e: ChatUpdatedEvent): void
}

export type ChatStore = ChatState & ChatActions

type ChatEvent = { kind: 'delta'; e: ChatDeltaEvent } | { kind: 'updated'; e: ChatUpdatedEvent }

export const createChatActions: StateCreator<ChatStore, [], [], ChatActions> = (set, get) => {
  /**
   * Events that arrive while a call that returns a conversation snapshot is on its way. Main takes
   * the snapshot before it sends those events, so they are applied again on top of the snapshot
   * (both kinds are idempotent: deltas carry offsets, updates replace whole messages).
   */
  const logs = new Set<ChatEvent[]>()
  async function tracked<T>(run: () => Promise<Result<T>>): Promise<[Result<T>, ChatEvent[]]> {
    const log: ChatEvent[] = []
    logs.add(log)
    try {
      return [await call(run), log]
    } finally {
      logs.delete(log)
    }
  }
  const replay = (current: ConversationView, log: readonly ChatEvent[]): ConversationView => {
    let view = current
    for (const item of log) {
      if (item.kind === 'updated') view = applyUpdated(view, item.e) ?? view
      else view = applyDelta(view, item.e).current ?? view
    }
    return view
  }

  /** Applies what a send/regenerate/editLast answered: the conversation as main has it. */
  const started = ([result, log]: [Result<ChatSendResult>, ChatEvent[]]): boolean => {
    if (!result.ok) {
      set({ sending: false, error: result.error })
      return false
    }
    const conversation = replay(result.value.conversation, log)
    set((s) => ({
      sending: false,
      error: null,
      current: conversation,
      conversations: upsertSummary(s.conversations, conversation),
    }))
    return true
  }

  const picked = () => {
    const { model, endpoint, stream } = get()
    return { model: model ?? undefined, endpoint: endpoint ?? undefined, stream }
  }

  return {
    start() {
      void get().loadList()
      // The last known list at once, then the account's current one (slow when offline).
      void get()
        .loadModels(false, true)
        .then(() => get().loadModels())
      const offDelta = api().on('chat:delta', (e) => get().receiveDelta(e))
      const offUpdated = api().on('chat:updated', (e) => get().receiveUpdated(e))
      // Another key or address may list other models.
      const offSettings = api().on('settings:changed', () => void get().loadModels(true))
      return () => {
        offDelta()
        offUpdated()
        offSettings()
      }
    },

    async loadList() {
      const result = await call(() => api().chat.list({}))
      if (result.ok) set({ conversations: result.value, listLoaded: true })
      else set({ error: result.error, listLoaded: true })
    },

    async loadModels(refresh = false, cachedOnly = false) {
      const result = await call(() =>
        api().chat.models(cachedOnly ? { cachedOnly } : refresh ? { refresh } : {}),
      )
      if (!result.ok) return set({ error: result.error })
      const models = result.value
      set((s) => {
        if (s.model && models.models.some((m) => m.id === s.model)) return { models }
        const first = models.models[0]
        return {
          models,
          model: first?.id ?? s.model,
          endpoint: first ? endpointFor(first.id, s.endpoint) : s.endpoint,
        }
      })
    },

    async open(id) {
      set({ loadingCurrent: true, error: null })
      const [result, log] = await tracked(() => api().chat.get({ id }))
      if (!result.ok) return set({ loadingCurrent: false, error: result.error })
      const c = replay(result.value, log)
      set({ current: c, loadingCurrent: false, model: c.model, endpoint: c.endpoint })
    },

    newChat: () => set({ current: null, error: null }),

    async send(text) {
      const current = get().current
      set({ sending: true, error: null })
      return started(
        await tracked(() =>
          api().chat.send({
            ...picked(),
            text,
            ...(current ? { conversationId: current.id } : {}),
          }),
        ),
      )
    },

    async stop() {
      const current = get().current
      if (!current) return
      const result = await call(() => api().chat.stop({ conversationId: current.id }))
      if (!result.ok) set({ error: result.error })
    },

    async regenerate() {
      const current = get().current
      if (!current) return
      set({ sending: true, error: null })
      started(
        await tracked(() => api().chat.regenerate({ ...picked(), conversationId: current.id })),
      )
    },

    async editLast(text) {
      const current = get().current
      if (!current) return false
      set({ sending: true, error: null })
      return started(
        await tracked(() => api().chat.editLast({ ...picked(), conversationId: current.id, text })),
      )
    },

    async compact() {
      const current = get().current
      if (!current) return
      set({ compacting: true, error: null })
      const result = await call(() => api().chat.compact({ conversationId: current.id }))
      if (result.ok) set({ compacting: false, current: result.value })
      else set({ compacting: false, error: result.error })
    },

    async rename(id, title) {
      const result = await call(() => api().chat.rename({ id, title }))
      if (!result.ok) {
        set({ error: result.error })
        return false
      }
      const summary = result.value
      set((s) => ({
        conversations: upsertSummary(s.conversations, summary),
        current: s.current?.id === id ? { ...s.current, title: summary.title } : s.current,
      }))
      return true
    },

    async remove(id) {
      const title =
        get().conversations.find((c) => c.id === id)?.title ??
        translate('common', 'conversationFallback')
      const result = await call(() => api().chat.delete({ id }))
      if (!result.ok) return set({ error: result.error })
      set((s) => ({
        conversations: s.conversations.filter((c) => c.id !== id),
        hits: s.hits?.filter((h) => h.conversationId !== id) ?? null,
        current: s.current?.id === id ? null : s.current,
        undo: { conversationId: id, title, undoToken: result.value.undoToken },
      }))
    },

    async undoRemove() {
      const undo = get().undo
      if (!undo) return
      set({ undo: null })
      const result = await call(() => api().chat.undoDelete({ undoToken: undo.undoToken }))
      if (!result.ok) return set({ error: result.error })
      set((s) => ({ conversations: upsertSummary(s.conversations, result.value) }))
      await get().open(undo.conversationId)
    },

    dismissUndo: () => set({ undo: null }),

    async search(query) {
      set({ query })
      if (!query.trim()) return set({ hits: null })
      const result = await call(() => api().chat.search({ query }))
      // Only the answer to the latest query counts (typing fires several).
      if (get().query !== query) return
      if (result.ok) set({ hits: result.value })
      else set({ error: result.error })
    },

    setModel: (model) => set((s) => ({ model, endpoint: endpointFor(model, s.endpoint) })),
    setEndpoint: (endpoint) => set({ endpoint }),
    setStream: (stream) => set({ stream }),
    clearError: () => set({ error: null }),

    receiveDelta(e) {
      for (const log of logs) log.push({ kind: 'delta', e })
      const { current, resync } = applyDelta(get().current, e)
      if (current !== get().current) set({ current })
      if (resync) void get().open(e.conversationId)
    },

    receiveUpdated(e) {
      for (const log of logs) log.push({ kind: 'updated', e })
      set((s) => ({
        conversations: upsertSummary(s.conversations, e.conversation),
        current: applyUpdated(s.current, e),
      }))
    },
  }
}
