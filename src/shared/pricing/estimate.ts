/**
 * USD estimates from the spec's price tables. Exact when the request matches a table cell;
 * `approximate: true` (with the reason in `basis`) when we scale a published price to a choice the
 * tables do not list. Text models have no published rate and never get a number.
 */
import { ART_STANDARD_STEPS, getNativeModel, type NativeModel } from '../catalog/artModels'
import { getImageModel, getModel, getVideoModel, VIDEO_REFERENCE_MODE } from '../catalog/models'
import type { SizeTier } from '../catalog/tiers'
import { tierFor } from '../catalog/validateImage'
import { msg } from '../i18n/message'
import {
  ART_BASE_MICROS,
  ART_STANDARD_PIXELS,
  artBaseFor,
  IMAGE_PRICE_MICROS,
  MICROS_PER_USD,
  STILL_EXTRA_REFERENCE_MICROS,
  VIDEO_PRICE_MICROS,
  VIDEO_TABLE_ASPECT,
  VIDEO_TABLE_SECONDS,
} from './tables'

export type PriceEstimate =
  | {
      kind: 'usd'
      /** Rounded from `micros`; use `micros` for sums. */
      usd: number
      micros: number
      approximate: boolean
      /** How the figure was reached, in words, for a tooltip. */
      basis: string
    }
  | { kind: 'no_published_rate'; basis: string }
  | { kind: 'not_offered'; basis: string }

const usd = (micros: number, approximate: boolean, basis: string): PriceEstimate => ({
  kind: 'usd',
  usd: micros / MICROS_PER_USD,
  micros,
  approximate,
  basis,
})

/** A basis and the notes on how it was scaled, in the one wording every estimate uses. */
const withNotes = (basis: string, notes: readonly string[]): string =>
  notes.length ? `${basis}; ${notes.join('; ')}` : basis

/** "$0.015", "$1.3878", "$0.00" — up to six decimals, trailing zeros trimmed to at least two. */
export function formatUsdMicros(micros: number): string {
  const sign = micros < 0 ? '-' : ''
  const abs = Math.abs(Math.round(micros))
  const whole = Math.floor(abs / MICROS_PER_USD)
  const frac = String(abs % MICROS_PER_USD)
    .padStart(6, '0')
    .replace(/0+$/, '')
    .padEnd(2, '0')
  return `${sign}$${whole}.${frac}`
}

/** The estimate as a short label: "$0.015", "≈ $2.7756", "No published rate", "Not offered". */
export function describeEstimate(e: PriceEstimate): string {
  if (e.kind === 'no_published_rate') return msg('estimateNoRate')
  if (e.kind === 'not_offered') return msg('estimateNotOffered')
  const amount = formatUsdMicros(e.micros)
  return e.approximate ? msg('estimateApprox', { amount }) : amount
}

/** Sums USD estimates; any approximate part makes the sum approximate; other kinds are skipped. */
export function sumEstimates(
  parts: readonly PriceEstimate[],
  basis = 'Sum of estimates',
): PriceEstimate {
  let micros = 0
  let approximate = false
  for (const p of parts) {
    if (p.kind !== 'usd') continue
    micros += p.micros
    approximate ||= p.approximate
  }
  return usd(micros, approximate, basis)
}

/** The table price of one output of an image model at a tier, in micro-dollars, or null. */
export const imagePricePerOutput = (model: string, tier: SizeTier): number | null =>
  IMAGE_PRICE_MICROS[model as keyof typeof IMAGE_PRICE_MICROS]?.[tier] ?? null

export interface ArtEstimateInput {
  /** A native model identifier (art-diffusion-…). */
  variant: string
  width: number
  height: number
  steps: number
  /** Images per request (n_samples or count). */
  count: number
  /** Precise references: they change the price by an unpublished amount. */
  referenceCount?: number
}

/**
 * Art models (native and workbench). APPROXIMATE SCALING, our choice: the published price of one
 * standard image (1024x1024, 23 steps) is scaled linearly by pixel count and by steps, and
 * multiplied by the image count. Only the standard size and steps are exact.
 */
export function estimateArt(input: ArtEstimateInput): PriceEstimate {
  const model: NativeModel | undefined = getNativeModel(input.variant)
  if (!model)
    return { kind: 'not_offered', basis: msg('estUnknownArt', { variant: input.variant }) }
  const base = artBaseFor(model.family)
  const pixels = input.width * input.height
  const micros = Math.round(
    (base * pixels * input.steps * input.count) / (ART_STANDARD_PIXELS * ART_STANDARD_STEPS),
  )
  const notes: string[] = []
  const standard = pixels === ART_STANDARD_PIXELS && input.steps === ART_STANDARD_STEPS
  if (!standard) notes.push(msg('estScaledPixelsSteps'))
  const published = model.family === 'v4.5' || model.family === 'v5'
  if (!published) notes.push(msg('estNoPublishedV45', { model: model.label }))
  const refs = input.referenceCount ?? 0
  if (refs > 0) notes.push(msg('estRefSurcharge'))
  const basis = withNotes(
    msg('estArtBasis', {
      price: formatUsdMicros(base),
      family: model.family === 'v5' ? 'V5' : 'V4.5',
      count: input.count,
    }),
    notes,
  )
  return usd(micros, !standard || !published || refs > 0, basis)
}

