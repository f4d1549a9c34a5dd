/**
 * The art-model family's own tables from the spec: the native model table (identifiers, character
 * limits), the native endpoint's limits and the workbench controls. The forms, the validators of
 * both art endpoints and the pricing read them here.
 */

export type NativeModelId =
  | 'art-diffusion-4-5-full'
  | 'art-diffusion-4-5-curated'
  | 'art-diffusion-5-full'
  | 'art-diffusion-4-full'
  | 'art-diffusion-4-curated-preview'
  | 'art-diffusion-3'
  | 'art-diffusion-furry-3'

/** Price family of a native model: V4.5 and V5 have published base prices, older ones do not. */
export type NativeFamily = 'v5' | 'v4.5' | 'v4' | 'v3'

export interface NativeModel {
  id: NativeModelId
  label: string
  /** Maximum entries in v4_prompt.caption.char_captions (and workbench `characters`). */
  maxCharacters: number
  family: NativeFamily
  /** The catalog model this variant belongs to, when there is one. */
  catalogModel: 'art-v4.5' | 'art-v5' | null
}

/** The spec's native model table, row by row. */
export const NATIVE_MODELS: readonly NativeModel[] = [
  {
    id: 'art-diffusion-4-5-full',
    label: 'V4.5 Full',
    maxCharacters: 6,
    family: 'v4.5',
    catalogModel: 'art-v4.5',
  },
  {
    id: 'art-diffusion-4-5-curated',
    label: 'V4.5 Curated',
    maxCharacters: 6,
    family: 'v4.5',
    catalogModel: 'art-v4.5',
  },
  {
    id: 'art-diffusion-5-full',
    label: 'V5 Full',
    maxCharacters: 32,
    family: 'v5',
    catalogModel: 'art-v5',
  },
  {
    id: 'art-diffusion-4-full',
    label: 'V4 Full',
    maxCharacters: 6,
    family: 'v4',
    catalogModel: null,
  },
  {
    id: 'art-diffusion-4-curated-preview',
    label: 'V4 Curated',
    maxCharacters: 6,
    family: 'v4',
    catalogModel: null,
  },
  { id: 'art-diffusion-3', label: 'Anime V3', maxCharacters: 0, family: 'v3', catalogModel: null },
  {
    id: 'art-diffusion-furry-3',
    label: 'Furry V3',
    maxCharacters: 0,
    family: 'v3',
    catalogModel: null,
  },
]

export const NATIVE_ACTIONS = ['generate', 'img2img', 'infill'] as const
export type NativeAction = (typeof NATIVE_ACTIONS)[number]

const MiB = 1024 * 1024

/** The spec's native limits table. "24 megapixels" is read as 24,000,000 pixels. */
export const NATIVE_LIMITS = {
  multipleOf: 64,
  maxPixels: 3_145_728,
  maxSide: 3072,
  steps: { min: 1, max: 50 },
  nSamples: { min: 1, max: 4 },
  seed: { min: 0, max: 4_294_967_295 },
  maxRequestBytes: 40 * MiB,
  maxReferenceBytes: 24 * MiB,
  maxReferencePixels: 24_000_000,
} as const

/** The spec's workbench controls table plus the per-variant character limits. */
export const WORKBENCH_LIMITS = {
  steps: { min: 1, max: 50 },
  count: { min: 1, max: 4 },
  seed: { min: 0, max: 4_294_967_295 },
  guidance: { min: 0, max: 10 },
  /** Greater than 0 and at most 1. */
  sourceStrength: { minExclusive: 0, max: 1 },
  sourceNoise: { min: 0, max: 1 },
  /** The workbench `model` field value (the variant goes in `model_variant`). */
  model: 'art-v4.5',
} as const

/** Steps of the art models' "standard image" (the price table's reference point). */
export const ART_STANDARD_STEPS = 23

const nativeById = new Map<string, NativeModel>(NATIVE_MODELS.map((m) => [m.id, m]))

export const getNativeModel = (id: string): NativeModel | undefined => nativeById.get(id)

/** The catalog models whose calls a native model identifier belongs to (for account rights). */
export const catalogModelForNative = (id: string): NativeModel['catalogModel'] =>
  nativeById.get(id)?.catalogModel ?? null
