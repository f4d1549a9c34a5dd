/**
 * The service's model catalog and every per-model rule of the spec, as data. Forms, validators,
 * pricing read these tables (the art models' own table is in artModels.ts), so a rule changes in exactly one place.
 * Values the spec leaves unshown are marked `(our choice)` where they are defined.
 */
import type { NativeModelId } from './artModels'
import type { SizeTier } from './tiers'

export type ModelKind = 'image' | 'video' | 'text'

/** The API surfaces of the spec's endpoint table, by name. */
export type ApiEndpoint =
  | 'images.generations'
  | 'images.edits'
  | 'videos'
  | 'art.native'
  | 'art.workbench'
  | 'chat.completions'
  | 'responses'
  | 'responses.compact'

/** The HTTP path of each endpoint (the first path for the workbench, which has several). */
export const ENDPOINT_PATHS: Readonly<Record<ApiEndpoint, string>> = {
  'images.generations': '/v1/images/generations',
  'images.edits': '/v1/images/edits',
  videos: '/v1/videos',
  'art.native': '/ai/generate-image',
  'art.workbench': '/v1/art/estimate',
  'chat.completions': '/v1/chat/completions',
  responses: '/v1/responses',
  'responses.compact': '/v1/responses/compact',
}

export type ImageQuality = 'low' | 'auto' | 'medium' | 'high'
export const IMAGE_QUALITIES: readonly ImageQuality[] = ['low', 'auto', 'medium', 'high']
export type ResponseFormat = 'url' | 'b64_json'
export const RESPONSE_FORMATS: readonly ResponseFormat[] = ['url', 'b64_json']

export type ImageModelId =
  | 'std-image-2'
  | 'std-image-2.5-sunburst'
  | 'still-5.0-pro'
  | 'edit-2511'
  | 'art-v4.5'
  | 'art-v5'
  | 'compact-2-sfw'
export type VideoModelId =
  | 'motion-2.5'
  | 'motion-2.0'
  | 'motion-2.0-fast'
  | 'clip-h3'
  | 'clip-h3-sfw'
  | 'reel-2.2-anime'
  | 'reel-2.2-real'
export type TextModelId = 'std-6-sol' | 'std-6-astra' | 'std-5.6-sol' | 'lite-v4.1-flash'
export type ModelId = ImageModelId | VideoModelId | TextModelId

export interface Range {
  min: number
  max: number
}

/** How a `size` of `WIDTHxHEIGHT` is checked for one model. */
export interface SizeRule {
  /** Each dimension must be a multiple of this. */
  multipleOf: number
  /** The total must fit the pixel budget of the tier selected by `quality`. */
  withinTierBudget: boolean
  minPixels?: number
  maxPixels?: number
  /** Longer side / shorter side must not exceed this. */
  maxAspect?: number
  maxSide?: number
}

export interface ImageModel {
  kind: 'image'
  id: ImageModelId
  label: string
  /** False for compact-2-sfw: web workspace only, never offered by the public API. */
  publicApi: boolean
  endpoints: readonly ApiEndpoint[]
  /** Bounds of `n` (image count). */
  n: Range
  /**
   * quality → tier. `null` means quality does not apply to the model (it is refused). Qualities
   * missing from the map are refused for the model.
   */
  qualityTiers: Partial<Record<ImageQuality, SizeTier>> | null
  /** edit-2511: any quality is accepted but does not change the resolution. */
  qualityIgnored?: boolean
  /** `null`: the model takes no `size` (it uses aspect_ratio, or a fixed resolution). */
  size: SizeRule | null
  /** Allowed `aspect_ratio` values; `null`: aspect_ratio is not accepted. */
  aspectRatios: readonly string[] | null
  /** `smart` aspect ratio needs at least one reference image (still-5.0-pro). */
  smartAspectNeedsReferences?: boolean
  /** Reference images given as `image_urls` on the generations endpoint; `null`: not accepted. */
  urlReferences: Range | null
  /** Reference files (`image` / `image[]` parts, plus any image_urls) on the edits endpoint. */
  editReferences: Range | null
  /** The `mode` value the model requires (edit-2511: `reference`). */
  requiredMode?: 'reference'
  /** A resolution that does not depend on the request (edit-2511: 720p). */
  fixedResolution?: { label: string; width: number; height: number }
  /** art-v5: the native model identifier used on /ai/generate-image. */
  nativeModel?: NativeModelId
  /** Server-defined output dimensions per aspect ratio (art-v4.5; our choice, spec unshown). */
  aspectDimensions?: Readonly<Record<string, { width: number; height: number }>> & {
    readonly '1:1': { width: number; height: number }
  }
  /** Web-workspace facts for compact-2-sfw (display only; there is no API to call). */
  workspace?: { resolutions: readonly SizeTier[]; maxOwnedReferences: number }
  notes: string
}

export type VideoResolution = '480p' | '720p' | '768p' | '1080p'
export const VIDEO_RESOLUTIONS: readonly VideoResolution[] = ['480p', '720p', '768p', '1080p']
/**
 * Video aspect ratios (our choice): the spec gives no list, only that the builder offers
 * landscape, portrait and square and that the examples use 16:9 and 9:16.
 */
