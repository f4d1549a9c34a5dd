import { type AppError, isAppFailure } from '@shared/result'

import { t as tr } from '../../../i18n'

/**
 * What the engine does about a failed call, by the AppError code the gateway reported:
 * - `retry`: timeouts, disconnects, 5xx: same state, same key, back off, for as long as it takes;
 * - `malformed`: an answer that cannot be used (unparseable, unsafe, too large) or an unexpected
 *   exception: the same key a few times (a proxy may have mangled it), then the task stops and
 *   waits for the user, because a deterministic answer would come back the same forever;
 * - `rate_limited`: 429: the account pauses for Retry-After, then the same call again;
 * - `pending`: generation_pending: the original may still run: wait, keep the key;
 * - `quote_expired`: get a new quote (workbench);
 * - `refused`: a definitive answer about the request itself (400, 401, 403, model access), or
 *   the app's own budget refusing it before it was sent;
 * - `not_found`: a 404 or an expired link: the caller decides by phase;
 * - `offline`: no address or key configured: wait for Settings, nothing was sent;
 * - `storage`: the library folder cannot take the file;
 * - `cancelled`: the engine is stopping.
 */
export type Disposition =
  | 'retry'
  | 'malformed'
  | 'rate_limited'
  | 'pending'
  | 'quote_expired'
  | 'refused'
  | 'not_found'
  | 'offline'
  | 'storage'
  | 'cancelled'

export function dispositionOf(error: AppError): Disposition {
  switch (error.code) {
    case 'rate_limited':
      return 'rate_limited'
    case 'pending':
      return 'pending'
    case 'quote_expired':
      return 'quote_expired'
    case 'validation':
    case 'auth':
    case 'forbidden':
    case 'model_unavailable':
    case 'unsupported':
    case 'over_budget':
    case 'repeat':
      return 'refused'
    case 'not_found':
      return 'not_found'
    case 'not_connected':
    case 'no_secure_store':
      return 'offline'
    case 'storage':
      return 'storage'
    case 'cancelled':
      return 'cancelled'
    case 'network':
    case 'timeout':
    case 'server':
      return 'retry'
    case 'bad_response':
    case 'internal':
      return 'malformed'
  }
}

/** Any thrown value as an AppError: unexpected exceptions count as passing internal errors. */
export function toAppError(e: unknown): AppError {
  if (isAppFailure(e)) return e.error
  const message = e instanceof Error ? e.message : String(e)
  return {
    code: 'internal',
    message: tr('unexpectedProblem', { detail: message.slice(0, 300) }),
    action: tr('unexpectedProblemAction'),
  }
}
