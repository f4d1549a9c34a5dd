/**
 * When and how long to wait before trying a request again. Kept free of I/O so every rule
 * (which statuses, which methods, how long, how often) is unit-tested directly.
 */
export interface RetryPolicy {
  /** Total attempts including the first one. */
  maxAttempts: number
  /** First backoff step; doubles each attempt before jitter. */
  baseDelayMs: number
  /** Upper bound of one computed backoff step. */
  maxDelayMs: number
  /**
   * A Retry-After longer than this is not waited out inside the request: the caller gets
   * `rate_limited` with `retryAfterMs` and schedules the retry itself (the task engine does).
   */
  maxRetryAfterMs: number
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 20_000,
  maxRetryAfterMs: 60_000,
}

/** 408, 429 and every 5xx are transient by HTTP's own definition; other statuses are answers. */
export const isRetryableStatus = (status: number): boolean =>
  status === 408 || status === 429 || (status >= 500 && status <= 599)

/**
 * A POST may only be repeated when the server can recognise the repeat (Idempotency-Key or
 * client_request_id, the same value on every attempt); otherwise a retry could charge twice.
 */
export const mayRetryMethod = (method: string, idempotent: boolean): boolean =>
  method === 'GET' || method === 'HEAD' || idempotent

/** An HTTP-date starts with its day name; group 1 is the comma that asctime-date lacks. */
const HTTP_DATE_START = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*(,?) /

/**
 * Retry-After is either delta-seconds or an HTTP-date (RFC 9110 §10.2.3) in any of the three
 * formats a recipient must accept (§5.6.7: IMF-fixdate, rfc850-date, asctime-date). Returns
 * milliseconds from `now`, or null when absent or unparseable. A date in the past means "now" (0).
 */
export function parseRetryAfter(value: string | string[] | undefined, now: number): number | null {
  const raw = Array.isArray(value) ? value[0] : value
  if (raw === undefined) return null
  const text = raw.trim()
  if (/^\d+$/.test(text)) return Number(text) * 1000
  if (/^\d+\.\d+$/.test(text)) return Math.round(Number(text) * 1000)
  // An HTTP-date names its day; anything else Date.parse happens to accept ("-5" is the year
  // 5 BC) is not a Retry-After.
  const start = HTTP_DATE_START.exec(text)
  if (!start) return null
  // asctime-date carries no zone, and Date.parse would read it in local time; HTTP dates are GMT.
  const date = Date.parse(start[1] ? text : `${text} GMT`)
  return Number.isNaN(date) ? null : Math.max(0, date - now)
}

/**
 * Exponential backoff with full jitter (AWS architecture blog's recommendation): a uniform pick
 * in [0, min(cap, base·2^n)], so many clients retrying together spread out. `attempt` is 1 for
 * the wait after the first failure. A Retry-After from the server replaces the computed step.
 */
export function backoffDelay(
  policy: RetryPolicy,
  attempt: number,
  random: number,
  retryAfterMs: number | null,
): number {
  if (retryAfterMs !== null) return retryAfterMs
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1))
  return Math.round(ceiling * random)
}

/** undici and Node error codes that mean the connection, not the server's answer, failed. */
const NETWORK_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'ENETDOWN',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
  'UND_ERR_REQ_CONTENT_LENGTH_MISMATCH',
  /** Our own check: a download ended before its Content-Length. */
  'ERR_BODY_TRUNCATED',
])
const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT'])

export type TransportFailure = 'network' | 'timeout' | 'cancelled' | null

/** Classifies a thrown error from undici/Node; null means it is not a transport failure. */
export function classifyTransportError(error: unknown): TransportFailure {
  // Object() makes null, undefined and primitives an object without these properties.
  const e = Object(error) as { code?: unknown; name?: unknown; cause?: unknown }
  if (e.name === 'AbortError' || e.code === 'UND_ERR_ABORTED' || e.code === 'ABORT_ERR') {
    return 'cancelled'
  }
  const code = String(e.code)
  if (TIMEOUT_CODES.has(code)) return 'timeout'
  if (NETWORK_CODES.has(code)) return 'network'
  // A cause that is the error itself (or absent, when the error is too) ends the walk.
  return e.cause === error ? null : classifyTransportError(e.cause)
}
