/**
 * Request shapes of the spec's endpoints, shared by the forms (renderer), the service client
 * (main) and the simulator, so a field name is spelt once. Fields the spec leaves unshown and that
 * we chose are marked `(our choice)`.
 */
import type { NativeAction } from './artModels'
import type { SniffedImageType } from './imageBytes'
import type { ImageQuality, ResponseFormat } from './models'

/**
 * The fields both images endpoints take, with the same names and per-model rules (one validator,
 * `checkCommon`, checks them for both); the forms build one and send it to either endpoint.
 */
interface ImageRequestFields {
  model: string
  prompt: string
  n?: number
  size?: string
  quality?: ImageQuality
  aspect_ratio?: string
  response_format?: ResponseFormat
  /**
   * Reference images by URL. On edits, models that accept URL references may mix them with files;
   * they count together.
   */
  image_urls?: string[]
  mode?: 'reference'
}

/** JSON body of POST /v1/images/generations. */
export type ImageGenerationRequest = ImageRequestFields

/** Text parts of the multipart body of POST /v1/images/edits (files are described separately). */
export type ImageEditRequest = ImageRequestFields

/** What the validators need to know about one reference file (read from its bytes). */
export interface ReferenceFileMeta {
  /** Multipart part name: `image` or `image[]`. */
  field?: string
  name?: string
  /** Size in bytes. */
  bytes: number
  /** From `sniffImageType`; null when the bytes are not PNG, JPEG or WebP. */
  type: SniffedImageType | null
  width?: number
  height?: number
}

/** JSON body of POST /v1/videos. */
export interface VideoRequest {
  model: string
  prompt: string
  duration?: number
  resolution?: string
  aspect_ratio?: string
  mode?: 'all-reference'
  reference_video_urls?: string[]
  input_video_seconds?: number
}

/** One character prompt of the native request (`v4_prompt.caption.char_captions[]`). */
export interface NativeCharCaption {
  char_caption: string
  centers?: { x: number; y: number }[]
}

export interface NativeV4Prompt {
  caption: { base_caption?: string; char_captions: NativeCharCaption[] }
  use_coords?: boolean
  use_order?: boolean
}

/** `parameters` of the native request. img2img/infill/reference field names are our choice. */
export interface NativeParameters {
  width: number
  height: number
  steps: number
  n_samples: number
  scale?: number
  seed?: number
  sampler?: string
  negative_prompt?: string
  v4_prompt?: NativeV4Prompt
  v4_negative_prompt?: NativeV4Prompt
  /** img2img / infill source, Base64 PNG, JPEG or WebP (our choice of name). */
  image?: string
  /** infill mask, Base64 (our choice of name; white = repaint). */
  mask?: string
  /** img2img strength, greater than 0 and at most 1 (our choice). */
  strength?: number
  /** img2img noise, 0 to 1 (our choice). */
  noise?: number
  /** Precise references, Base64 images (our choice of name). */
  director_reference_images?: string[]
  [extra: string]: unknown
}

/** JSON body of POST /ai/generate-image. */
export interface NativeRequest {
  input: string
  model: string
  action: NativeAction
  parameters: NativeParameters
  /** false enables automatic character positioning. */
  use_coords?: boolean
}

export interface WorkbenchCharacter {
  prompt: string
  negative_prompt?: string
}

/** Body of POST /v1/art/estimate. width, height, steps and count are required (our choice). */
export interface WorkbenchEstimateRequest {
  model: 'art-v4.5'
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
  characters?: WorkbenchCharacter[]
  /** Asset IDs from POST /v1/art/assets (field names our choice). */
  source_asset_id?: string
  mask_asset_id?: string
  reference_asset_ids?: string[]
  vibe_asset_ids?: string[]
}

/** Body of POST /v1/art/generations and /v1/art/generations/stream. */
export interface WorkbenchGenerationRequest extends WorkbenchEstimateRequest {
  quote_id: string
  client_request_id: string
}

export type ChatRole = 'system' | 'developer' | 'user' | 'assistant'
export const CHAT_ROLES: readonly ChatRole[] = ['system', 'developer', 'user', 'assistant']

export interface ChatMessage {
  role: ChatRole
  content: string | { type: 'text'; text: string }[]
}

/** Body of POST /v1/chat/completions. */
export interface ChatRequest {
  model: string
  messages: ChatMessage[]
  stream?: boolean
}

/** Body of POST /v1/responses and /v1/responses/compact (payloads unshown; OpenAI-shaped). */
export interface ResponsesRequest {
  model: string
  input: string | { role: ChatRole; content: string | { type: string; text?: string }[] }[]
  instructions?: string
}
