import type { Readable } from 'node:stream'

import type { AppError } from '@shared/result'
import type { Dispatcher } from 'undici'

import type { Clock } from '../../../adapters/clock/Clock'
import type { BodyStream } from '../../../adapters/http/readBody'
import type { RetryPolicy } from '../../../adapters/http/retryPolicy'
import type { DiagnosticsSink } from '../../diagnostics/Diagnostics'
import type { CallOptions } from '../types'
import type { KeyScrubber } from './keyScrub'

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

/** The ServiceClient's options are the transport's. */
export type TransportOptions = ServiceClientOptions

export interface Opened {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: BodyStream
  url: string
  /** Scrubs the key this attempt was sent with out of whatever the answer says. */
  scrub: KeyScrubber
}

export interface Spec<T> {
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
export interface Seen {
  target: 'service' | 'cdn'
  status: number | undefined
}

/** An attempt's failure with what the retry loop needs to know. */
export class AttemptFailure extends Error {
  constructor(
    readonly error: AppError,
    readonly retryable: boolean,
    readonly retryAfterMs: number | null,
  ) {
    super(error.message)
  }
}
