import { type AppError, isAppFailure } from '@shared/result'

/**
 * The error a failed or broken-off reply is stored with. The client's messages are kept; the
 * action is rewritten for a conversation (there is no task history to check for text: the next
 * step is Regenerate, and a partial reply is never thrown away).
 */
export function replyError(e: unknown, partial: boolean): AppError {
  if (!isAppFailure(e)) {
    return {
      code: 'internal',
      message: 'The reply could not be read.',
      action: partial
        ? 'The partial reply is kept. Press Regenerate to try again.'
        : 'Press Regenerate to try again; export diagnostics if it keeps happening.',
    }
  }
  const error: AppError = { ...e.error }
  const kept = partial ? 'The partial reply is kept. ' : ''
  switch (error.code) {
    case 'network':
      error.message = partial
        ? 'The connection was lost while the reply was arriving.'
        : 'The service could not be reached.'
      error.action = `${kept}Check the network connection, then press Regenerate.`
      break
    case 'timeout':
      error.message = 'The service stopped answering before the reply was complete.'
      error.action = `${kept}Press Regenerate to try again.`
      break
    case 'rate_limited': {
      const wait = error.retryAfterMs
        ? `${Math.max(1, Math.ceil(error.retryAfterMs / 1000))} s`
        : 'a moment'
      error.action = `${kept}Wait ${wait}, then press Regenerate; fewer requests at once help.`
      break
    }
    case 'server':
      error.action = `${kept}Press Regenerate in a moment.`
      break
    case 'model_unavailable':
      error.action =
        'Pick another model above. This account cannot use this one; resending will not help.'
      break
    case 'not_connected':
      error.action = 'Connect to the service in Settings; stored conversations stay readable.'
      break
    default:
      if (partial && error.action) error.action = `${kept}${error.action}`
  }
  return error
}

/** Why a reply that was arriving when the app stopped is incomplete. */
export const INTERRUPTED: AppError = {
  code: 'cancelled',
  message: 'Gen Studio closed before this reply was complete.',
  action: 'The partial reply is kept. Press Regenerate for a full reply.',
}
