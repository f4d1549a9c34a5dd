import { randomUUID } from 'node:crypto'

import { titleFrom } from '@shared/chat/limits'
import type {
  ChatDeleteResult,
  ChatModelsView,
  ChatSearchHit,
  ChatSendResult,
  ConversationSummary,
  ConversationView,
  TextEndpoint,
} from '@shared/chat/types'
import { msg } from '@shared/i18n/message'
import { fail } from '@shared/result'

import type { MainEvents } from '../../events'
import { t } from '../../i18n'
import { ChatModels, checkPair } from './ChatModels'
import type { ChatServiceOptions, ReplyOptions } from './chatOptions'
import { type ChatStore, messageView, type StoredMessage } from './ChatStore'
import { historyTurns } from './history'
import {
  type ActiveRequest,
  compactionOf,
  pendingRequest,
  runReply,
  settleFailedReply,
} from './replies'
import { interrupted } from './replyErrors'
import { ReplyWriter } from './ReplyWriter'
import type { TextGateway } from './TextGateway'
import { spendOnReply, type TextSpend } from './textSpend'
import { checkCompactable, conversationGone, lastUserTurn } from './turns'

export type { ChatServiceOptions, ReplyOptions } from './chatOptions'

/**
 * Conversations with the text models: stored in SQLite (readable offline), replies streamed to
 * the renderer as coalesced deltas and persisted while they arrive, one request at a time per
 * conversation, cancellable with Stop. Model/endpoint pairs come from the catalog and the
 * account's model list; what the service says goes into the conversation, never lost.
 */
export class ChatService {
  private readonly store: ChatStore
  private readonly gateway: TextGateway
  private readonly events: MainEvents
  private readonly now: () => number
  private readonly newId: () => string
  private readonly writerTiming: { flushMs: number; persistMs: number }
  private readonly purgeAfterMs: number
  private readonly onClose: (() => Promise<void>) | undefined
  private readonly spend: TextSpend | undefined
  private readonly active = new Map<string, ActiveRequest>()
  private readonly modelList: ChatModels
  private closed = false
  private readonly unsubscribe: () => void

  constructor(options: ChatServiceOptions) {
    this.store = options.store
    this.gateway = options.gateway
    this.events = options.events
    this.now = options.now ?? Date.now
    this.newId = options.newId ?? randomUUID
    this.writerTiming = { flushMs: options.flushMs ?? 50, persistMs: options.persistMs ?? 400 }
    this.purgeAfterMs = options.purgeAfterMs ?? 10 * 60_000
    this.onClose = options.onClose
    this.spend = options.spend
    this.modelList = new ChatModels(this.store, this.gateway, this.now)
    // A new key or address may list other models: fetch the list again on next use.
    this.unsubscribe = this.events.forward((event) => {
      if (event === 'settings:changed') this.modelList.invalidate()
    })
    this.store.recoverInterrupted(interrupted(), this.now())
    this.store.purgeDeleted(this.now() - this.purgeAfterMs)
  }

  // ───────────────────────────── reading (offline) ─────────────────────────────

  list(): ConversationSummary[] {
    return this.store.listConversations().map((c) => this.withBusy(c))
  }

  get(id: string): ConversationView {
    const summary = this.store.summary(id)
    if (!summary) return conversationGone()
    const writer = this.active.get(id)?.writer
    const messages = this.store.messages(id).map((m) => {
      const view = messageView(m)
      // A streaming reply's newest text is in memory; it reaches disk within persistMs.
      if (writer && m.status === 'streaming') view.content = writer.content
      return view
    })
    return { ...this.withBusy(summary), messages }
  }

  search(query: string, limit = 30): ChatSearchHit[] {
    return this.store.search(query, limit)
  }

  /**
   * The catalog's text models the account lists. Fetched at most every few minutes (or on
   * refresh, or after the key changed); the last answer is stored, so the picker still shows the
   * account's models offline.
   */
  models(refresh = false): Promise<ChatModelsView> {
    return this.modelList.list(refresh)
  }

  /**
   * The list as known right now, without a request: this session's answer or the stored one. The
   * picker shows it at once while `models()` asks the service (which can take seconds offline).
   */
  cachedModels(): ChatModelsView {
    return this.modelList.cached()
  }

  // ───────────────────────────── editing ─────────────────────────────

