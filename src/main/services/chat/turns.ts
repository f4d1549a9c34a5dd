import { getTextModel } from '@shared/catalog/models'
import { canCompact } from '@shared/chat/models'
import { fail } from '@shared/result'

import { t } from '../../i18n'
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
  if (index < 0) return fail('validation', t('chatNothingToAnswer'))
  const after = messages.slice(index + 1)
  if (after.some((m) => m.role === 'compaction')) {
    fail('validation', t('chatCompactedAfter'), {
      action: t('chatCompactedAfterAction'),
    })
  }
  return { lastUser: messages[index]!, after }
}

/** Refuses a compaction the service would refuse or that would change nothing, before any call. */
export function checkCompactable(model: string, messages: readonly StoredMessage[]): void {
  if (!canCompact(model)) {
    const label = getTextModel(model)?.label ?? model
    fail('unsupported', t('chatCannotCompact', { model: label }), {
      action: t('chatCannotCompactAction'),
    })
  }
  if (!hasTurnsSinceCompaction(messages)) {
    fail('validation', t('chatNothingToCompact'), {
      action: t('chatNothingToCompactAction'),
    })
  }
}

/** The refusal for an id whose conversation was deleted (or never existed). */
export function conversationGone(): never {
  return fail('not_found', t('chatGone'), {
    action: t('chatGoneAction'),
  })
}
