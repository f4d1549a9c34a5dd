/**
 * Options and result shapes of the client's endpoint methods. Request bodies are the shared
 * catalog types (one spelling of every field for forms, client and simulator). Results expose the
 * fields the app uses plus `raw`, so the UI can show what the server said when the spec is silent.
 */
import type { ImageEditRequest } from '@shared/catalog'

/** Options of every call: cancellation, and the task it belongs to (for diagnostics). */
export interface CallOptions {
  signal?: AbortSignal
  taskId?: string
  /** Longest wait for response headers (generations can take minutes). */
  headersTimeoutMs?: number
  /** Longest silence between body chunks. */
  bodyTimeoutMs?: number
  /**
   * Who retries a failed attempt: the client, by its retry policy (default), or the caller
   * ('caller': one attempt; the task engine retries through its request budget, so one
   * Retry-After pauses every task).
   */
  retry?: 'client' | 'caller'
}

/**
 * Options of a call that starts a paid generation. The key is an explicit input: the task engine
 * journals it before sending and passes the same value on a retry or resume; `newIdempotencyKey()`
 * mints a fresh one for a new generation.
 */
export interface GenerationOptions extends CallOptions {
  idempotencyKey: string
}

/** A file on disk to upload; its type is taken from its magic bytes. */
export interface FileRef {
  path: string
  /** The name sent to the server; defaults to the file's base name. */
  filename?: string
}

/** The edit request's text fields (shared with the forms) plus the reference files on disk. */
export type ImageEditInput = ImageEditRequest & {
  /** One file is sent as part `image`, several as repeated `image[]` parts. */
  images: FileRef[]
}

export interface ImageItem {
  url?: string
  b64?: string
  revisedPrompt?: string
}

export interface ImageResult {
  created?: number
  images: ImageItem[]
}

export interface VideoTask {
  id: string
  /** queued | in_progress | completed | failed, or anything else (treated as not terminal). */
  status: string
  progress?: number
  error?: { code?: string; message?: string }
  expiresAt?: number
  raw: Record<string, unknown>
}

export interface ArtQuote {
  quoteId: string
  /** The whole `data` object: price, payment method, allowance (fields not shown by the spec). */
  data: Record<string, unknown>
}

export interface ArtTask {
  id: string
  status?: string
  raw: Record<string, unknown>
}

/** An SSE event of the workbench: preview, queued, done, error, keepalive (or a future kind). */
export interface ArtEvent {
  event: string
  /** JSON-decoded payload when the data is JSON, else the raw text. */
  data: unknown
  id?: string
}

export interface ChatReply {
  content: string
  finishReason?: string
  raw: Record<string, unknown>
}

export interface ChatDelta {
  content: string
  finishReason?: string
}

export interface ResponsesReply {
  /** output_text, or the text parts of output[] joined; '' when neither is present. */
  text: string
  raw: Record<string, unknown>
}

/** What a binary sink receives: the open body and what the headers said about it. */
export interface BinaryResponse {
  body: AsyncIterable<Uint8Array> & { destroy(error?: Error): unknown }
  contentLength: number | null
  contentType: string | null
  /** The URL that finally answered (after redirects). */
  url: string
}

/**
 * Consumes a binary body within one attempt; if it throws a transport error the client may retry
 * (then the sink is called again with a fresh body, so it must start over).
 */
export type BinarySink<T> = (response: BinaryResponse, signal?: AbortSignal) => Promise<T>
