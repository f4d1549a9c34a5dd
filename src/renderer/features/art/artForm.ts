import {
  NATIVE_LIMITS,
  type NativeModel,
  type NativeParameters,
  type NativeRequest,
  type NativeV4Prompt,
  validateNative,
} from '@shared/catalog'
import { estimateArt, type PriceEstimate } from '@shared/pricing'

import {
  ART_FILE_RULE,
  artVariant,
  fixedSeed,
  missingCharacterPrompt,
} from '../../forms/artFormRules'
import { cellCenter } from '../../forms/characters'
import { addValidation, type FieldErrors, noErrors } from '../../forms/formErrors'
import { parseIntText, parseNumberText } from '../../forms/numbers'
import { fileProblems, type RefItem } from '../../forms/references'
import { translate } from '../../i18n/translate'
import type { ArtDraft, CharacterDraft } from '../../stores/forms'

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

export interface ArtFormModel {
  variant: NativeModel
  /** The native body without the image and mask (main adds them from `source` and the mask file). */
  request: NativeRequest
  errors: FieldErrors<ArtField>
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
  const v4 = (baseCaption: string, text: (c: CharacterDraft) => string): NativeV4Prompt => ({
    caption: {
      base_caption: baseCaption,
      char_captions: characters.map((c) => ({ char_caption: text(c), ...center(c) })),
    },
    use_coords: !auto,
    use_order: true,
  })
  return {
    v4_prompt: v4(base, (c) => c.prompt),
    v4_negative_prompt: v4(baseNegative, (c) => c.negativePrompt),
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
  const variant = artVariant(d.variant)
  const errors: FieldErrors<ArtField> = {}
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
  const seed = fixedSeed(d, NATIVE_LIMITS.seed, errors)
  if (seed !== undefined) parameters.seed = seed
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
  addValidation(errors, validateNative(checked), fieldOf)
  if (needsSource) {
    if (source.length === 0) errors.source = translate('art', 'sourceMissing', { action: d.action })
    else {
      const problem = fileProblems(source, ART_FILE_RULE)
      if (problem) errors.source = problem
    }
    if (d.action === 'infill' && !mask.painted) {
      errors.mask = translate('art', 'maskMissing')
    }
  }
  const missing = missingCharacterPrompt(d.characters)
  if (missing) errors.characters ??= missing
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
  return { variant, request, errors, ok: noErrors(errors), estimate }
}
