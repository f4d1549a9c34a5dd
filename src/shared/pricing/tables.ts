/**
 * The spec's price tables in integer micro-dollars (1 USD = 1,000,000), so sums never drift.
 * Standard wallet prices before membership benefits. A missing cell means the model does not offer
 * that tier or resolution.
 */
import type { NativeFamily } from '../catalog/artModels'
import type { ImageModelId, VideoModelId, VideoResolution } from '../catalog/models'
import type { SizeTier } from '../catalog/tiers'

export const MICROS_PER_USD = 1_000_000

/** Images, per output, by tier (the spec's "Images, per output" table, row by row). */
export const IMAGE_PRICE_MICROS: Readonly<
  Partial<Record<ImageModelId, Readonly<Partial<Record<SizeTier, number>>>>>
> = {
  'std-image-2': { '1K': 10_000, '2K': 15_000, '4K': 20_000 },
  'std-image-2.5-sunburst': { '1K': 10_000, '2K': 10_000, '4K': 10_000 },
  'still-5.0-pro': { '1K': 45_000, '2K': 90_000 },
  'edit-2511': { '1K': 15_000 },
  'compact-2-sfw': { '1K': 22_000, '2K': 25_000, '4K': 25_000 },
}

/** still-5.0-pro: the first reference is included; each additional one adds this per request. */
export const STILL_EXTRA_REFERENCE_MICROS = 3_000

/**
 * Art models: one standard image (1024x1024, 23 steps). V4 and V3 variants have no published
 * price; estimates for them use the V4.5 base and are marked approximate.
 */
export const ART_BASE_MICROS: Readonly<Record<'v4.5' | 'v5', number>> = {
  'v4.5': 3_000,
  v5: 6_000,
}
export const ART_STANDARD_PIXELS = 1024 * 1024

/** Video, 5 seconds at 16:9 (the spec's video table, row by row). */
export const VIDEO_PRICE_MICROS: Readonly<
  Record<VideoModelId, Readonly<Partial<Record<VideoResolution, number>>>>
> = {
  'motion-2.5': { '480p': 645_400, '720p': 1_387_800, '1080p': 3_411_800 },
  'motion-2.0': { '480p': 421_900, '720p': 907_200, '1080p': 2_245_400 },
  'motion-2.0-fast': { '480p': 337_500, '720p': 725_800 },
  'clip-h3': { '480p': 145_300, '720p': 289_200 },
  'clip-h3-sfw': { '768p': 100_000, '1080p': 100_000 },
  'reel-2.2-anime': { '480p': 140_000, '720p': 180_000 },
  'reel-2.2-real': { '480p': 140_000, '720p': 180_000 },
}
export const VIDEO_TABLE_SECONDS = 5
export const VIDEO_TABLE_ASPECT = '16:9'

export const artBaseFor = (family: NativeFamily): number =>
  family === 'v5' ? ART_BASE_MICROS.v5 : ART_BASE_MICROS['v4.5']