export const VIDEO_ASPECT_RATIOS: readonly string[] = ['16:9', '9:16', '1:1']
export const VIDEO_REFERENCE_MODE = 'all-reference'

export interface VideoModel {
  kind: 'video'
  id: VideoModelId
  label: string
  publicApi: true
  endpoints: readonly ApiEndpoint[]
  resolutions: readonly VideoResolution[]
  /** Seconds. */
  duration: Range
  aspectRatios: readonly string[]
  /** Reference modes the model accepts (clip-h3 and clip-h3-sfw: all-reference). */
  referenceModes: readonly (typeof VIDEO_REFERENCE_MODE)[]
  /** Values used when the request leaves a field out (our choice; the spec shows no defaults). */
  defaults: { duration: number; resolution: VideoResolution; aspect_ratio: string }
  notes: string
}

export interface TextModel {
  kind: 'text'
  id: TextModelId
  label: string
  publicApi: true
  endpoints: readonly ApiEndpoint[]
  notes: string
}

export type CatalogModel = ImageModel | VideoModel | TextModel

// ───────────────────────────── the catalog ─────────────────────────────

const IMAGE_MODELS: readonly ImageModel[] = [
  {
    kind: 'image',
    id: 'std-image-2',
    label: 'Standard Image 2',
    publicApi: true,
    endpoints: ['images.generations', 'images.edits'],
    n: { min: 1, max: 1 },
    qualityTiers: { low: '1K', auto: '1K', medium: '2K', high: '4K' },
    size: { multipleOf: 8, withinTierBudget: true },
    aspectRatios: null,
    urlReferences: null,
    editReferences: { min: 1, max: 4 },
    notes: 'Generation and editing. Size in multiples of 8 within the tier chosen by quality.',
  },
  {
    kind: 'image',
    id: 'std-image-2.5-sunburst',
    label: 'Standard Image 2.5 Sunburst',
    publicApi: true,
    endpoints: ['images.generations', 'images.edits'],
    n: { min: 1, max: 1 },
    qualityTiers: { low: '1K', auto: '1K' },
    size: {
      multipleOf: 16,
      withinTierBudget: false,
      minPixels: 655_360,
      maxPixels: 1_048_576,
      maxAspect: 3,
      maxSide: 3840,
    },
    aspectRatios: null,
    urlReferences: null,
    editReferences: { min: 1, max: 4 },
    notes: 'Generation and editing at 1K. Size in multiples of 16, 655,360 to 1,048,576 pixels.',
  },
  {
    kind: 'image',
    id: 'still-5.0-pro',
    label: 'Still 5.0 Pro',
    publicApi: true,
    endpoints: ['images.generations', 'images.edits'],
    n: { min: 1, max: 1 },
    qualityTiers: { low: '1K', auto: '1K', medium: '2K' },
    size: null,
    aspectRatios: ['1:1', '16:9', '9:16', '4:3', '3:4', 'smart'],
    smartAspectNeedsReferences: true,
    urlReferences: { min: 0, max: 10 },
    editReferences: { min: 1, max: 10 },
    notes: 'Generation and editing with up to 10 references; the first reference is included.',
  },
  {
    kind: 'image',
    id: 'edit-2511',
    label: 'Edit 2511',
    publicApi: true,
    endpoints: ['images.generations', 'images.edits'],
    n: { min: 1, max: 1 },
    qualityTiers: { low: '1K', auto: '1K', medium: '1K', high: '1K' },
    qualityIgnored: true,
    size: null,
    aspectRatios: null,
    urlReferences: { min: 1, max: 2 },
    editReferences: { min: 1, max: 2 },
    requiredMode: 'reference',
    fixedResolution: { label: '720p', width: 1280, height: 720 },
    notes: 'Reference-based editing: mode reference, 1 to 2 references, fixed 720p.',
  },
  {
    kind: 'image',
    id: 'art-v4.5',
    label: 'Art V4.5',
    publicApi: true,
    endpoints: ['images.generations', 'images.edits', 'art.workbench'],
    n: { min: 1, max: 4 },
    qualityTiers: null,
    size: null,
    aspectRatios: ['1:1', '3:2', '2:3', '4:3', '3:4', '16:9', '9:16'],
    urlReferences: null,
    editReferences: { min: 1, max: 1 },
    aspectDimensions: {
      '1:1': { width: 1024, height: 1024 },
      '3:2': { width: 1216, height: 832 },
      '2:3': { width: 832, height: 1216 },
      '4:3': { width: 1152, height: 896 },
      '3:4': { width: 896, height: 1152 },
      '16:9': { width: 1344, height: 768 },
      '9:16': { width: 768, height: 1344 },
    },
    notes:
      'Art-model family: images endpoint (n 1 to 4, exactly one reference for editing) and the workbench extension.',
  },
  {
    kind: 'image',
    id: 'art-v5',
    label: 'Art V5',
    publicApi: true,
    endpoints: ['art.native'],
    n: { min: 1, max: 4 },
    qualityTiers: null,
    size: null,
    aspectRatios: null,
    urlReferences: null,
    editReferences: null,
    nativeModel: 'art-diffusion-5-full',
    notes:
      'Native endpoint only, model art-diffusion-5-full. API callers without membership pay from the wallet.',
  },
  {
    kind: 'image',
    id: 'compact-2-sfw',
    label: 'Compact 2 SFW',
    publicApi: false,
    endpoints: [],
    n: { min: 1, max: 1 },
    qualityTiers: null,
    size: null,
    aspectRatios: [
      'smart',
      '1:1',
      '3:2',
      '2:3',
      '4:3',
      '3:4',
      '5:4',
      '4:5',
      '16:9',
      '9:16',
      '21:9',
    ],
    urlReferences: null,
    editReferences: null,
    workspace: { resolutions: ['1K', '2K', '4K'], maxOwnedReferences: 14 },
    notes: 'Web workspace only; no public API.',
  },
]

