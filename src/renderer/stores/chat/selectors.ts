import { isValidPair } from '@shared/chat/models'
import type { ChatMessageView } from '@shared/chat/types'

import type { ChatStore } from './action'

export const selectBusy = (s: ChatStore): boolean => Boolean(s.current?.busy) || s.sending

/** The last user message, the one Edit and Regenerate work on (none after a compaction). */
export function selectLastUser(s: ChatStore): ChatMessageView | null {
  const messages = s.current?.messages ?? []
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!
    if (m.role === 'compaction') return null
    if (m.role === 'user') return m
  }
  return null
}

/** The id of the last assistant reply, where Regenerate is offered. */
export function selectLastReplyId(s: ChatStore): string | null {
  const last = s.current?.messages.at(-1)
  return last?.role === 'assistant' ? last.id : null
}

/** The picker's model is listed by the account and the pair is one the catalog allows. */
export const selectCanSend = (s: ChatStore): boolean =>
  Boolean(
    s.model &&
    s.endpoint &&
    isValidPair(s.model, s.endpoint) &&
    s.models?.models.some((m) => m.id === s.model),
  )

/** The open conversation's model can be compacted (and has something to compact). */
export function selectCanCompact(s: ChatStore): boolean {
  const c = s.current
  if (!c) return false
  const option = s.models?.models.find((m) => m.id === c.model)
  if (!option?.compact) return false
  const lastCompaction = c.messages.findLastIndex((m) => m.role === 'compaction')
  return c.messages.slice(lastCompaction + 1).some((m) => m.role === 'user')
}
