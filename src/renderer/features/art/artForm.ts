import {
  getNativeModel,
  NATIVE_LIMITS,
  type NativeModel,
  type NativeParameters,
  type NativeRequest,
  type NativeV4Prompt,
  validateNative,
} from '@shared/catalog'
import { estimateArt, type PriceEstimate } from '@shared/pricing'

import type { ArtDraft, CharacterDraft } from '../../stores/forms'
import { cellCenter } from '../generate/characters'
import { parseIntText, parseNumberText } from '../generate/numbers'
import { fileProblems, type RefItem } from '../generate/references'

export type ArtField =
  | 'variant'
  | 'action'
  | 'prompt'
  | 'negative_prompt'
  | 'width'
  | 'height'
  | 'steps'
  | 'samples'
  | 'guidance'
  | 'seed'
  | 'sampler'
  | 'characters'
  | 'source'
  | 'mask'
  | 'strength'
  | 'noise'

/**
 * A 1 × 1 PNG standing in for the source and mask while the form is checked: their bytes stay on
 * disk (main encodes them when sending), so the catalog validator checks every other parameter
 * and `fileProblems` checks the real files against the same native limits.
 */
const PLACEHOLDER_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='

/** Source images of the native endpoint: one file, at most 24 MiB and 24 megapixels. */
export const ART_SOURCE_RULE = {
  maxBytes: NATIVE_LIMITS.maxReferenceBytes,
  maxPixels: NATIVE_LIMITS.maxReferencePixels,
}

export interface ArtFormModel {
  variant: NativeModel
  /** The native body without the image and mask (main adds them from `source` and the mask file). */
  request: NativeRequest
  errors: Partial<Record<ArtField, string>>
  ok: boolean
  /** null while a field the price depends on is invalid. */
  estimate: PriceEstimate | null
}

/** Character prompts as v4 captions, with centres only when positions are manual. */
export function v4Prompts(
  base: string,
  baseNegative: string,
  characters: readonly CharacterDraft[],
  auto: boolean,
): { v4_prompt: NativeV4Prompt; v4_negative_prompt: NativeV4Prompt } {
  const center = (c: CharacterDraft) => (auto ? {} : { centers: [cellCenter(c.position)] })
  return {
    v4_prompt: {
      caption: {
        base_caption: base,
        char_captions: characters.map((c) => ({ char_caption: c.prompt, ...center(c) })),
      },
      use_coords: !auto,
      use_order: true,
    },
    v4_negative_prompt: {
      caption: {
        base_caption: baseNegative,
        char_captions: characters.map((c) => ({ char_caption: c.negativePrompt, ...center(c) })),
      },
      use_coords: !auto,
      use_order: true,
    },
  }
}

const FIELD_BY_PATH: Record<string, ArtField> = {
  input: 'prompt',
  model: 'variant',
  action: 'action',
  'parameters.width': 'width',
  'parameters.height': 'height',
  'parameters.steps': 'steps',
  'parameters.n_samples': 'samples',
  'parameters.seed': 'seed',
  'parameters.scale': 'guidance',
  'parameters.sampler': 'sampler',
  'parameters.negative_prompt': 'negative_prompt',
  'parameters.image': 'source',
  'parameters.mask': 'mask',
  'parameters.strength': 'strength',
  'parameters.noise': 'noise',
}

const fieldOf = (path: string): ArtField =>
  FIELD_BY_PATH[path] ??
  (path.includes('char_captions') || path.includes('v4_') ? 'characters' : 'prompt')

/**
 * The art form as a POST /ai/generate-image body: checked by the catalog's native validator
 * (sizes, steps, samples, seed, guidance, characters per variant, strength and noise), the
 * source file checked against the native limits, the mask required for infill, and priced by the
 * shared art estimate. A random seed is left out here and drawn when the task is submitted.
 */
export function buildArtForm(
  d: ArtDraft,
  source: readonly RefItem[],
  mask: { painted: boolean },
): ArtFormModel {
  const variant = getNativeModel(d.variant) ?? getNativeModel('art-diffusion-4-5-full')!
  const errors: Partial<Record<ArtField, string>> = {}
  const width = parseIntText(d.width)
  const height = parseIntText(d.height)
  const steps = parseIntText(d.steps)
  const samples = parseIntText(d.samples)
  const guidance = parseNumberText(d.guidance)
  const parameters: NativeParameters = {
    width: width ?? Number.NaN,
    height: height ?? Number.NaN,
    steps: steps ?? Number.NaN,
    n_samples: samples ?? Number.NaN,
    sampler: d.sampler,
    negative_prompt: d.negativePrompt,
  }
  if (guidance !== undefined) parameters.scale = guidance
  if (d.seedMode === 'fixed') {
    const seed = parseIntText(d.seed)
    if (seed === undefined)
      errors.seed = `Enter a seed from ${NATIVE_LIMITS.seed.min} to ${NATIVE_LIMITS.seed.max}, or choose random`
    else parameters.seed = seed
  }
  if (d.characters.length > 0) {
    Object.assign(parameters, v4Prompts(d.prompt, d.negativePrompt, d.characters, d.autoPositions))
  }
  const needsSource = d.action === 'img2img' || d.action === 'infill'
  if (needsSource) {
    parameters.strength = parseNumberText(d.strength) ?? Number.NaN
    parameters.noise = parseNumberText(d.noise) ?? Number.NaN
  }
  const request: NativeRequest = {
    input: d.prompt,
    model: variant.id,
    action: d.action,
    parameters,
    ...(d.characters.length > 0 ? { use_coords: !d.autoPositions } : {}),
  }
  const checked: NativeRequest = {
    ...request,
    parameters: {
      ...parameters,
      ...(needsSource && source.length > 0 ? { image: PLACEHOLDER_PNG } : {}),
      ...(d.action === 'infill' && mask.painted ? { mask: PLACEHOLDER_PNG } : {}),
    },
  }
  const v = validateNative(checked)
  if (!v.ok) for (const [k, m] of Object.entries(v.fields)) errors[fieldOf(k)] ??= m
  if (needsSource) {
    if (source.length === 0) errors.source = `${d.action} needs a source image (PNG, JPEG or WebP)`
    else {
      const problem = fileProblems(source, ART_SOURCE_RULE)
      if (problem) errors.source = problem
    }
    if (d.action === 'infill' && !mask.painted) {
      errors.mask = 'Paint the area to repaint on the mask (white = repaint)'
    }
  }
  d.characters.forEach((c, i) => {
    if (c.prompt.trim() === '') errors.characters ??= `Character ${i + 1} needs a prompt`
  })
  const priced = !errors.width && !errors.height && !errors.steps && !errors.samples
  const estimate = priced
    ? estimateArt({
        variant: variant.id,
        width: width!,
        height: height!,
        steps: steps!,
        count: samples!,
      })
    : null
  return { variant, request, errors, ok: Object.keys(errors).length === 0, estimate }
}
