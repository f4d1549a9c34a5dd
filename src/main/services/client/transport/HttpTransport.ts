import type { Readable } from 'node:stream'

import { AppFailure, fail, isAppFailure } from '@shared/result'
import type { Dispatcher } from 'undici'

import { cancelledFailure, type Clock, systemClock } from '../../../adapters/clock/Clock'
import { createCdnDispatcher, createServiceDispatcher } from '../../../adapters/http/dispatchers'
import { loadUndici } from '../../../adapters/http/loadUndici'
import { BodyTooLargeError, readBodyText } from '../../../adapters/http/readBody'
import {
  backoffDelay,
  classifyTransportError,
  DEFAULT_RETRY_POLICY,
  isRetryableStatus,
  mayRetryMethod,
  parseRetryAfter,
  type RetryPolicy,
} from '../../../adapters/http/retryPolicy'
import { t } from '../../../i18n'
import type { DiagnosticsSink } from '../../diagnostics/Diagnostics'
import { redactText } from '../../diagnostics/redact'
import { mapHttpError, parseErrorBody, transportError } from '../errors'
import { parseJson } from '../schemas'
import type { CallOptions } from '../types'
import { errorText, header, joinUrl, MAX_ERROR_BODY, MAX_JSON_BODY, MAX_REDIRECTS } from './helpers'
import { KeyScrubber } from './keyScrub'
import {
  AttemptFailure,
  type ClientConnection,
  type Opened,
  type Seen,
  type Spec,
  type TransportOptions,
} from './spec'

/**
 * The HTTP transport under every endpoint: one keep-alive pool for the service origin and a
 * separate keyless dispatcher for download hosts. A call is retried only where that cannot charge
 * twice (GET, or a POST with its idempotency key) and only if its caller leaves retrying to it
 * (`retry: 'caller'` makes one attempt), with capped, jittered backoff that honours Retry-After;
 * every error becomes an AppFailure with the spec's required action; every attempt is recorded
 * in diagnostics with the key redacted.
 */
export class HttpTransport {
  private readonly clock: Clock
  private readonly policy: RetryPolicy
  private readonly makeServiceDispatcher: (origin: string) => Dispatcher
  private cdnDispatcher: Dispatcher | null
  private readonly ownsCdn: boolean
  private pool: { origin: string; dispatcher: Dispatcher } | null = null
  readonly timeouts: { headersMs: number; bodyMs: number; generationHeadersMs: number }

  constructor(private readonly options: TransportOptions) {
    this.clock = options.clock ?? systemClock
    this.policy = { ...DEFAULT_RETRY_POLICY, ...(options.retry ?? {}) }
    this.makeServiceDispatcher = options.dispatchers?.service ?? createServiceDispatcher
    this.ownsCdn = !options.dispatchers?.cdn
    // Created on the first download, so constructing the client loads no HTTP stack.
    this.cdnDispatcher = options.dispatchers?.cdn ?? null
    this.timeouts = {
      headersMs: options.timeouts?.headersMs ?? 60_000,
      bodyMs: options.timeouts?.bodyMs ?? 120_000,
      generationHeadersMs: options.timeouts?.generationHeadersMs ?? 300_000,
    }
  }

  get diagnostics(): DiagnosticsSink | undefined {
    return this.options.diagnostics
  }

  /** Closes the keep-alive connections (app exit, base URL change). */
  async close(): Promise<void> {
    const pool = this.pool
    this.pool = null
    await pool?.dispatcher.close().catch(() => {})
    if (this.ownsCdn) await this.cdnDispatcher?.close().catch(() => {})
  }

  /**
   * A JSON request whose whole answer is read within the attempt (so a body cut short is retried
   * where retrying is allowed). `idempotencyKey` is sent as the Idempotency-Key header;
   * `retryable` marks a POST whose body carries its own key (client_request_id).
   */
  json(
    method: 'GET' | 'POST',
    path: string,
    endpoint: string,
    body: string | (() => Readable) | undefined,
    options: CallOptions,
    extra: {
      idempotencyKey?: string
      retryable?: boolean
      headers?: Record<string, string>
      privateStrings?: string[]
      limit?: number
    } = {},
  ): Promise<unknown> {
    const headers: Record<string, string> = { accept: 'application/json', ...(extra.headers ?? {}) }
    if (typeof body === 'string') headers['content-type'] = 'application/json'
    if (extra.idempotencyKey) headers['idempotency-key'] = extra.idempotencyKey
    const idempotent = extra.idempotencyKey !== undefined || (extra.retryable ?? false)
    return this.call({
      method,
      path,
      endpoint,
      headers,
      ...(body !== undefined ? { body: typeof body === 'string' ? () => body : body } : {}),
      idempotent,
      read: async (o) =>
        o.scrub.value(
          parseJson(await readBodyText(o.body, extra.limit ?? MAX_JSON_BODY), endpoint),
        ),
      privateStrings: extra.privateStrings ?? [],
      options,
      ...(idempotent ? { defaultHeadersMs: this.timeouts.generationHeadersMs } : {}),
    })
  }

