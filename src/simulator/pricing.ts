/**
 * What the simulated service charges. Typed in again from the spec's tables
 * (../shared/spec/service-interface.md, "Pricing" and "Per-model image parameters"), never
 * imported from src/shared: the simulator is the oracle the client's estimates are tested
 * against, so a wrong number on either side shows up as a disagreement (issue #18). Lint keeps
 * src/shared/pricing out of the simulator.
 *
 * Where the spec gives no rule (art sizes and steps other than the standard, video durations and
 * aspect ratios other than the table's), the simulator scales linearly, like a plausible service,
 * and marks the charge approximate: the client may only ever call such a figure an estimate.
 */

/** USD per output by tier: 1K, 2K, 4K (null: not offered). */
const IMAGE_USD: Record<string, readonly [number | null, number | null, number | null]> = {
  'std-image-2': [0.01, 0.015, 0.02],
  'std-image-2.5-sunburst': [0.01, 0.01, 0.01],
  'still-5.0-pro': [0.045, 0.09, null],
  'edit-2511': [0.015, null, null],
  'compact-2-sfw': [0.022, 0.025, 0.025],
}

/** "low and auto give 1K; medium gives 2K; high gives 4K", per model (absent: always 1K). */
const QUALITY_TIER: Record<string, Record<string, 0 | 1 | 2>> = {
  'std-image-2': { low: 0, auto: 0, medium: 1, high: 2 },
  'std-image-2.5-sunburst': { low: 0, auto: 0 },
  'still-5.0-pro': { low: 0, auto: 0, medium: 1 },
}

/** still-5.0-pro: the first reference is included, each additional adds this per request. */
const STILL_EXTRA_REFERENCE_USD = 0.003

/** One standard art image: 1024x1024 at 23 steps. */
const ART_STANDARD = { pixels: 1024 * 1024, steps: 23, usd: { 'v4.5': 0.003, v5: 0.006 } }

/** Video, 5 seconds at 16:9, by resolution. */
const VIDEO_USD: Record<string, Record<string, number>> = {
  'motion-2.5': { '480p': 0.6454, '720p': 1.3878, '1080p': 3.4118 },
  'motion-2.0': { '480p': 0.4219, '720p': 0.9072, '1080p': 2.2454 },
  'motion-2.0-fast': { '480p': 0.3375, '720p': 0.7258 },
  'clip-h3': { '480p': 0.1453, '720p': 0.2892 },
  'clip-h3-sfw': { '768p': 0.1, '1080p': 0.1 },
  'reel-2.2-anime': { '480p': 0.14, '720p': 0.18 },
  'reel-2.2-real': { '480p': 0.14, '720p': 0.18 },
}

/** A charge in micro-dollars, and whether it follows a published figure exactly. */
export interface Charge {
  micros: number
  approximate: boolean
  /** How the figure was reached, in words (shown in the workbench quote). */
  basis: string
}

/** Charges are kept in micro-dollars, so sums never drift. */
export const MICROS_PER_USD = 1_000_000

const micros = (usd: number): number => Math.round(usd * MICROS_PER_USD)

/** The images endpoints, or null for a model or tier with no price. */
export function imageCharge(req: {
  model: string
  quality?: string | undefined
  n: number
  referenceCount: number
  aspectRatio?: string | undefined
}): Charge | null {
  if (req.model === 'art-v4.5') {
    // Server-defined dimensions per aspect ratio: only 1:1 is the standard image.
    const square = (req.aspectRatio ?? '1:1') === '1:1'
    return {
      micros: micros(ART_STANDARD.usd['v4.5']) * req.n,
      approximate: !square,
      basis: `standard art image × ${req.n}`,
    }
  }
  const row = IMAGE_USD[req.model]
  if (!row) return null
  const tier = QUALITY_TIER[req.model]?.[req.quality ?? 'auto'] ?? 0
  const each = row[tier]
  if (each === null || each === undefined) return null
  let total = micros(each) * req.n
  if (req.model === 'still-5.0-pro' && req.referenceCount > 1)
    total += micros(STILL_EXTRA_REFERENCE_USD) * (req.referenceCount - 1)
  return { micros: total, approximate: false, basis: `${each} USD per output × ${req.n}` }
}

/** Art images (native endpoint and workbench): the standard price, scaled by pixels and steps. */
export function artCharge(req: {
  family: string
  width: number
  height: number
  steps: number
  count: number
  referenceCount: number
}): Charge {
  const published = req.family === 'v5' || req.family === 'v4.5'
  const base = micros(req.family === 'v5' ? ART_STANDARD.usd.v5 : ART_STANDARD.usd['v4.5'])
  const pixels = req.width * req.height
  const total = Math.round(
    (base * pixels * req.steps * req.count) / (ART_STANDARD.pixels * ART_STANDARD.steps),
  )
  const standard = pixels === ART_STANDARD.pixels && req.steps === ART_STANDARD.steps
  const approximate = !standard || !published || req.referenceCount > 0
  const basis = `${req.family} standard image (1024x1024, 23 steps) × ${req.count}${approximate ? ', scaled' : ''}`
  return { micros: total, approximate, basis }
}

/** Video: the 5 s 16:9 figure, scaled by duration; other ratios and reference videos differ. */
export function videoCharge(req: {
  model: string
  resolution: string
  duration: number
  aspectRatio: string
  referenceMode: boolean
}): Charge | null {
  const base = VIDEO_USD[req.model]?.[req.resolution]
  if (base === undefined) return null
  const exact = req.duration === 5 && req.aspectRatio === '16:9' && !req.referenceMode
  return {
    micros: Math.round((micros(base) * req.duration) / 5),
    approximate: !exact,
    basis: `${base} USD per 5 s at ${req.resolution}, 16:9${exact ? '' : ', scaled'}`,
  }
}

/** Every image row of the spec's table, for the cross-check with the client (tests). */
export const SPEC_IMAGE_ROWS = IMAGE_USD
/** Every video row of the spec's table, for the cross-check with the client (tests). */
export const SPEC_VIDEO_ROWS = VIDEO_USD
