import { type AppError, isAppFailure } from '@shared/result'

import { t } from '../../i18n'

/**
 * The error a failed or broken-off reply is stored with. The client's messages are kept; the
 * action is rewritten for a conversation (there is no task history to check for text: the next
 * step is Regenerate, and a partial reply is never thrown away). Each action is one message that
 * selects on `partial`, so "the partial reply is kept" is part of the sentence in every language.
 */
export function replyError(e: unknown, partial: boolean): AppError {
  const kept = partial ? 'yes' : 'no'
  if (!isAppFailure(e)) {
    return {
      code: 'internal',
      message: t('chatReplyUnreadable'),
      action: t('chatReplyUnreadableAction', { partial: kept }),
    }
  }
  const error: AppError = { ...e.error }
  switch (error.code) {
    case 'network':
      error.message = partial ? t('chatConnectionLost') : t('chatUnreachable')
      error.action = t('chatNetworkAction', { partial: kept })
      break
    case 'timeout':
      error.message = t('chatStopped')
      error.action = t('chatRetryAction', { partial: kept })
      break
    case 'rate_limited': {
      const seconds = error.retryAfterMs
        ? String(Math.max(1, Math.ceil(error.retryAfterMs / 1000)))
        : 'none'
      error.action = t('chatRateAction', { partial: kept, seconds })
      break
    }
    case 'server':
      error.action = t('chatServerAction', { partial: kept })
      break
    case 'model_unavailable':
      error.action = t('chatModelUnavailableAction')
      break
    case 'not_connected':
      error.action = t('chatNotConnectedAction')
      break
    default:
      if (partial && error.action) error.action = t('chatPartialKept', { action: error.action })
  }
  return error
}

/** Why a reply that was arriving when the app stopped is incomplete. */
export const interrupted = (): AppError => ({
  code: 'cancelled',
  message: t('chatInterrupted'),
  action: t('chatInterruptedAction'),
})