  private cdn(): Dispatcher {
    this.cdnDispatcher ??= createCdnDispatcher()
    return this.cdnDispatcher
  }

  private servicePool(origin: string): Dispatcher {
    if (this.pool?.origin === origin) return this.pool.dispatcher
    const old = this.pool
    this.pool = { origin, dispatcher: this.makeServiceDispatcher(origin) }
    void old?.dispatcher.close().catch(() => {})
    return this.pool.dispatcher
  }

  private async connect(allowUnconnected: boolean): Promise<ClientConnection | null> {
    let conn: ClientConnection | null
    try {
      conn = await this.options.connection()
    } catch (e) {
      if (isAppFailure(e)) throw e
      this.options.diagnostics?.error('client', e)
      return fail('internal', t('connReadFailed'), {
        action: t('connReadFailedAction'),
      })
    }
    if (conn) {
      this.options.diagnostics?.registerSecret(conn.key)
      return conn
    }
    if (allowUnconnected) return null
    return fail('not_connected', t('notConnected'), {
      action: t('notConnectedAction'),
    })
  }

  /** The retry loop around attempts; records each attempt in diagnostics. */
  async call<T>(spec: Spec<T>): Promise<T> {
    const { signal, taskId } = spec.options
    const mayRetry = mayRetryMethod(spec.method, spec.idempotent ?? false)
    // Who retries is the caller's choice, per call: 'caller' (the task engine, which spaces every
    // retry through its request budget) makes this a single attempt.
    const maxAttempts = spec.options.retry === 'caller' ? 1 : this.policy.maxAttempts
    for (let attempt = 1; ; attempt++) {
      if (signal?.aborted) throw cancelledFailure()
      const started = this.clock.now()
      const conn = await this.connect(spec.allowUnconnected ?? false)
      // The one scrubber for this attempt's answer, its error text and its diagnostics.
      const scrub = new KeyScrubber(conn ? [conn.key] : [])
      const redact = (t: string) =>
        redactText(scrub.text(t), { privateStrings: spec.privateStrings ?? [] })
      const seen: Seen = { target: 'service', status: undefined }
      try {
        const value = await this.attempt(spec, conn, { scrub, redact }, seen)
        this.record(spec, attempt, started, seen.target, seen.status ? { status: seen.status } : {})
        return value
      } catch (e) {
        const failure = this.toAttemptFailure(e, spec, redact, seen.target)
        this.record(spec, attempt, started, seen.target, {
          code: failure.error.code,
          ...(seen.status ? { status: seen.status } : {}),
          ...(failure.error.serverCode ? { serverCode: failure.error.serverCode } : {}),
          message:
            e instanceof AttemptFailure || isAppFailure(e)
              ? failure.error.message
              : redact(errorText(e)),
        })
        const retryAfter = failure.retryAfterMs
        const canRetry =
          failure.retryable &&
          mayRetry &&
          attempt < maxAttempts &&
          !(signal?.aborted ?? false) &&
          (retryAfter === null || retryAfter <= this.policy.maxRetryAfterMs)
        if (!canRetry) {
          const error = { ...failure.error }
          if (taskId && !error.taskId) error.taskId = taskId
          throw new AppFailure(error)
        }
        await this.clock.sleep(
          backoffDelay(this.policy, attempt, this.clock.random(), retryAfter),
          signal,
        )
      }
    }
  }