export interface ImageEstimateInput {
  model: string
  quality?: string
  /** Overrides the tier from quality (compact-2-sfw's workspace resolution). */
  tier?: SizeTier
  aspect_ratio?: string
  n?: number
  /** Reference images in the request (image_urls plus files). */
  referenceCount?: number
}

/** Images endpoints: price per output by tier × n, plus still-5.0-pro's extra references. */
export function estimateImage(input: ImageEstimateInput): PriceEstimate {
  const model = getImageModel(input.model)
  if (!model) return { kind: 'not_offered', basis: msg('estNotImageModel', { model: input.model }) }
  const n = input.n ?? 1
  if (model.id === 'art-v4.5') {
    // Server-defined dimensions per aspect ratio are unpublished: the standard-image price is used.
    const aspect = input.aspect_ratio ?? '1:1'
    const square = aspect === '1:1'
    const each = ART_BASE_MICROS['v4.5']
    return usd(
      each * n,
      !square,
      withNotes(
        msg('estStandardArt', { price: formatUsdMicros(each), count: n }),
        square ? [] : [msg('estServerDefined', { aspect })],
      ),
    )
  }
  if (model.id === 'art-v5') {
    return { kind: 'not_offered', basis: msg('estArtV5Native') }
  }
  const tier = input.tier ?? tierFor(model, input.quality)
  const each = imagePricePerOutput(model.id, tier)
  if (each === null)
    return { kind: 'not_offered', basis: msg('estNoTierPrice', { model: model.id, tier }) }
  let micros = each * n
  let basis = msg('estPerOutput', { price: formatUsdMicros(each), tier, count: n })
  if (model.id === 'still-5.0-pro' && (input.referenceCount ?? 0) > 1) {
    const extra = (input.referenceCount ?? 0) - 1
    micros += extra * STILL_EXTRA_REFERENCE_MICROS
    // English `shared` messages take no ICU (they must read right before a translator is
    // registered), so one and many are two messages here; the translations are the same sentence.
    const parts = { basis, price: formatUsdMicros(STILL_EXTRA_REFERENCE_MICROS), extra }
    basis = extra === 1 ? msg('estPlusReference', parts) : msg('estPlusReferences', parts)
  }
  return usd(micros, false, basis)
}

export interface VideoEstimateInput {
  model: string
  resolution?: string
  duration?: number
  aspect_ratio?: string
  mode?: string
}

/**
 * Video: the 5-second 16:9 table price, scaled linearly by duration (approximate when not 5 s);
 * other aspect ratios and the reference mode use the same figure, marked approximate.
 */
export function estimateVideo(input: VideoEstimateInput): PriceEstimate {
  const model = getVideoModel(input.model)
  if (!model) return { kind: 'not_offered', basis: msg('estNotVideoModel', { model: input.model }) }
  const resolution = input.resolution ?? model.defaults.resolution
  const duration = input.duration ?? model.defaults.duration
  const aspect = input.aspect_ratio ?? model.defaults.aspect_ratio
  const base =
    VIDEO_PRICE_MICROS[model.id][resolution as keyof (typeof VIDEO_PRICE_MICROS)[typeof model.id]]
  if (base === undefined) {
    return {
      kind: 'not_offered',
      basis: msg('estNoResolutionPrice', { model: model.id, resolution }),
    }
  }
  const micros = Math.round((base * duration) / VIDEO_TABLE_SECONDS)
  const notes: string[] = []
  if (duration !== VIDEO_TABLE_SECONDS) notes.push(msg('estScaledDuration', { duration }))
  if (aspect !== VIDEO_TABLE_ASPECT)
    notes.push(msg('estAspectDiffers', { table: VIDEO_TABLE_ASPECT, aspect }))
  if (input.mode === VIDEO_REFERENCE_MODE) notes.push(msg('estRefVideo'))
  const basis = withNotes(
    msg('estVideoBasis', {
      price: formatUsdMicros(base),
      seconds: VIDEO_TABLE_SECONDS,
      resolution,
      aspect: VIDEO_TABLE_ASPECT,
    }),
    notes,
  )
  return usd(micros, notes.length > 0, basis)
}

/** Text models have no published rate; the app shows that instead of a number. */
export function estimateText(model: string): PriceEstimate {
  const m = getModel(model)
  if (!m || m.kind !== 'text')
    return { kind: 'not_offered', basis: msg('estNotTextModel', { model }) }
  return {
    kind: 'no_published_rate',
    basis: msg('estTextNoRate', { model: m.id }),
  }
}