const videoModel = (
  id: VideoModelId,
  label: string,
  resolutions: readonly VideoResolution[],
  duration: Range,
  referenceModes: readonly (typeof VIDEO_REFERENCE_MODE)[] = [],
): VideoModel => ({
  kind: 'video',
  id,
  label,
  publicApi: true,
  endpoints: ['videos'],
  resolutions,
  duration,
  aspectRatios: VIDEO_ASPECT_RATIOS,
  referenceModes,
  defaults: {
    duration: Math.min(Math.max(5, duration.min), duration.max),
    resolution: resolutions.includes('720p') ? '720p' : (resolutions[0] as VideoResolution),
    aspect_ratio: '16:9',
  },
  notes:
    referenceModes.length > 0
      ? 'Asynchronous task; accepts the all-reference mode with reference videos.'
      : 'Asynchronous task.',
})

const VIDEO_MODELS: readonly VideoModel[] = [
  videoModel('motion-2.5', 'Motion 2.5', ['480p', '720p', '1080p'], { min: 4, max: 30 }),
  videoModel('motion-2.0', 'Motion 2.0', ['480p', '720p', '1080p'], { min: 4, max: 15 }),
  videoModel('motion-2.0-fast', 'Motion 2.0 Fast', ['480p', '720p'], { min: 4, max: 15 }),
  videoModel('clip-h3', 'Clip H3', ['480p', '720p'], { min: 4, max: 15 }, [VIDEO_REFERENCE_MODE]),
  videoModel('clip-h3-sfw', 'Clip H3 SFW', ['768p', '1080p'], { min: 4, max: 30 }, [
    VIDEO_REFERENCE_MODE,
  ]),
  videoModel('reel-2.2-anime', 'Reel 2.2 Anime', ['480p', '720p'], { min: 5, max: 5 }),
  videoModel('reel-2.2-real', 'Reel 2.2 Real', ['480p', '720p'], { min: 5, max: 5 }),
]

const textModel = (id: TextModelId, label: string, responses: boolean): TextModel => ({
  kind: 'text',
  id,
  label,
  publicApi: true,
  endpoints: responses
    ? ['chat.completions', 'responses', 'responses.compact']
    : ['chat.completions'],
  notes: responses
    ? 'Chat completions, responses and responses/compact.'
    : 'Chat completions only; refused by responses and responses/compact.',
})

const TEXT_MODELS: readonly TextModel[] = [
  textModel('std-6-sol', 'Standard 6 Sol', true),
  textModel('std-6-astra', 'Standard 6 Astra', true),
  textModel('std-5.6-sol', 'Standard 5.6 Sol', true),
  textModel('lite-v4.1-flash', 'Lite v4.1 Flash', false),
]

/** Every model of the spec's catalog, in the spec's order. */
export const CATALOG: readonly CatalogModel[] = [...IMAGE_MODELS, ...VIDEO_MODELS, ...TEXT_MODELS]

const byId = new Map<string, CatalogModel>(CATALOG.map((m) => [m.id, m]))

/** The catalog entry for an identifier, or undefined for anything the spec does not list. */
export const getModel = (id: string): CatalogModel | undefined => byId.get(id)
export const getImageModel = (id: string): ImageModel | undefined => {
  const m = byId.get(id)
  return m?.kind === 'image' ? m : undefined
}
export const getVideoModel = (id: string): VideoModel | undefined => {
  const m = byId.get(id)
  return m?.kind === 'video' ? m : undefined
}
export const getTextModel = (id: string): TextModel | undefined => {
  const m = byId.get(id)
  return m?.kind === 'text' ? m : undefined
}

/** Models that can be called through the public API (everything but compact-2-sfw). */
export const PUBLIC_MODELS: readonly CatalogModel[] = CATALOG.filter((m) => m.publicApi)

/** Whether `endpoint` accepts `model` at all (before account rights are considered). */
export const modelAcceptsEndpoint = (model: CatalogModel, endpoint: ApiEndpoint): boolean =>
  model.endpoints.includes(endpoint)
