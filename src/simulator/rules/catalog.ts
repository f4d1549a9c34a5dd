/**
 * The service's model catalog and per-model rules as the simulated service enforces them, typed in
 * again from ../shared/spec/service-interface.md ("Model catalog", "Per-model image parameters",
 * the video table, the native model table and "Limits"). Nothing here is imported from
 * src/shared: the simulator is the oracle the client's validators are tested against, so a rule
 * the client gets wrong shows up as a disagreement over HTTP (issue #18). Lint keeps it so.
 *
 * Where the spec leaves a value unshown the simulator makes its own choice and says so; the same
 * choices are made on the client side, and the validation matrix over HTTP holds the two together.
 */

export type ModelKind = 'image' | 'video' | 'text'

/** A catalog row: identifier, kind, and whether the public API serves it. */
export interface CatalogRow {
  id: string
  kind: ModelKind
  publicApi: boolean
}

/** The spec's catalog, in its order (compact-2-sfw: "web workspace only; no public API"). */
export const CATALOG: readonly CatalogRow[] = [
  ...[
    'std-image-2',
    'std-image-2.5-sunburst',
    'still-5.0-pro',
    'edit-2511',
    'art-v4.5',
    'art-v5',
  ].map((id) => ({ id, kind: 'image' as const, publicApi: true })),
  { id: 'compact-2-sfw', kind: 'image', publicApi: false },
  ...[
    'motion-2.5',
    'motion-2.0',
    'motion-2.0-fast',
    'clip-h3',
    'clip-h3-sfw',
    'reel-2.2-anime',
    'reel-2.2-real',
  ].map((id) => ({ id, kind: 'video' as const, publicApi: true })),
  ...['std-6-sol', 'std-6-astra', 'std-5.6-sol', 'lite-v4.1-flash'].map((id) => ({
    id,
    kind: 'text' as const,
    publicApi: true,
  })),
]

export const catalogRow = (id: string): CatalogRow | undefined => CATALOG.find((m) => m.id === id)

/** Text models /v1/responses and /v1/responses/compact accept (endpoint rule 1). */
export const RESPONSES_MODELS: readonly string[] = ['std-6-sol', 'std-6-astra', 'std-5.6-sol']

/** Output pixel budget of a size tier. Unshown by the spec; our choice: the tier's square. */
export const TIER_BUDGET = { '1K': 1024 ** 2, '2K': 2048 ** 2, '4K': 4096 ** 2 } as const
export type Tier = keyof typeof TIER_BUDGET

/** How one image model reads a request on the images endpoints. */
export interface ImageRow {
  /** Which images endpoints serve it ("generations", "edits"); art-v5 only the native one. */
  generations: boolean
  edits: boolean
  nMax: number
  /** quality → tier; null: quality is "not applicable" and refused. */
  quality: Readonly<Record<string, Tier>> | null
  /** WIDTHxHEIGHT rules; null: no size field. */
  size: {
    step: number
    /** std-image-2: "within the pixel budget of the selected tier". */
    tierBudget?: true
    minPixels?: number
    maxPixels?: number
    maxRatio?: number
    maxSide?: number
  } | null
  aspects: readonly string[] | null
  /** image_urls on the generations endpoint (and counted on edits), as [min, max]. */
  urls: readonly [number, number] | null
  /** Reference files (plus any accepted URLs) on the edits endpoint, as [min, max]. */
  files: readonly [number, number] | null
  mode?: 'reference'
  /** still-5.0-pro: "A smart aspect ratio requires reference images". */
  smartNeedsReference?: true
  /** edit-2511: "Resolution is fixed at 720p" (our choice of frame: 1280x720). */
  fixed?: readonly [number, number]
  /** art-v4.5: "aspect_ratio is mapped to server-defined dimensions" (our choice of dimensions). */
  aspectFrames?: Readonly<Record<string, readonly [number, number]>>
}

const ALL_QUALITIES_1K = { low: '1K', auto: '1K', medium: '1K', high: '1K' } as const

export const IMAGE_ROWS: Readonly<Record<string, ImageRow>> = {
  'std-image-2': {
    generations: true,
    edits: true,
    nMax: 1,
    quality: { low: '1K', auto: '1K', medium: '2K', high: '4K' },
    size: { step: 8, tierBudget: true },
    aspects: null,
    urls: null,
    files: [1, 4],
  },
  'std-image-2.5-sunburst': {
    generations: true,
    edits: true,
    nMax: 1,
    quality: { low: '1K', auto: '1K' },
    size: { step: 16, minPixels: 655_360, maxPixels: 1_048_576, maxRatio: 3, maxSide: 3840 },
    aspects: null,
    urls: null,
    files: [1, 4],
  },
  'still-5.0-pro': {
    generations: true,
    edits: true,
    nMax: 1,
    quality: { low: '1K', auto: '1K', medium: '2K' },
    size: null,
    aspects: ['1:1', '16:9', '9:16', '4:3', '3:4', 'smart'],
    urls: [0, 10],
    files: [1, 10],
    smartNeedsReference: true,
  },
  'edit-2511': {
    generations: true,
    edits: true,
    nMax: 1,
    quality: ALL_QUALITIES_1K,
    size: null,
    aspects: null,
    urls: [1, 2],
    files: [1, 2],
    mode: 'reference',
    fixed: [1280, 720],
  },
  'art-v4.5': {
    generations: true,
    edits: true,
    nMax: 4,
    quality: null,
    size: null,
    aspects: ['1:1', '3:2', '2:3', '4:3', '3:4', '16:9', '9:16'],
    urls: null,
    files: [1, 1],
    aspectFrames: {
      '1:1': [1024, 1024],
      '3:2': [1216, 832],
      '2:3': [832, 1216],
      '4:3': [1152, 896],
      '3:4': [896, 1152],
      '16:9': [1344, 768],
      '9:16': [768, 1344],
    },
  },
  'art-v5': {
    generations: false,
    edits: false,
    nMax: 4,
    quality: null,
    size: null,
    aspects: null,
    urls: null,
    files: null,
  },
}

