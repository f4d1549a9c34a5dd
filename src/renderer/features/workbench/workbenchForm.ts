import {
  type NativeModel,
  validateWorkbench,
  WORKBENCH_LIMITS,
  type WorkbenchEstimateRequest,
} from '@shared/catalog'
import { estimateArt, type PriceEstimate } from '@shared/pricing'

import {
  ART_FILE_RULE,
  artVariant,
  fixedSeed,
  missingCharacterPrompt,
} from '../../forms/artFormRules'
import { addValidation, type FieldErrors, noErrors } from '../../forms/formErrors'
import { parseIntText, parseNumberText } from '../../forms/numbers'
import { fileProblems, type RefItem } from '../../forms/references'
import { translate } from '../../i18n/translate'
import type { WorkbenchDraft } from '../../stores/forms'

export type WorkbenchField =
  | 'variant'
  | 'prompt'
  | 'negative_prompt'
  | 'width'
  | 'height'
  | 'steps'
  | 'count'
  | 'seed'
  | 'guidance'
  | 'source_strength'
  | 'source_noise'
  | 'characters'
  | 'source'
  | 'mask'
  | 'references'

/** Precise references per request (our choice; the spec gives no count). */
export const WORKBENCH_MAX_REFERENCES = 4

export interface WorkbenchFormModel {
  variant: NativeModel
  /** The estimate body without asset IDs (they exist only after the upload step). */
  request: Omit<
    WorkbenchEstimateRequest,
    'source_asset_id' | 'mask_asset_id' | 'reference_asset_ids'
  >
  errors: FieldErrors<WorkbenchField>
  ok: boolean
  estimate: PriceEstimate | null
  /**
   * What a quote was given for: the request plus the identity of each asset file. Any change
   * makes the quote stale (spec: a new quote is needed after any parameter change).
   */
  fingerprint: string
}

const FIELD_BY_PATH: Record<string, WorkbenchField> = {
  model: 'variant',
  model_variant: 'variant',
  source_asset_id: 'source',
  mask_asset_id: 'mask',
  reference_asset_ids: 'references',
  vibe_asset_ids: 'references',
}

const fieldOf = (path: string): WorkbenchField =>
  FIELD_BY_PATH[path] ?? (path.startsWith('characters') ? 'characters' : (path as WorkbenchField))

/**
 * The workbench form as an estimate request, checked by the catalog's workbench validator with
 * stand-in asset IDs for the files it holds (the files themselves are checked against the art
 * limits here and uploaded when a quote is asked for).
 */
export function buildWorkbenchForm(
  d: WorkbenchDraft,
  files: { source: readonly RefItem[]; mask: { painted: boolean }; references: readonly RefItem[] },
): WorkbenchFormModel {
  const variant = artVariant(d.variant)
  const errors: FieldErrors<WorkbenchField> = {}
  const width = parseIntText(d.width)
  const height = parseIntText(d.height)
  const steps = parseIntText(d.steps)
  const count = parseIntText(d.count)
  const request: WorkbenchFormModel['request'] = {
    model: WORKBENCH_LIMITS.model,
    model_variant: variant.id,
    prompt: d.prompt,
    negative_prompt: d.negativePrompt,
    width: width ?? Number.NaN,
    height: height ?? Number.NaN,
    steps: steps ?? Number.NaN,
    count: count ?? Number.NaN,
  }
  const guidance = parseNumberText(d.guidance)
  if (guidance !== undefined) request.guidance = guidance
  const seed = fixedSeed(d, WORKBENCH_LIMITS.seed, errors)
  if (seed !== undefined) request.seed = seed
  const hasSource = files.source.length > 0
  if (hasSource) {
    request.source_strength = parseNumberText(d.sourceStrength) ?? Number.NaN
    request.source_noise = parseNumberText(d.sourceNoise) ?? Number.NaN
  }
  if (d.characters.length > 0) {
    request.auto_character_positions = d.autoPositions
    request.characters = d.characters.map((c) => ({
      prompt: c.prompt,
      ...(c.negativePrompt ? { negative_prompt: c.negativePrompt } : {}),
    }))
  }
  const validation = validateWorkbench(
    {
      ...request,
      ...(hasSource ? { source_asset_id: 'pending' } : {}),
      ...(files.mask.painted ? { mask_asset_id: 'pending' } : {}),
      ...(files.references.length > 0
        ? { reference_asset_ids: files.references.map(() => 'pending') }
        : {}),
    },
    { phase: 'estimate' },
  )
  addValidation(errors, validation, fieldOf)
  if (hasSource) {
    const problem = fileProblems(files.source, ART_FILE_RULE)
    if (problem) errors.source = problem
  }
  if (files.mask.painted && !hasSource) errors.mask = translate('workbench', 'maskNeedsSource')
  if (files.references.length > WORKBENCH_MAX_REFERENCES) {
    errors.references = translate('workbench', 'referencesTooMany', {
      max: WORKBENCH_MAX_REFERENCES,
    })
  } else {
    const problem = fileProblems(files.references, ART_FILE_RULE)
    if (problem) errors.references = problem
  }
  const missing = missingCharacterPrompt(d.characters)
  if (missing) errors.characters ??= missing
  const priced = !errors.width && !errors.height && !errors.steps && !errors.count
  const estimate = priced
    ? estimateArt({
        variant: variant.id,
        width: width!,
        height: height!,
        steps: steps!,
        count: count!,
        referenceCount: files.references.length,
      })
    : null
  const fingerprint = JSON.stringify({
    request,
    seedMode: d.seedMode,
    source: files.source.map((r) => r.id),
    mask: files.mask,
    references: files.references.map((r) => r.id),
  })
  return { variant, request, errors, ok: noErrors(errors), estimate, fingerprint }
}
