import type {
  ChatDeltaEvent,
  ChatMessageView,
  ChatUpdatedEvent,
  ConversationSummary,
  ConversationView,
} from '@shared/chat/types'

/**
 * Applies a coalesced delta to the open conversation. Main sends the length the text had before
 * the delta, so a delta already contained in a fresher snapshot is skipped or trimmed, and a gap
 * (events missed while the conversation was loading) asks for a refetch instead of garbling text.
 */
export function applyDelta(
  current: ConversationView | null,
  e: ChatDeltaEvent,
): { current: ConversationView | null; resync: boolean } {
  if (!current || current.id !== e.conversationId) return { current, resync: false }
  const index = current.messages.findIndex((m) => m.id === e.messageId)
  if (index < 0) return { current, resync: true }
  const message = current.messages[index]!
  const have = message.content.length
  let content: string
  if (e.offset === have) content = message.content + e.append
  else if (e.offset + e.append.length <= have) return { current, resync: false }
  else if (e.offset < have) content = message.content + e.append.slice(have - e.offset)
  else return { current, resync: true }
  const messages = current.messages.slice()
  messages[index] = {
    ...message,
    content,
    status: message.status === 'pending' ? 'streaming' : message.status,
  }
  return { current: { ...current, messages }, resync: false }
}

const byRecent = (a: ConversationSummary, b: ConversationSummary) => b.updatedAt - a.updatedAt

/** Puts a changed conversation into the list (new ones too), most recent first. */
export function upsertSummary(
  list: readonly ConversationSummary[],
  summary: ConversationSummary,
): ConversationSummary[] {
  const rest = list.filter((c) => c.id !== summary.id)
  return [...rest, summary].sort(byRecent)
}

function upsertMessage(
  messages: readonly ChatMessageView[],
  message: ChatMessageView,
): ChatMessageView[] {
  const index = messages.findIndex((m) => m.id === message.id)
  if (index >= 0) {
    const next = messages.slice()
    next[index] = message
    return next
  }
  return [...messages, message].sort((a, b) => a.seq - b.seq)
}

/** Applies `chat:updated` to the open conversation (status, final text, removed messages). */
export function applyUpdated(
  current: ConversationView | null,
  e: ChatUpdatedEvent,
): ConversationView | null {
  if (!current || current.id !== e.conversation.id) return current
  let messages = current.messages
  if (e.removedMessageIds.length > 0) {
    const removed = new Set(e.removedMessageIds)
    messages = messages.filter((m) => !removed.has(m.id))
  }
  if (e.message) messages = upsertMessage(messages, e.message)
  return { ...current, ...e.conversation, messages }
}