  /** One attempt: request, redirects hop by hop (each hop picks its dispatcher), error mapping. */
  private async attempt<T>(
    spec: Spec<T>,
    conn: ClientConnection | null,
    { scrub, redact }: { scrub: KeyScrubber; redact: (t: string) => string },
    seen: Seen,
  ): Promise<T> {
    const serviceOrigin = conn ? new URL(conn.baseUrl).origin : null
    if (!conn && !/^https?:\/\//i.test(spec.path)) {
      return fail('not_connected', t('noServiceAddress'))
    }
    let url = joinUrl(conn?.baseUrl ?? '', spec.path)
    const headersTimeout =
      spec.options.headersTimeoutMs ?? spec.defaultHeadersMs ?? this.timeouts.headersMs
    const bodyTimeout = spec.options.bodyTimeoutMs ?? this.timeouts.bodyMs
    for (let hop = 0; ; hop++) {
      const toService = serviceOrigin !== null && url.origin === serviceOrigin
      const target = toService ? 'service' : 'cdn'
      seen.target = target
      const headers: Record<string, string> = {
        'user-agent': this.options.userAgent ?? 'GenStudio/0.1',
        ...(spec.headers ?? {}),
      }
      if (toService && conn) headers.authorization = `Bearer ${conn.key}`
      else delete headers.authorization
      const res = await loadUndici().request(url, {
        method: hop === 0 ? spec.method : 'GET',
        headers,
        body: hop === 0 && spec.body ? spec.body() : null,
        dispatcher: toService ? this.servicePool(serviceOrigin!) : this.cdn(),
        ...(spec.options.signal ? { signal: spec.options.signal } : {}),
        headersTimeout,
        bodyTimeout,
      })
      const opened: Opened = {
        status: res.statusCode,
        headers: res.headers,
        body: res.body,
        url: url.href,
        scrub,
      }
      const status = res.statusCode
      seen.status = status
      const location = header(res.headers, 'location')
      if (
        status >= 300 &&
        status < 400 &&
        location &&
        spec.followRedirects &&
        spec.method === 'GET'
      ) {
        await res.body.dump().catch(() => {})
        if (hop >= MAX_REDIRECTS) return fail('bad_response', t('tooManyRedirects'))
        url = new URL(location, url)
        if (url.protocol !== 'https:' && url.protocol !== 'http:') {
          return fail('bad_response', t('redirectNotHttp'))
        }
        continue
      }
      if (status >= 300) {
        const text = await readBodyText(res.body, MAX_ERROR_BODY).catch(() => '')
        const retryAfterMs = parseRetryAfter(res.headers['retry-after'], this.clock.now())
        const error = mapHttpError({
          status,
          parsed:
            status < 400
              ? { error: null, html: false }
              : parseErrorBody(text, header(res.headers, 'content-type')),
          retryAfterMs,
          target,
          endpoint: spec.endpoint,
          redact,
          ...(spec.options.taskId ? { taskId: spec.options.taskId } : {}),
        })
        if (status < 400) {
          error.code = 'bad_response'
          error.message = t('unexpectedRedirect', { status })
        }
        throw new AttemptFailure(error, isRetryableStatus(status), retryAfterMs)
      }
      try {
        return await spec.read(opened)
      } catch (e) {
        res.body.destroy()
        throw e
      }
    }
  }

  private toAttemptFailure(
    e: unknown,
    spec: Spec<unknown>,
    redact: (t: string) => string,
    target: 'service' | 'cdn',
  ): AttemptFailure {
    if (e instanceof AttemptFailure) return e
    if (isAppFailure(e)) return new AttemptFailure(e.error, false, null)
    if (spec.options.signal?.aborted)
      return new AttemptFailure(cancelledFailure().error, false, null)
    if (e instanceof BodyTooLargeError) {
      return new AttemptFailure(
        {
          code: 'bad_response',
          message: t('answerTooLarge', { endpoint: spec.endpoint }),
        },
        false,
        null,
      )
    }
    const kind = classifyTransportError(e)
    if (kind === 'cancelled') return new AttemptFailure(cancelledFailure().error, false, null)
    if (kind === 'network' || kind === 'timeout') {
      const error = transportError(kind, spec.endpoint, spec.options.taskId)
      if (target === 'cdn') error.action = t('downloadRetryAction')
      return new AttemptFailure(error, true, null)
    }
    return new AttemptFailure(
      {
        code: 'internal',
        message: t('requestFailedUnexpectedly', {
          endpoint: spec.endpoint,
          detail: redact(errorText(e)),
        }),
        action: t('answerRetryAction'),
      },
      false,
      null,
    )
  }

  private record(
    spec: Spec<unknown>,
    attempt: number,
    started: number,
    target: 'service' | 'cdn',
    outcome: { status?: number; code?: string; serverCode?: string; message?: string },
  ): void {
    const sink = this.options.diagnostics
    if (!sink) return
    sink.request(
      {
        method: spec.method,
        endpoint: spec.endpoint,
        target,
        attempt,
        durationMs: Math.max(0, this.clock.now() - started),
        ...(spec.options.taskId ? { taskId: spec.options.taskId } : {}),
        ...outcome,
      },
      spec.privateStrings ?? [],
    )
  }
}
