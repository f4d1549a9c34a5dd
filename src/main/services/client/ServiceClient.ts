import { randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'

import {
  type ChatRequest,
  type ImageGenerationRequest,
  type NativeRequest,
  type ResponsesRequest,
  validateChat,
  validateImageEdit,
  validateImageGeneration,
  validateNative,
  validateResponses,
  validateVideo,
  validateWorkbench,
  type Validation,
  type VideoRequest,
  type WorkbenchEstimateRequest,
  type WorkbenchGenerationRequest,
} from '@shared/catalog'
import { type AppError, AppFailure, fail, isAppFailure } from '@shared/result'
import type { Dispatcher } from 'undici'

import { createCdnDispatcher, createServiceDispatcher } from '../../adapters/http/dispatchers'
import { loadUndici } from '../../adapters/http/loadUndici'
import { buildMultipart, type MultipartPart } from '../../adapters/http/multipart'
import { type BodyStream, BodyTooLargeError, readBodyText } from '../../adapters/http/readBody'
import {
  backoffDelay,
  classifyTransportError,
  DEFAULT_RETRY_POLICY,
  isRetryableStatus,
  mayRetryMethod,
  parseRetryAfter,
  type RetryPolicy,
} from '../../adapters/http/retryPolicy'
import { parseSse, type SseEvent, SseTooLargeError } from '../../adapters/http/sse'
import type { DiagnosticsSink } from '../diagnostics/Diagnostics'
import { redactText } from '../diagnostics/redact'
import { cancelledFailure, type Clock, systemClock } from './clock'
import { mapHttpError, parseErrorBody, transportError } from './errors'
import { checkUploadFiles, readArtReference } from './references'
import {
  artTaskSchema,
  assetSchema,
  chatChunkSchema,
  chatSchema,
  estimateSchema,
  imageResultSchema,
  modelsSchema,
  nativeJsonSchema,
  parseAnswer,
  parseJson,
  responsesSchema,
  videoTaskSchema,
} from './schemas'
import type {
  ArtEvent,
  ArtQuote,
  ArtTask,
  BinaryResponse,
  BinarySink,
  CallOptions,
  ChatDelta,
  ChatReply,
  FileRef,
  GenerationOptions,
  ImageEditInput,
  ImageResult,
  ResponsesReply,
  VideoTask,
} from './types'

/** The address and key the client calls with; SettingsService.connection() provides it. */
export interface ClientConnection {
  baseUrl: string
  key: string
}

export interface ServiceClientOptions {
  connection: () => Promise<ClientConnection | null>
  dispatchers?: {
    /** Makes the keep-alive dispatcher for the service origin (default: an undici Pool). */
    service?: (origin: string) => Dispatcher
    /** The keyless dispatcher for download hosts (default: an Agent that refuses Authorization). */
    cdn?: Dispatcher
  }
  clock?: Clock
  retry?: Partial<RetryPolicy>
  diagnostics?: DiagnosticsSink
  /** Defaults for calls that set none. */
  timeouts?: { headersMs?: number; bodyMs?: number; generationHeadersMs?: number }
  userAgent?: string
}

/** A fresh key for a new generation (UUID-shaped, as the spec's examples). */
export const newIdempotencyKey = (): string => randomUUID()

const KIB = 1024
const MIB = 1024 * KIB
const MAX_ERROR_BODY = 64 * KIB
const MAX_JSON_BODY = 32 * MIB
/** Base64 images inflate results: n × several MiB each. */
const MAX_IMAGE_JSON_BODY = 256 * MIB
const MAX_REDIRECTS = 5

interface Opened {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: BodyStream
  url: string
}

interface Spec<T> {
  method: 'GET' | 'POST'
  /** A path under the base URL, or an absolute URL (downloads). */
  path: string
  endpoint: string
  headers?: Record<string, string>
  /** Called once per attempt so streamed bodies start over. */
  body?: () => string | Buffer | Readable
  /** The request carries an Idempotency-Key or client_request_id (same on every attempt). */
  idempotent?: boolean
  followRedirects?: boolean
  /** Absolute URLs of other origins are allowed without a configured connection. */
  allowUnconnected?: boolean
  /** Consumes the answer within the attempt; owns `body` (must consume or destroy it). */
  read: (opened: Opened) => Promise<T>
  privateStrings?: string[]
  options: CallOptions
  /** The wait for headers when the call sets none (generations take longer). */
  defaultHeadersMs?: number
}

/** What an attempt got as far as it went, for its diagnostics record. */
interface Seen {
  target: 'service' | 'cdn'
  status: number | undefined
}

/** An attempt's failure with what the retry loop needs to know. */
class AttemptFailure extends Error {
  constructor(
    readonly error: AppError,
    readonly retryable: boolean,
    readonly retryAfterMs: number | null,
  ) {
    super(error.message)
  }
}

const header = (headers: Opened['headers'], name: string): string | undefined => {
  const v = headers[name]
  return Array.isArray(v) ? v[0] : v
}

const joinUrl = (baseUrl: string, path: string): URL =>
  /^https?:\/\//i.test(path) ? new URL(path) : new URL(`${baseUrl.replace(/\/+$/, '')}${path}`)

/**
 * The service client: one typed method per endpoint of the spec, on undici with one keep-alive
 * pool for the service origin and a separate keyless dispatcher for download hosts. Every call is
 * retried only where that cannot charge twice (GET, or a POST with its idempotency key), with
 * capped, jittered backoff that honours Retry-After; every error becomes an AppFailure with the
 * spec's required action; every attempt is recorded in diagnostics with the key redacted.
 */
export class ServiceClient {
  private readonly clock: Clock
  private readonly policy: RetryPolicy
  private readonly makeServiceDispatcher: (origin: string) => Dispatcher
  private cdnDispatcher: Dispatcher | null
  private readonly ownsCdn: boolean
  private pool: { origin: string; dispatcher: Dispatcher } | null = null
  private readonly timeouts: { headersMs: number; bodyMs: number; generationHeadersMs: number }

  constructor(private readonly options: ServiceClientOptions) {
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

  // ───────────────────────────── endpoints ─────────────────────────────

  /** GET /v1/models: the model IDs this key lists (the catalog may still refuse some calls). */
  async listModels(options: CallOptions = {}): Promise<string[]> {
    const json = await this.json('GET', '/v1/models', '/v1/models', undefined, options)
    return parseAnswer(modelsSchema, json, '/v1/models').data.map((m) => m.id)
  }

  /** POST /v1/images/generations with the journaled Idempotency-Key. */
  async generateImages(
    req: ImageGenerationRequest,
    options: GenerationOptions,
  ): Promise<ImageResult> {
    const endpoint = '/v1/images/generations'
    validated(validateImageGeneration(req), endpoint)
    const json = await this.json('POST', endpoint, endpoint, JSON.stringify(req), options, {
      idempotencyKey: options.idempotencyKey,
      privateStrings: [req.prompt],
      limit: MAX_IMAGE_JSON_BODY,
    })
    return toImageResult(parseAnswer(imageResultSchema, json, endpoint))
  }

  /**
   * POST /v1/images/edits as multipart: files are checked by magic bytes and the model's counts
   * first, then streamed from disk; one file is part `image`, several are repeated `image[]`
   * parts; the boundary is ours and the same Idempotency-Key goes with every attempt.
   */
  async editImages(req: ImageEditInput, options: GenerationOptions): Promise<ImageResult> {
    const endpoint = '/v1/images/edits'
    const { images, ...fields } = req
    const files = await checkUploadFiles(images, 'image')
    const partName = images.length === 1 ? 'image' : 'image[]'
    validated(
      validateImageEdit(
        fields,
        files.map((f) => ({ ...f, field: partName })),
      ),
      endpoint,
    )
    const parts: MultipartPart[] = []
    for (const [name, v] of Object.entries(fields)) {
      if (v === undefined || v === null) continue
      if (Array.isArray(v))
        for (const item of v) parts.push({ name: `${name}[]`, value: String(item) })
      else parts.push({ name, value: String(v) })
    }
    images.forEach((file, i) => parts.push(filePart(partName, file, files[i]!.mime)))
    const multipart = await buildMultipart(parts)
    const json = await this.json(
      'POST',
      endpoint,
      endpoint,
      () => Readable.from(multipart.stream()),
      options,
      {
        idempotencyKey: options.idempotencyKey,
        headers: {
          'content-type': multipart.contentType,
          'content-length': String(multipart.contentLength),
        },
        privateStrings: [req.prompt],
        limit: MAX_IMAGE_JSON_BODY,
      },
    )
    return toImageResult(parseAnswer(imageResultSchema, json, endpoint))
  }

  /** POST /v1/videos: creates the task; the returned id is what the journal must keep. */
  async createVideo(req: VideoRequest, options: GenerationOptions): Promise<VideoTask> {
    const endpoint = '/v1/videos'
    validated(validateVideo(req), endpoint)
    const json = await this.json('POST', endpoint, endpoint, JSON.stringify(req), options, {
      idempotencyKey: options.idempotencyKey,
      privateStrings: [req.prompt],
    })
    return toVideoTask(parseAnswer(videoTaskSchema, json, endpoint))
  }

  /** GET /v1/videos/{id}: status and progress for polling. */
  async getVideo(id: string, options: CallOptions = {}): Promise<VideoTask> {
    const endpoint = '/v1/videos/{id}'
    const path = `/v1/videos/${encodeURIComponent(id)}`
    const json = await this.json('GET', path, endpoint, undefined, { taskId: id, ...options })
    return toVideoTask(parseAnswer(videoTaskSchema, json, endpoint))
  }

  /**
   * GET /v1/videos/{id}/content into `sink` (the DownloadService). A redirect to another origin
   * is followed through the keyless dispatcher.
   */
  videoContent<T>(id: string, sink: BinarySink<T>, options: CallOptions = {}): Promise<T> {
    return this.call({
      method: 'GET',
      path: `/v1/videos/${encodeURIComponent(id)}/content`,
      endpoint: '/v1/videos/{id}/content',
      followRedirects: true,
      read: (o) => sink(binary(o), options.signal),
      options: { taskId: id, ...options },
    })
  }

  /**
   * GET a result URL into `sink`. The key is attached only when the URL is on the service's own
   * origin; any other origin, and every redirect to one, goes through the keyless dispatcher.
   */
  download<T>(url: string, sink: BinarySink<T>, options: CallOptions = {}): Promise<T> {
    let parsed: URL | null = null
    try {
      parsed = new URL(url)
    } catch {
      // Reported below.
    }
    if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) {
      return Promise.reject(
        new AppFailure({ code: 'bad_response', message: 'The result link is not an http(s) URL.' }),
      )
    }
    return this.call({
      method: 'GET',
      path: parsed.href,
      endpoint: '(result url)',
      followRedirects: true,
      allowUnconnected: true,
      read: (o) => sink(binary(o), options.signal),
      options,
    })
  }

  /** POST /ai/generate-image with Accept: application/json: the Base64 images of `images`. */
  async generateArtNativeJson(req: NativeRequest, options: GenerationOptions): Promise<string[]> {
    const endpoint = '/ai/generate-image'
    const body = nativeBody(req)
    const json = await this.json('POST', endpoint, endpoint, body, options, {
      idempotencyKey: options.idempotencyKey,
      privateStrings: [req.input],
      limit: MAX_IMAGE_JSON_BODY,
    })
    return parseAnswer(nativeJsonSchema, json, endpoint).images
  }

  /** POST /ai/generate-image (default answer: a ZIP of images) into `sink`. */
  generateArtNativeZip<T>(
    req: NativeRequest,
    options: GenerationOptions,
    sink: BinarySink<T>,
  ): Promise<T> {
    let body: string
    try {
      body = nativeBody(req)
    } catch (e) {
      return Promise.reject(e)
    }
    return this.call({
      method: 'POST',
      path: '/ai/generate-image',
      endpoint: '/ai/generate-image',
      headers: {
        'content-type': 'application/json',
        accept: 'application/zip, application/octet-stream;q=0.9',
        'idempotency-key': options.idempotencyKey,
      },
      body: () => body,
      idempotent: true,
      read: (o) => sink(binary(o), options.signal),
      privateStrings: [req.input],
      options,
      defaultHeadersMs: this.timeouts.generationHeadersMs,
    })
  }

  /** POST /v1/art/estimate: the quote (its id, price and payment details as sent). */
  async estimateArt(req: WorkbenchEstimateRequest, options: CallOptions = {}): Promise<ArtQuote> {
    const endpoint = '/v1/art/estimate'
    validated(validateWorkbench(req, { phase: 'estimate' }), endpoint)
    const json = await this.json('POST', endpoint, endpoint, JSON.stringify(req), options, {
      privateStrings: artPrivate(req),
    })
    const parsed = parseAnswer(estimateSchema, json, endpoint)
    return { quoteId: parsed.data.quote_id, data: parsed.data }
  }

  /** POST /v1/art/generations with quote_id and the journaled client_request_id. */
  async submitArt(req: WorkbenchGenerationRequest, options: CallOptions = {}): Promise<ArtTask> {
    const endpoint = '/v1/art/generations'
    validated(validateWorkbench(req, { phase: 'generation' }), endpoint)
    const json = await this.json('POST', endpoint, endpoint, JSON.stringify(req), options, {
      retryable: true,
      privateStrings: artPrivate(req),
    })
    return toArtTask(parseAnswer(artTaskSchema, json, endpoint))
  }

  /** GET /v1/art/generations/{id}: the task after a disconnect or restart. */
  async getArtTask(id: string, options: CallOptions = {}): Promise<ArtTask> {
    const endpoint = '/v1/art/generations/{id}'
    const path = `/v1/art/generations/${encodeURIComponent(id)}`
    const json = await this.json('GET', path, endpoint, undefined, { taskId: id, ...options })
    return toArtTask(parseAnswer(artTaskSchema, json, endpoint))
  }

  /**
   * POST /v1/art/generations/stream: submits and streams events. Establishing the stream is
   * retried like the submission (client_request_id makes it safe); a stream that ends before
   * `done` or `error` throws `network` so the caller resumes with `artEvents`.
   */
  streamArt(req: WorkbenchGenerationRequest, options: CallOptions = {}): AsyncIterable<ArtEvent> {
    const endpoint = '/v1/art/generations/stream'
    validated(validateWorkbench(req, { phase: 'generation' }), endpoint)
    const body = JSON.stringify(req)
    return this.artStream({
      method: 'POST',
      path: endpoint,
      endpoint,
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: () => body,
      idempotent: true,
      privateStrings: artPrivate(req),
      options,
      defaultHeadersMs: this.timeouts.generationHeadersMs,
    })
  }

  /** GET /v1/art/generations/{id}/events: resumes an existing task's events. */
  artEvents(
    id: string,
    options: CallOptions & { lastEventId?: string } = {},
  ): AsyncIterable<ArtEvent> {
    const headers: Record<string, string> = { accept: 'text/event-stream' }
    if (options.lastEventId) headers['last-event-id'] = options.lastEventId
    return this.artStream({
      method: 'GET',
      path: `/v1/art/generations/${encodeURIComponent(id)}/events`,
      endpoint: '/v1/art/generations/{id}/events',
      headers,
      options: { taskId: id, ...options },
    })
  }

  /**
   * POST /v1/art/assets (multipart part `file`) after the art reference checks (type, 24 MiB,
   * 24 MP): the asset's id. Not retried: the spec gives uploads no idempotency key.
   */
  async uploadArtAsset(file: FileRef, options: CallOptions = {}): Promise<{ id: string }> {
    const endpoint = '/v1/art/assets'
    const { mime } = await readArtReference(file.path, 'file')
    const multipart = await buildMultipart([filePart('file', file, mime)])
    const json = await this.json(
      'POST',
      endpoint,
      endpoint,
      () => Readable.from(multipart.stream()),
      options,
      {
        headers: {
          'content-type': multipart.contentType,
          'content-length': String(multipart.contentLength),
        },
      },
    )
    return { id: parseAnswer(assetSchema, json, endpoint).data.id }
  }

  /** POST /v1/chat/completions without streaming. Not retried (no idempotency key exists). */
  async chat(req: ChatRequest, options: CallOptions = {}): Promise<ChatReply> {
    const endpoint = '/v1/chat/completions'
    const body = { ...req, stream: false }
    validated(validateChat(body), endpoint)
    const json = await this.json('POST', endpoint, endpoint, JSON.stringify(body), options, {
      privateStrings: chatPrivate(req.messages),
    })
    const parsed = parseAnswer(chatSchema, json, endpoint)
    const choice = parsed.choices[0]!
    const reply: ChatReply = { content: choice.message.content ?? '', raw: parsed }
    if (choice.finish_reason) reply.finishReason = choice.finish_reason
    return reply
  }

  /** POST /v1/chat/completions with stream: true, as text deltas. */
  async *chatStream(req: ChatRequest, options: CallOptions = {}): AsyncGenerator<ChatDelta> {
    const endpoint = '/v1/chat/completions'
    const payload = { ...req, stream: true }
    validated(validateChat(payload), endpoint)
    const body = JSON.stringify(payload)
    const privateStrings = chatPrivate(req.messages)
    const opened = await this.call({
      method: 'POST',
      path: endpoint,
      endpoint,
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: () => body,
      read: async (o) => o,
      privateStrings,
      options,
    })
    let finished = false
    for await (const event of this.events(opened, endpoint, options)) {
      if (event.data === '[DONE]') {
        finished = true
        break
      }
      const json = parseJson(event.data, endpoint)
      if (json && typeof json === 'object' && 'error' in json) {
        throw new AppFailure(this.streamError(json, endpoint, privateStrings))
      }
      const chunk = parseAnswer(chatChunkSchema, json, endpoint)
      for (const choice of chunk.choices ?? []) {
        const delta: ChatDelta = { content: choice.delta?.content ?? '' }
        if (choice.finish_reason) {
          delta.finishReason = choice.finish_reason
          finished = true
        }
        if (delta.content || delta.finishReason) yield delta
      }
    }
    if (!finished) throw new AppFailure(streamDropped(endpoint, options.taskId))
  }

  /** POST /v1/responses (payload unshown by the spec; OpenAI-shaped, sent as given). */
  responses(req: ResponsesRequest, options: CallOptions = {}): Promise<ResponsesReply> {
    validated(validateResponses(req, 'responses'), '/v1/responses')
    return this.responsesAt('/v1/responses', req, options)
  }

  /** POST /v1/responses/compact (same models and payload shape). */
  responsesCompact(req: ResponsesRequest, options: CallOptions = {}): Promise<ResponsesReply> {
    validated(validateResponses(req, 'responses.compact'), '/v1/responses/compact')
    return this.responsesAt('/v1/responses/compact', req, options)
  }

  /** Closes the keep-alive connections (app exit, base URL change). */
  async close(): Promise<void> {
    const pool = this.pool
    this.pool = null
    await pool?.dispatcher.close().catch(() => {})
    if (this.ownsCdn) await this.cdnDispatcher?.close().catch(() => {})
  }

  // ───────────────────────────── plumbing ─────────────────────────────

  private async responsesAt(
    endpoint: string,
    req: ResponsesRequest,
    options: CallOptions,
  ): Promise<ResponsesReply> {
    const json = await this.json('POST', endpoint, endpoint, JSON.stringify(req), options, {
      privateStrings: responsesPrivate(req),
    })
    const parsed = parseAnswer(responsesSchema, json, endpoint)
    const text =
      parsed.output_text ??
      (parsed.output ?? [])
        .flatMap((o) => o.content ?? [])
        .map((c) => c.text ?? '')
        .join('')
    return { text, raw: parsed }
  }

  private async *artStream(spec: Omit<Spec<Opened>, 'read'>): AsyncGenerator<ArtEvent> {
    const opened = await this.call({ ...spec, read: async (o) => o })
    let terminal = false
    for await (const event of this.events(opened, spec.endpoint, spec.options)) {
      let data: unknown = event.data
      try {
        data = JSON.parse(event.data)
      } catch {
        // Not JSON: the text is passed on as sent.
      }
      const out: ArtEvent = { event: event.event, data }
      if (event.id !== undefined) out.id = event.id
      yield out
      if (event.event === 'done' || event.event === 'error') {
        terminal = true
        break
      }
    }
    if (!terminal) throw new AppFailure(streamDropped(spec.endpoint, spec.options.taskId))
  }

  /** Parses an open SSE body; transport failures mid-stream become `network` (reconnect). */
  private async *events(
    opened: Opened,
    endpoint: string,
    options: CallOptions,
  ): AsyncGenerator<SseEvent> {
    try {
      for await (const event of parseSse(opened.body)) yield event
    } catch (e) {
      if (options.signal?.aborted) throw cancelledFailure()
      if (isAppFailure(e)) throw e
      if (e instanceof SseTooLargeError) {
        throw new AppFailure({ code: 'bad_response', message: e.message })
      }
      const kind = classifyTransportError(e)
      const error =
        kind === 'cancelled'
          ? cancelledFailure().error
          : kind === 'timeout'
            ? transportError('timeout', endpoint, options.taskId)
            : streamDropped(endpoint, options.taskId)
      this.options.diagnostics?.request({
        method: 'SSE',
        endpoint,
        target: 'service',
        code: error.code,
        attempt: 1,
        durationMs: 0,
        message: `stream ended: ${(e as Error)?.message ?? String(e)}`,
        ...(options.taskId ? { taskId: options.taskId } : {}),
      })
      throw new AppFailure(error)
    } finally {
      opened.body.destroy()
    }
  }

  private streamError(json: object, endpoint: string, privateStrings: string[]): AppError {
    const parsed = parseErrorBody(JSON.stringify(json), 'application/json')
    return mapHttpError({
      status: 500,
      parsed,
      retryAfterMs: null,
      target: 'service',
      endpoint,
      redact: (t) => redactText(t, { privateStrings }),
    })
  }

  /**
   * A JSON request whose whole answer is read within the attempt (so a body cut short is retried
   * where retrying is allowed). `idempotencyKey` is sent as the Idempotency-Key header;
   * `retryable` marks a POST whose body carries its own key (client_request_id).
   */
  private json(
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
        parseJson(await readBodyText(o.body, extra.limit ?? MAX_JSON_BODY), endpoint),
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
      return fail('internal', 'The saved connection could not be read.', {
        action: 'Open Settings and enter the service address and key again.',
      })
    }
    if (conn) {
      this.options.diagnostics?.registerSecret(conn.key)
      return conn
    }
    if (allowUnconnected) return null
    return fail('not_connected', 'No service address and API key are set.', {
      action: 'Enter the service address and API key in Settings.',
    })
  }

  /** The retry loop around attempts; records each attempt in diagnostics. */
  private async call<T>(spec: Spec<T>): Promise<T> {
    const { signal, taskId } = spec.options
    const mayRetry = mayRetryMethod(spec.method, spec.idempotent ?? false)
    for (let attempt = 1; ; attempt++) {
      if (signal?.aborted) throw cancelledFailure()
      const started = this.clock.now()
      const conn = await this.connect(spec.allowUnconnected ?? false)
      const secrets = conn ? [conn.key] : []
      const redact = (t: string) =>
        redactText(t, { secrets, privateStrings: spec.privateStrings ?? [] })
      const seen: Seen = { target: 'service', status: undefined }
      try {
        const value = await this.attempt(spec, conn, redact, seen)
        this.record(spec, attempt, started, seen.target, seen.status ? { status: seen.status } : {})
        return value
      } catch (e) {
        const failure = this.toAttemptFailure(e, spec, redact, seen.target)
        this.record(spec, attempt, started, seen.target, {
          code: failure.error.code,
          ...(seen.status ? { status: seen.status } : {}),
          ...(failure.error.serverCode ? { serverCode: failure.error.serverCode } : {}),
          message:
            e instanceof AttemptFailure || isAppFailure(e) ? failure.error.message : errorText(e),
        })
        const retryAfter = failure.retryAfterMs
        const canRetry =
          failure.retryable &&
          mayRetry &&
          attempt < this.policy.maxAttempts &&
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
    redact: (t: string) => string,
    seen: Seen,
  ): Promise<T> {
    const serviceOrigin = conn ? new URL(conn.baseUrl).origin : null
    if (!conn && !/^https?:\/\//i.test(spec.path)) {
      return fail('not_connected', 'No service address is set.')
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
        if (hop >= MAX_REDIRECTS)
          return fail('bad_response', 'The result link redirected too many times.')
        url = new URL(location, url)
        if (url.protocol !== 'https:' && url.protocol !== 'http:') {
          return fail('bad_response', 'The result link redirected to a non-http address.')
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
          error.message = `The service answered with an unexpected redirect (HTTP ${status}).`
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
          message: `The answer to ${spec.endpoint} was larger than allowed.`,
        },
        false,
        null,
      )
    }
    const kind = classifyTransportError(e)
    if (kind === 'cancelled') return new AttemptFailure(cancelledFailure().error, false, null)
    if (kind === 'network' || kind === 'timeout') {
      const error = transportError(kind, spec.endpoint, spec.options.taskId)
      if (target === 'cdn') error.action = 'Check the connection and try the download again.'
      return new AttemptFailure(error, true, null)
    }
    return new AttemptFailure(
      {
        code: 'internal',
        message: `The request to ${spec.endpoint} failed unexpectedly: ${redact(errorText(e))}`,
        action: 'Try again; if it keeps happening, export diagnostics for a report.',
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

function errorText(e: unknown): string {
  if (e instanceof Error) {
    const code = (e as { code?: unknown }).code
    return `${e.name}${typeof code === 'string' ? ` ${code}` : ''}: ${e.message}`
  }
  return String(e)
}

function binary(o: Opened): BinaryResponse {
  const length = header(o.headers, 'content-length')
  const parsed = length !== undefined && /^\d+$/.test(length) ? Number(length) : null
  return {
    body: o.body,
    contentLength: parsed,
    contentType: header(o.headers, 'content-type') ?? null,
    url: o.url,
  }
}

function filePart(name: string, file: FileRef, contentType: string): MultipartPart {
  return {
    name,
    path: file.path,
    contentType,
    ...(file.filename ? { filename: file.filename } : {}),
  }
}

/** Throws `validation` with the catalog's field messages when a request breaks a rule. */
function validated(result: Validation, endpoint: string): void {
  if (result.ok) return
  const entries = Object.entries(result.fields)
  const first = entries[0]
  fail(
    'validation',
    first ? `${first[0]}: ${first[1]}` : `The request to ${endpoint} is invalid.`,
    {
      fields: result.fields,
      action: 'Correct the highlighted settings; nothing was sent or charged.',
    },
  )
}

/** The native body, checked by the catalog (including the 40 MiB request limit) before sending. */
function nativeBody(req: NativeRequest): string {
  const body = JSON.stringify(req)
  validated(validateNative(req, { requestBytes: Buffer.byteLength(body) }), '/ai/generate-image')
  return body
}

function artPrivate(req: WorkbenchEstimateRequest): string[] {
  return [
    req.prompt,
    req.negative_prompt ?? '',
    ...(req.characters ?? []).flatMap((c) => [c.prompt, c.negative_prompt ?? '']),
  ]
}

function chatPrivate(messages: ChatRequest['messages']): string[] {
  return messages.flatMap((m) =>
    typeof m.content === 'string' ? [m.content] : m.content.map((p) => p.text),
  )
}

function responsesPrivate(req: ResponsesRequest): string[] {
  const input =
    typeof req.input === 'string'
      ? [req.input]
      : req.input.flatMap((m) =>
          typeof m.content === 'string' ? [m.content] : m.content.map((p) => p.text ?? ''),
        )
  return [...input, req.instructions ?? '']
}

function streamDropped(endpoint: string, taskId?: string): AppError {
  const error: AppError = {
    code: 'network',
    message: `The event stream (${endpoint}) was disconnected before the task finished.`,
    action: 'Reconnect to the task’s events or check the task; do not submit it again.',
  }
  if (taskId) error.taskId = taskId
  return error
}

function toImageResult(parsed: {
  created?: number | undefined
  data: Array<{
    url?: string | undefined
    b64_json?: string | undefined
    revised_prompt?: string | undefined
  }>
}): ImageResult {
  const result: ImageResult = {
    images: parsed.data.map((d) => {
      const item: ImageResult['images'][number] = {}
      if (d.url) item.url = d.url
      if (d.b64_json) item.b64 = d.b64_json
      if (d.revised_prompt) item.revisedPrompt = d.revised_prompt
      return item
    }),
  }
  if (parsed.created !== undefined) result.created = parsed.created
  return result
}

function toVideoTask(
  parsed: Record<string, unknown> & {
    id: string
    status: string
    progress?: number | undefined
    error?: { code?: string | undefined; message?: string | undefined } | null | undefined
    expires_at?: number | null | undefined
  },
): VideoTask {
  const task: VideoTask = { id: parsed.id, status: parsed.status, raw: parsed }
  if (parsed.progress !== undefined) task.progress = parsed.progress
  if (parsed.error) {
    const error: VideoTask['error'] = {}
    if (parsed.error.code) error.code = parsed.error.code
    if (parsed.error.message) error.message = parsed.error.message
    task.error = error
  }
  if (typeof parsed.expires_at === 'number') task.expiresAt = parsed.expires_at
  return task
}

function toArtTask(
  parsed: Record<string, unknown> & {
    data?:
      | { id?: string | undefined; task_id?: string | undefined; status?: string | undefined }
      | undefined
    id?: string | undefined
    task_id?: string | undefined
    status?: string | undefined
  },
): ArtTask {
  const id = (parsed.data?.id ?? parsed.data?.task_id ?? parsed.id ?? parsed.task_id) as string
  const task: ArtTask = { id, raw: parsed }
  const status = parsed.data?.status ?? parsed.status
  if (status) task.status = status
  return task
}
