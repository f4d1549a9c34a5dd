import type { AppError } from '@shared/result'

import { t } from '../../i18n'

/** The service's error as far as it can be read; the spec does not show the body's shape. */
export interface ServerError {
  code?: string
  type?: string
  message?: string
  param?: string
}

export interface ParsedErrorBody {
  error: ServerError | null
  /** The body was an HTML page (wrong base URL, proxy page), not the API. */
  html: boolean
}

const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : undefined

/**
 * Reads an error body defensively: OpenAI's `{error:{code,type,message,param}}`, a flat
 * `{code,message}`, `{error:"text"}`, `{detail}` or plain text. Never throws.
 */
export function parseErrorBody(text: string, contentType: string | undefined): ParsedErrorBody {
  const trimmed = text.trimStart()
  if (/text\/html/i.test(contentType ?? '') || /^<(!doctype|html|head|body)/i.test(trimmed)) {
    return { error: null, html: true }
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    const message = trimmed.slice(0, 300)
    return { error: message ? { message } : null, html: false }
  }
  if (!json || typeof json !== 'object') return { error: null, html: false }
  const top = json as Record<string, unknown>
  const inner =
    top.error && typeof top.error === 'object' ? (top.error as Record<string, unknown>) : top
  const error: ServerError = {}
  const code = str(inner.code) ?? str(top.code)
  const type = str(inner.type)
  const message =
    str(inner.message) ??
    (typeof top.error === 'string' ? str(top.error) : undefined) ??
    str(top.message) ??
    str(top.detail)
  const param = str(inner.param) ?? str(top.param)
  if (code) error.code = code
  if (type) error.type = type
  if (message) error.message = message.slice(0, 500)
  if (param) error.param = param
  return { error: Object.keys(error).length > 0 ? error : null, html: false }
}

export interface HttpErrorContext {
  status: number
  parsed: ParsedErrorBody
  retryAfterMs: number | null
  /** Which host answered: the service itself or a download host. */
  target: 'service' | 'cdn'
  /** Path template, used to give endpoint-specific advice (native endpoint 404). */
  endpoint: string
  /** Redacts server text before it is put into a message the UI shows. */
  redact: (text: string) => string
  taskId?: string
}

const matches = (e: ServerError | null, pattern: RegExp): boolean =>
  !!e && [e.code, e.type].some((v) => v !== undefined && pattern.test(v))

/**
 * Maps an HTTP error answer to our Result codes with the action the spec's error table requires.
 * Checks the service's own code first (model_not_found, generation_pending, expired quote and
 * wallet errors can come with several statuses), then the status.
 */
export function mapHttpError(ctx: HttpErrorContext): AppError {
  const { status, parsed, target } = ctx
  const e = parsed.error
  const said = e?.message ? ctx.redact(e.message) : undefined
  const base: Pick<AppError, 'status' | 'serverCode' | 'taskId'> = { status }
  if (e?.code ?? e?.type) base.serverCode = ctx.redact((e?.code ?? e?.type) as string).slice(0, 100)
  if (ctx.taskId) base.taskId = ctx.taskId
  const withSaid = (m: string) => (said ? t('svcSaid', { message: m, said }) : m)

  if (target === 'cdn') {
    if ([401, 403, 404, 410].includes(status)) {
      return {
        ...base,
        code: 'not_found',
        message: t('svcResultLinkExpired', { status }),
        action: t('svcResultLinkExpiredAction'),
      }
    }
  }
  if (parsed.html) {
    return {
      ...base,
      code: 'bad_response',
      message: t('svcHtmlPage', { status }),
      action: t('svcHtmlPageAction'),
    }
  }
  if (matches(e, /generation_pending/i)) {
    return {
      ...base,
      code: 'pending',
      message: withSaid(t('svcPending')),
      action: t('svcPendingAction'),
      ...(ctx.retryAfterMs !== null ? { retryAfterMs: ctx.retryAfterMs } : {}),
    }
  }
  if (matches(e, /model_not_found/i)) {
    return {
      ...base,
      code: 'model_unavailable',
      message: withSaid(t('svcModelUnavailable')),
      action: t('svcModelUnavailableAction'),
    }
  }
  if (matches(e, /quote/i) || (said !== undefined && /quote/i.test(said) && status < 500)) {
    if (
      matches(e, /expir|stale|invalid|not_found|unknown|mismatch/i) ||
      /expir/i.test(said ?? '')
    ) {
      return {
        ...base,
        code: 'quote_expired',
        message: withSaid(t('svcQuoteExpired')),
        action: t('svcQuoteExpiredAction'),
      }
    }
  }
  if (status === 402 || matches(e, /insufficient|balance|wallet|payment_required|quota/i)) {
    return {
      ...base,
      code: 'forbidden',
      message: withSaid(t('svcBalanceLow')),
      action: t('svcBalanceLowAction'),
    }
  }
  if (status === 401) {
    return {
      ...base,
      code: 'auth',
      message: t('svcAuth'),
      action: t('svcAuthAction'),
    }
  }
  if (status === 403) {
    return {
      ...base,
      code: 'forbidden',
      message: withSaid(t('svcForbidden')),
      action: matches(e, /member/i) ? t('svcForbiddenMemberAction') : t('svcForbiddenAction'),
    }
  }
  if (status === 429) {
    return {
      ...base,
      code: 'rate_limited',
      message: t('svcRateLimited'),
      action: t('svcRateLimitedAction'),
      ...(ctx.retryAfterMs !== null ? { retryAfterMs: ctx.retryAfterMs } : {}),
    }
  }
  if (status === 408) {
    return {
      ...base,
      code: 'timeout',
      message: t('svcRequestTimeout'),
      action: t('svcCheckHistory'),
    }
  }
  if (status >= 500) {
    return {
      ...base,
      code: 'server',
      message: t('svcServerError', { status }),
      action: t('svcServerErrorAction'),
    }
  }
  if (status === 404) {
    return {
      ...base,
      code: 'not_found',
      message: withSaid(t('svcNotFound')),
      action: ctx.endpoint.startsWith('/ai/')
        ? t('svcNotFoundNativeAction')
        : t('svcNotFoundAction'),
    }
  }
  const fields = e?.param
    ? { [ctx.redact(e.param).slice(0, 100)]: said ?? t('svcInvalidValue') }
    : undefined
  return {
    ...base,
    code: 'validation',
    message: withSaid(t('svcRejected', { status })),
    action: t('svcRejectedAction'),
    ...(fields ? { fields } : {}),
  }
}

/** For timeouts and broken connections: never a failure of the task, per the spec. */
export function transportError(
  kind: 'network' | 'timeout',
  endpoint: string,
  taskId?: string,
): AppError {
  const error: AppError =
    kind === 'timeout'
      ? {
          code: 'timeout',
          message: t('svcNoAnswer', { endpoint }),
          action: t('svcCheckHistory'),
        }
      : {
          code: 'network',
          message: t('svcInterrupted', { endpoint }),
          action: t('svcCheckHistory'),
        }
  if (taskId) error.taskId = taskId
  return error
}
