/**
 * Request and result shapes of the client's endpoint methods. Requests carry exactly the spec's
 * documented fields; `extra` holds anything else a form adds, sent as given. Results expose the
 * fields the app uses plus `raw`, so the UI can show what the server said when the spec is silent.
 */

/** Options of every call: cancellation, and the task it belongs to (for diagnostics). */
export interface CallOptions {
  signal?: AbortSignal
  taskId?: string
  /** Longest wait for response headers (generations can take minutes). */
  headersTimeoutMs?: number
  /** Longest silence between body chunks. */
  bodyTimeoutMs?: number
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

export interface ImageGenerationRequest {
  model: string
  prompt: string
  n?: number
  size?: string
  quality?: string
  aspect_ratio?: string
  response_format?: 'url' | 'b64_json'
  image_urls?: string[]
  mode?: string
  extra?: Record<string, unknown>
}

export interface ImageEditRequest {
  model: string
  prompt: string
  /** One file is sent as part `image`, several as repeated `image[]` parts. */
  images: FileRef[]
  mask?: FileRef
  n?: number
  size?: string
  quality?: string
  aspect_ratio?: string
  response_format?: 'url' | 'b64_json'
  mode?: string
  extra?: Record<string, string | number | boolean>
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

export interface VideoCreateRequest {
  model: string
  prompt: string
  duration?: number
  resolution?: string
  aspect_ratio?: string
  mode?: string
  reference_video_urls?: string[]
  input_video_seconds?: number
  extra?: Record<string, unknown>
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

export interface NativeArtRequest {
  input: string
  model: string
  action: 'generate' | 'img2img' | 'infill'
  parameters: Record<string, unknown>
  use_coords?: boolean
  extra?: Record<string, unknown>
}

export interface ArtEstimateRequest {
  model: string
  model_variant: string
  prompt: string
  negative_prompt?: string
  width: number
  height: number
  steps: number
  count: number
  seed?: number
  guidance?: number
  source_strength?: number
  source_noise?: number
  auto_character_positions?: boolean
  characters?: Array<{ prompt: string; negative_prompt?: string }>
  extra?: Record<string, unknown>
}

export interface ArtGenerationRequest extends ArtEstimateRequest {
  quote_id: string
  /** The workbench's idempotency key: same value on a retry, a new one for a new image. */
  client_request_id: string
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

export interface ChatMessage {
  role: string
  content: string
}

export interface ChatRequest {
  model: string
  messages: ChatMessage[]
  extra?: Record<string, unknown>
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