/** One row of the spec's video table, plus the reference mode of clip-h3 and clip-h3-sfw. */
export interface VideoRow {
  resolutions: readonly string[]
  seconds: readonly [number, number]
  allReference: boolean
}

const video = (resolutions: string[], min: number, max: number, allReference = false) => ({
  resolutions,
  seconds: [min, max] as const,
  allReference,
})

export const VIDEO_ROWS: Readonly<Record<string, VideoRow>> = {
  'motion-2.5': video(['480p', '720p', '1080p'], 4, 30),
  'motion-2.0': video(['480p', '720p', '1080p'], 4, 15),
  'motion-2.0-fast': video(['480p', '720p'], 4, 15),
  'clip-h3': video(['480p', '720p'], 4, 15, true),
  'clip-h3-sfw': video(['768p', '1080p'], 4, 30, true),
  'reel-2.2-anime': video(['480p', '720p'], 5, 5),
  'reel-2.2-real': video(['480p', '720p'], 5, 5),
}

/**
 * Video aspect ratios. "Exact list of aspect_ratio values for video: not shown"; the builder
 * offers landscape, portrait and square, the examples use 16:9 and 9:16: our choice is those three.
 */
export const VIDEO_ASPECTS: readonly string[] = ['16:9', '9:16', '1:1']

/** Video defaults when a field is left out (unshown; our choice). */
export function videoDefaults(model: string): { seconds: number; resolution: string } {
  const row = VIDEO_ROWS[model] as VideoRow
  const [min, max] = row.seconds
  return {
    seconds: Math.min(Math.max(5, min), max),
    resolution: row.resolutions.includes('720p') ? '720p' : (row.resolutions[0] as string),
  }
}

/** Price family of a native variant (V4.5 and V5 have published prices). */
export type ArtFamily = 'v5' | 'v4.5' | 'v4' | 'v3'

/** A row of the native model table: how many character captions it takes, and its rights. */
export interface NativeRow {
  id: string
  label: string
  characters: number
  family: ArtFamily
  /** The catalog model whose rights a call needs: V5 → art-v5, every other → art-v4.5. */
  rights: 'art-v5' | 'art-v4.5'
}

export const NATIVE_ROWS: readonly NativeRow[] = [
  ['art-diffusion-4-5-full', 'V4.5 Full', 6, 'v4.5'],
  ['art-diffusion-4-5-curated', 'V4.5 Curated', 6, 'v4.5'],
  ['art-diffusion-5-full', 'V5 Full', 32, 'v5'],
  ['art-diffusion-4-full', 'V4 Full', 6, 'v4'],
  ['art-diffusion-4-curated-preview', 'V4 Curated', 6, 'v4'],
  ['art-diffusion-3', 'Anime V3', 0, 'v3'],
  ['art-diffusion-furry-3', 'Furry V3', 0, 'v3'],
].map(([id, label, characters, family]) => ({
  id: id as string,
  label: label as string,
  characters: characters as number,
  family: family as ArtFamily,
  rights: family === 'v5' ? 'art-v5' : 'art-v4.5',
}))

export const nativeRow = (id: unknown): NativeRow | undefined =>
  NATIVE_ROWS.find((r) => r.id === id)

const MiB = 1024 * 1024

/** The spec's "Limits" table for the native endpoint ("24 megapixels" read as 24,000,000). */
export const ART_LIMITS = {
  step: 64,
  maxPixels: 3_145_728,
  maxSide: 3072,
  steps: [1, 50],
  samples: [1, 4],
  seed: [0, 4_294_967_295],
  requestBytes: 40 * MiB,
  referenceBytes: 24 * MiB,
  referencePixels: 24_000_000,
} as const

/** Workbench controls ("Limits", other limits 2, and the extension's controls table). */
export const WORKBENCH_CONTROLS = {
  model: 'art-v4.5',
  guidance: [0, 10],
  sourceNoise: [0, 1],
  /** source_strength: above 0 and at most 1. */
  sourceStrengthMax: 1,
} as const