  create(input: { model: string; endpoint?: TextEndpoint | undefined; title?: string }) {
    const endpoint = checkPair(input.model, input.endpoint)
    const id = this.newId()
    this.store.createConversation({
      id,
      title: input.title?.trim() || msg('chatNewConversation'),
      model: input.model,
      endpoint,
      now: this.now(),
    })
    this.emitUpdated(id, null)
    return this.get(id)
  }

  rename(id: string, title: string): ConversationSummary {
    if (!this.store.summary(id)) conversationGone()
    this.store.updateConversation(id, { title: title.trim(), now: this.now() })
    return this.emitUpdated(id, null)
  }

  async delete(id: string): Promise<ChatDeleteResult> {
    if (!this.store.summary(id)) conversationGone()
    await this.stop(id)
    const undoToken = this.newId()
    const now = this.now()
    this.store.softDelete(id, undoToken, now)
    this.store.purgeDeleted(now - this.purgeAfterMs)
    return { conversationId: id, undoToken, purgeAt: now + this.purgeAfterMs }
  }

  undoDelete(undoToken: string): ConversationSummary {
    const id = this.store.undoDelete(undoToken)
    if (!id) {
      return fail('not_found', t('chatCannotRestore'), {
        action: t('chatCannotRestoreAction'),
      })
    }
    return this.emitUpdated(id, null)
  }

  // ───────────────────────────── replies ─────────────────────────────

  /** Stores the user's message (in a new conversation when no id) and starts the reply. */
  async send(
    input: ReplyOptions & { conversationId?: string | undefined; text: string },
  ): Promise<ChatSendResult> {
    const existing = input.conversationId ? this.store.summary(input.conversationId) : null
    if (input.conversationId && !existing) conversationGone()
    const model = input.model ?? existing?.model
    if (!model)
      return fail('validation', t('chatPickModelFirst'), { fields: { model: t('required') } })
    const endpoint = checkPair(model, input.endpoint, existing?.endpoint)
    await this.modelList.checkListed(model)
    let conversationId = existing?.id
    if (conversationId) {
      this.checkIdle(conversationId)
    } else {
      conversationId = this.newId()
      this.store.createConversation({
        id: conversationId,
        title: titleFrom(input.text),
        model,
        endpoint,
        now: this.now(),
      })
    }
    this.store.updateConversation(conversationId, { model, endpoint, now: this.now() })
    const user = this.store.insertMessage({
      id: this.newId(),
      conversationId,
      role: 'user',
      content: input.text,
      status: 'complete',
      model,
      endpoint,
      streamed: input.stream,
      now: this.now(),
    })
    return this.startReply(conversationId, user.id, model, endpoint, input.stream)
  }

  /** Replaces every reply after the last user message with a new one. */
  regenerate(input: ReplyOptions & { conversationId: string }): Promise<ChatSendResult> {
    return this.answerLastAgain(input, null)
  }

  /** Changes the last user message and asks again; later replies are replaced. */
  editLast(
    input: ReplyOptions & { conversationId: string; text: string },
  ): Promise<ChatSendResult> {
    return this.answerLastAgain(input, input.text)
  }

  /** Stops the request running in a conversation; a partial reply is kept (status `stopped`). */
  async stop(conversationId: string): Promise<{ stopped: boolean }> {
    const active = this.active.get(conversationId)
    if (!active) return { stopped: false }
    active.stopped = true
    active.controller.abort()
    await active.done
    return { stopped: true }
  }

  /**
   * Compacts the history with /v1/responses/compact (only models that accept it). What the
   * service returned is stored verbatim as a `compaction` message; later requests send its
   * messages instead of the history before it.
   */
  async compact(conversationId: string): Promise<ConversationView> {
    const conversation = this.store.summary(conversationId) ?? conversationGone()
    this.checkIdle(conversationId)
    const messages = this.store.messages(conversationId)
    checkCompactable(conversation.model, messages)
    await this.modelList.checkListed(conversation.model)
    const { active, release } = pendingRequest(null)
    this.active.set(conversationId, active)
    this.emitUpdated(conversationId, null)
    let storedId: string | null = null
    try {
      const reply = await compactionOf(this.gateway, conversation.model, messages, active)
      storedId = this.store.insertMessage({
        id: this.newId(),
        conversationId,
        role: 'compaction',
        ...reply,
        status: 'complete',
        model: conversation.model,
        endpoint: 'responses',
        streamed: false,
        now: this.now(),
      }).id
    } finally {
      this.active.delete(conversationId)
      release()
      this.emitUpdated(conversationId, storedId)
    }
    return this.get(conversationId)
  }

  /** Paid requests being answered (replies and compactions): an update install waits for them. */
  replying(): number {
    return this.active.size
  }

