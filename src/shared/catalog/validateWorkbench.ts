/** Validator for the art-model workbench extension (estimate and generation requests). */
import { msg } from '../i18n/message'
import { checkArtDimensions, checkNativeVariant } from './artChecks'
import { type NativeModel, WORKBENCH_LIMITS } from './artModels'
import {
  checkBoolean,
  checkInt,
  checkNumber,
  checkString,
  isObject,
  Issues,
  type Validation,
} from './validation'

const characterLimitMessage = (model: NativeModel): string =>
  model.maxCharacters === 0
    ? msg('charNone', { model: model.id })
    : msg('wbCharMax', { max: model.maxCharacters, label: model.label, model: model.id })

function checkIdList(issues: Issues, path: string, value: unknown): number {
  if (value === undefined || value === null) return 0
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || v === '')) {
    issues.add(path, msg('wbAssetIds'))
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
  opts: { phase?: 'estimate' | 'generation' } = {},
): Validation {
  const issues = new Issues()
  if (!isObject(req)) {
    issues.add('body', msg('bodyJsonObject'))
    return issues.result()
  }
  if (req.model !== WORKBENCH_LIMITS.model) {
    issues.add('model', msg('wbModelMust', { model: WORKBENCH_LIMITS.model }))
  }
  const variant = checkNativeVariant(issues, 'model_variant', req.model_variant)
  checkString(issues, 'prompt', req.prompt, 'prompt', { required: true, nonEmpty: true })
  checkString(issues, 'negative_prompt', req.negative_prompt, 'negative_prompt')
  checkArtDimensions(issues, { width: 'width', height: 'height' }, req.width, req.height)
  checkInt(issues, 'steps', req.steps, msg('labelSteps'), WORKBENCH_LIMITS.steps, {
    required: true,
  })
  checkInt(issues, 'count', req.count, msg('labelCount'), WORKBENCH_LIMITS.count, {
    required: true,
  })
  checkInt(issues, 'seed', req.seed, msg('labelSeed'), WORKBENCH_LIMITS.seed)
  checkNumber(issues, 'guidance', req.guidance, msg('labelGuidance'), WORKBENCH_LIMITS.guidance)
  checkNumber(issues, 'source_strength', req.source_strength, msg('labelSourceStrength'), {
    min: WORKBENCH_LIMITS.sourceStrength.minExclusive,
    max: WORKBENCH_LIMITS.sourceStrength.max,
    minExclusive: true,
  })
  checkNumber(
    issues,
    'source_noise',
    req.source_noise,
    msg('labelSourceNoise'),
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
      issues.add('characters', msg('wbCharList'))
    } else {
      if (variant && chars.length > variant.maxCharacters) {
        issues.add('characters', characterLimitMessage(variant))
      }
      chars.forEach((c, i) => {
        if (!isObject(c) || typeof c.prompt !== 'string') {
          issues.add(`characters[${i}].prompt`, msg('wbCharPrompt'))
        } else if (c.negative_prompt !== undefined && typeof c.negative_prompt !== 'string') {
          issues.add(
            `characters[${i}].negative_prompt`,
            msg('valText', { label: 'negative_prompt' }),
          )
        }
      })
    }
  }

  const source = checkString(issues, 'source_asset_id', req.source_asset_id, 'source_asset_id')
  const mask = checkString(issues, 'mask_asset_id', req.mask_asset_id, 'mask_asset_id')
  if (mask !== undefined && source === undefined) {
    issues.add('mask_asset_id', msg('wbMaskNeedsSource'))
  }
  const refs = checkIdList(issues, 'reference_asset_ids', req.reference_asset_ids)
  const vibes = checkIdList(issues, 'vibe_asset_ids', req.vibe_asset_ids)
  if (refs > 0 && vibes > 0) {
    issues.add('reference_asset_ids', msg('wbPreciseAndVibes'))
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
