import { getTextModel } from '@shared/catalog/models'
import { canCompact } from '@shared/chat/models'
import { fail } from '@shared/result'

import type { StoredMessage } from './ChatStore'
import { hasTurnsSinceCompaction } from './history'

/**
 * The last user message and what came after it: what Regenerate and Edit replace. Refused when
 * there is no user message yet, or when a compaction came after it (the history it would be
 * answered from no longer exists as sent).
 */
export function lastUserTurn(messages: readonly StoredMessage[]): {
  lastUser: StoredMessage
  after: StoredMessage[]
} {
  let index = -1
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]!.role === 'user') {
      index = i
      break
    }
  }
  if (index < 0) return fail('validation', 'There is no message to answer yet.')
  const after = messages.slice(index + 1)
  if (after.some((m) => m.role === 'compaction')) {
    fail('validation', 'The conversation was compacted after this message.', {
      action: 'Send a new message instead.',
    })
  }
  return { lastUser: messages[index]!, after }
}

/** Refuses a compaction the service would refuse or that would change nothing, before any call. */
export function checkCompactable(model: string, messages: readonly StoredMessage[]): void {
  if (!canCompact(model)) {
    const label = getTextModel(model)?.label ?? model
    fail('unsupported', `${label} cannot be compacted: only models that use Responses can.`, {
      action: 'Switch the conversation to Standard 6 Sol, Standard 6 Astra or Standard 5.6 Sol.',
    })
  }
  if (!hasTurnsSinceCompaction(messages)) {
    fail('validation', 'There is nothing new to compact.', {
      action: 'Compact again after the conversation has gone on.',
    })
  }
}

/** The refusal for an id whose conversation was deleted (or never existed). */
export function conversationGone(): never {
  return fail('not_found', 'This conversation no longer exists.', {
    action: 'It may have been deleted; pick another one from the list.',
  })
}
