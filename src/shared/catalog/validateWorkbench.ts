/** Validator for the art-model workbench extension (estimate and generation requests). */
import {
  getNativeModel,
  NATIVE_LIMITS,
  NATIVE_MODELS,
  type NativeModel,
  WORKBENCH_LIMITS,
} from './models'
import { groupDigits } from './validateImage'
import {
  checkBoolean,
  checkInt,
  checkNumber,
  checkOneOf,
  checkString,
  isInteger,
  isObject,
  Issues,
  type Validation,
} from './validation'

const characterLimitMessage = (model: NativeModel): string =>
  model.maxCharacters === 0
    ? `${model.id} takes no character prompts`
    : `Characters must be at most ${model.maxCharacters} for ${model.label} (${model.id})`

function checkSide(
  issues: Issues,
  path: string,
  value: unknown,
  label: string,
): number | undefined {
  if (value === undefined || value === null) {
    issues.add(path, `${label} is required`)
    return undefined
  }
  if (!isInteger(value) || value < NATIVE_LIMITS.multipleOf || value > NATIVE_LIMITS.maxSide) {
    issues.add(path, `${label} must be ${NATIVE_LIMITS.multipleOf} to ${NATIVE_LIMITS.maxSide}`)
    return undefined
  }
  if (value % NATIVE_LIMITS.multipleOf !== 0) {
    issues.add(path, `${label} must be a multiple of ${NATIVE_LIMITS.multipleOf}`)
    return undefined
  }
  return value
}

function checkIdList(issues: Issues, path: string, value: unknown): number {
  if (value === undefined || value === null) return 0
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || v === '')) {
    issues.add(path, 'must be a list of asset IDs')
    return 0
  }
  return value.length
}

/**
 * Validates a workbench request. `phase: 'estimate'` checks POST /v1/art/estimate;
 * `'generation'` also needs `quote_id` and `client_request_id` (generations and stream).
 * Width and height follow the native limits (multiples of 64, side ≤ 3072, ≤ 3,145,728 px).
 */
export function validateWorkbench(
  req: unknown,
  opts: { phase: 'estimate' | 'generation' } = { phase: 'estimate' },
): Validation {
  const issues = new Issues()
  if (!isObject(req)) {
    issues.add('body', 'The request body must be a JSON object')
    return issues.result()
  }
  if (req.model !== WORKBENCH_LIMITS.model) {
    issues.add(
      'model',
      `model must be ${WORKBENCH_LIMITS.model} (choose the variant in model_variant)`,
    )
  }
  const variantId = checkOneOf(
    issues,
    'model_variant',
    req.model_variant,
    'model_variant',
    NATIVE_MODELS.map((m) => m.id),
    { required: true },
  )
  const variant = variantId ? getNativeModel(variantId) : undefined
  checkString(issues, 'prompt', req.prompt, 'prompt', { required: true, nonEmpty: true })
  checkString(issues, 'negative_prompt', req.negative_prompt, 'negative_prompt')
  const w = checkSide(issues, 'width', req.width, 'Width')
  const h = checkSide(issues, 'height', req.height, 'Height')
  if (w !== undefined && h !== undefined && w * h > NATIVE_LIMITS.maxPixels) {
    issues.add(
      'width',
      `Width × height must be at most ${groupDigits(NATIVE_LIMITS.maxPixels)} pixels`,
    )
  }
  checkInt(issues, 'steps', req.steps, 'Steps', WORKBENCH_LIMITS.steps, { required: true })
  checkInt(issues, 'count', req.count, 'Count', WORKBENCH_LIMITS.count, { required: true })
  checkInt(issues, 'seed', req.seed, 'Seed', WORKBENCH_LIMITS.seed)
  checkNumber(issues, 'guidance', req.guidance, 'Guidance', WORKBENCH_LIMITS.guidance)
  checkNumber(issues, 'source_strength', req.source_strength, 'Source strength', {
    min: WORKBENCH_LIMITS.sourceStrength.minExclusive,
    max: WORKBENCH_LIMITS.sourceStrength.max,
    minExclusive: true,
  })
  checkNumber(
    issues,
    'source_noise',
    req.source_noise,
    'Source noise',
    WORKBENCH_LIMITS.sourceNoise,
  )
  checkBoolean(
    issues,
    'auto_character_positions',
    req.auto_character_positions,
    'auto_character_positions',
  )

  const chars = req.characters
  if (chars !== undefined && chars !== null) {
    if (!Array.isArray(chars)) {
      issues.add('characters', 'characters must be a list')
    } else {
      if (variant && chars.length > variant.maxCharacters) {
        issues.add('characters', characterLimitMessage(variant))
      }
      chars.forEach((c, i) => {
        if (!isObject(c) || typeof c.prompt !== 'string') {
          issues.add(`characters[${i}].prompt`, 'Each character needs a prompt text')
        } else if (c.negative_prompt !== undefined && typeof c.negative_prompt !== 'string') {
          issues.add(`characters[${i}].negative_prompt`, 'negative_prompt must be text')
        }
      })
    }
  }

  const source = checkString(issues, 'source_asset_id', req.source_asset_id, 'source_asset_id')
  const mask = checkString(issues, 'mask_asset_id', req.mask_asset_id, 'mask_asset_id')
  if (mask !== undefined && source === undefined) {
    issues.add('mask_asset_id', 'mask_asset_id needs source_asset_id')
  }
  const refs = checkIdList(issues, 'reference_asset_ids', req.reference_asset_ids)
  const vibes = checkIdList(issues, 'vibe_asset_ids', req.vibe_asset_ids)
  if (refs > 0 && vibes > 0) {
    issues.add(
      'reference_asset_ids',
      'Precise references and Vibes cannot be combined in one request',
    )
  }

  if (opts.phase === 'generation') {
    checkString(issues, 'quote_id', req.quote_id, 'quote_id', { required: true, nonEmpty: true })
    checkString(issues, 'client_request_id', req.client_request_id, 'client_request_id', {
      required: true,
      nonEmpty: true,
    })
  }
  return issues.result()
}