  /** Resolves when no request runs in the conversation (tests, shutdown). */
  async idle(conversationId: string): Promise<void> {
    await this.active.get(conversationId)?.done
  }

  /** Ends every request (replies are kept as incomplete) and closes the database. */
  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    this.unsubscribe()
    const running = [...this.active.values()]
    for (const a of running) a.controller.abort()
    await Promise.all(running.map((a) => a.done))
    this.store.close()
    await this.onClose?.()
  }

  // ───────────────────────────── internals ─────────────────────────────

  private startReply(
    conversationId: string,
    afterMessageId: string,
    model: string,
    endpoint: TextEndpoint,
    stream: boolean,
  ): ChatSendResult {
    if (this.closed) fail('cancelled', 'Gen Studio is closing.')
    // Responses replies arrive whole unless the gateway can stream them.
    const streams = stream && (endpoint === 'chat.completions' || !!this.gateway.responsesStream)
    const history = historyTurns(this.store.messages(conversationId))
    const assistant = this.store.insertMessage({
      id: this.newId(),
      conversationId,
      role: 'assistant',
      content: '',
      status: 'pending',
      model,
      endpoint,
      streamed: streams,
      now: this.now(),
    })
    const writer = new ReplyWriter({
      store: this.store,
      conversationId,
      messageId: assistant.id,
      emit: (delta) => this.events.emit('chat:delta', delta),
      now: this.now,
      ...this.writerTiming,
    })
    const { active } = pendingRequest(writer)
    this.active.set(conversationId, active)
    const spent = spendOnReply(this.spend, { id: assistant.id, model, history })
    active.done = runReply(this.gateway, active, { model, endpoint, stream: streams, history })
      .then(
        () => {
          writer.finish('complete', null)
          spent.done()
        },
        (e: unknown) => {
          settleFailedReply(active, e, () => this.modelList.invalidate())
          spent.failedWith(e)
        },
      )
      .finally(() => {
        this.active.delete(conversationId)
        this.emitUpdated(conversationId, assistant.id)
      })
      // The outcome is in the database and in the events; a failure to write it (disk gone) must
      // not become an unhandled rejection of this background promise.
      .catch(() => {})
    this.emitUpdated(conversationId, assistant.id)
    return {
      conversation: this.get(conversationId),
      userMessageId: afterMessageId,
      assistantMessageId: assistant.id,
    }
  }

  /** Regenerate and Edit: the replies after the last user message go, a new one starts. */
  private async answerLastAgain(
    input: ReplyOptions & { conversationId: string },
    newText: string | null,
  ): Promise<ChatSendResult> {
    const id = input.conversationId
    const conversation = this.store.summary(id) ?? conversationGone()
    this.checkIdle(id)
    const { lastUser, after } = lastUserTurn(this.store.messages(id))
    const model = input.model ?? conversation.model
    const endpoint = checkPair(model, input.endpoint, conversation.endpoint)
    await this.modelList.checkListed(model)
    this.removeMessages(id, after)
    if (newText !== null)
      this.store.updateMessage(lastUser.id, { content: newText, now: this.now() })
    this.store.updateConversation(id, { model, endpoint, now: this.now() })
    if (newText !== null) this.emitUpdated(id, lastUser.id)
    return this.startReply(id, lastUser.id, model, endpoint, input.stream)
  }

  private removeMessages(conversationId: string, messages: readonly StoredMessage[]): void {
    if (messages.length === 0) return
    const ids = messages.map((m) => m.id)
    this.store.deleteMessages(ids)
    this.events.emit('chat:updated', {
      conversation: this.withBusy(this.store.summary(conversationId)!),
      message: null,
      removedMessageIds: ids,
    })
  }

  private checkIdle(conversationId: string): void {
    if (this.active.has(conversationId)) {
      fail('validation', t('chatReplyArriving'), {
        action: t('chatReplyArrivingAction'),
      })
    }
  }

  private withBusy(c: ConversationSummary): ConversationSummary {
    return { ...c, busy: this.active.has(c.id) }
  }

  private emitUpdated(conversationId: string, messageId: string | null): ConversationSummary {
    const summary = this.store.summary(conversationId)
    if (!summary) return conversationGone()
    const view = this.withBusy(summary)
    const stored = messageId ? this.store.message(messageId) : null
    this.events.emit('chat:updated', {
      conversation: view,
      message: stored ? messageView(stored) : null,
      removedMessageIds: [],
    })
    return view
  }
}
