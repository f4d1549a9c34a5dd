/** Validator for POST /ai/generate-image (the art-model native endpoint), from the native limits. */
import { msg } from '../i18n/message'
import { checkArtDimensions, checkNativeVariant } from './artChecks'
import { NATIVE_ACTIONS, NATIVE_LIMITS, type NativeModel } from './artModels'
import { base64DecodedLength, decodeBase64 } from './imageBytes'
import { ART_REFERENCE_LIMITS, checkArtReference, tooLarge } from './references'
import {
  checkBoolean,
  checkInt,
  checkNumber,
  checkOneOf,
  checkString,
  isObject,
  Issues,
  type Obj,
  type Validation,
} from './validation'

const active = (v: unknown): boolean =>
  v === true ||
  (Array.isArray(v) && v.length > 0) ||
  (typeof v === 'string' && v !== '') ||
  (isObject(v) && Object.keys(v).length > 0) ||
  (typeof v === 'number' && v !== 0)

/**
 * Parameters the native endpoint does not support when active (spec: Vibes, SMEA, structural
 * control, max enhance, automatic upscaling, streaming). The parameter names follow the
 * NovelAI-style request; an inactive value (false, empty list, null) is accepted.
 */
export const NATIVE_UNSUPPORTED_PARAMETERS: readonly { path: string; feature: string }[] = [
  { path: 'parameters.reference_image_multiple', feature: 'Vibes (encoded style references)' },
  {
    path: 'parameters.reference_information_extracted_multiple',
    feature: 'Vibes (encoded style references)',
  },
  { path: 'parameters.reference_strength_multiple', feature: 'Vibes (encoded style references)' },
  { path: 'parameters.sm', feature: 'SMEA' },
  { path: 'parameters.sm_dyn', feature: 'SMEA' },
  { path: 'parameters.controlnet_model', feature: 'Structural control' },
  { path: 'parameters.controlnet_condition', feature: 'Structural control' },
  { path: 'parameters.enhance', feature: 'Max enhance' },
  { path: 'parameters.upscale', feature: 'Automatic upscaling' },
  { path: 'parameters.stream', feature: 'Streaming' },
  { path: 'stream', feature: 'Streaming' },
]

/** Native models that accept precise references (our choice: V4.5 and V5). */
const PRECISE_REFERENCE_FAMILIES = new Set(['v4.5', 'v5'])

const get = (req: Obj, path: string): unknown => {
  let cur: unknown = req
  for (const part of path.split('.')) cur = isObject(cur) ? cur[part] : undefined
  return cur
}

function checkCaptions(
  issues: Issues,
  path: string,
  value: unknown,
  model: NativeModel | undefined,
): void {
  if (value === undefined || value === null) return
  if (!isObject(value) || !isObject(value.caption)) {
    issues.add(path, msg('nativeCaptionsObject'))
    return
  }
  checkBoolean(issues, `${path}.use_coords`, value.use_coords, 'use_coords')
  const list = value.caption.char_captions
  const listPath = `${path}.caption.char_captions`
  if (list === undefined || list === null) return
  if (!Array.isArray(list)) {
    issues.add(listPath, msg('nativeCharList'))
    return
  }
  if (model && list.length > model.maxCharacters) {
    issues.add(
      listPath,
      model.maxCharacters === 0
        ? msg('charNone', { model: model.id })
        : msg('nativeCharMax', { max: model.maxCharacters, model: model.id }),
    )
  }
  list.forEach((c, i) => {
    if (!isObject(c) || typeof c.char_caption !== 'string') {
      issues.add(`${listPath}[${i}]`, msg('nativeCharCaption'))
    }
  })
}

/** A Base64 image; `missing` is the message when it is left out (empty data says it is empty). */
function checkImageField(
  issues: Issues,
  path: string,
  value: unknown,
  label: string,
  missing: string,
): void {
  if (typeof value !== 'string') {
    issues.add(
      path,
      value === undefined || value === null ? missing : msg('valBase64Image', { label }),
    )
    return
  }
  // Refused by its length before it is decoded: over the limit is the first reason the reference
  // check gives, and a 32 MB Base64 text decodes slowly, all for a refusal.
  const comma = value.startsWith('data:') ? value.indexOf(',') : -1
  if (base64DecodedLength(value.slice(comma + 1)) > ART_REFERENCE_LIMITS.maxBytes) {
    issues.add(path, tooLarge(ART_REFERENCE_LIMITS))
    return
  }
  const bytes = decodeBase64(value)
  if (!bytes) {
    issues.add(path, msg('valBase64', { label }))
    return
  }
  const problem = checkArtReference(bytes)
  if (problem) issues.add(path, problem)
}

/**
 * Validates the JSON body of POST /ai/generate-image. `requestBytes` (when known) checks the
 * 40 MiB request limit. Unsupported active parameters are reported with the feature's name.
 */
export function validateNative(req: unknown, opts: { requestBytes?: number } = {}): Validation {
  const issues = new Issues()
  if ((opts.requestBytes ?? 0) > NATIVE_LIMITS.maxRequestBytes) {
    issues.add('request', msg('nativeRequestMax'))
    return issues.result()
  }
  if (!isObject(req)) {
    issues.add('body', msg('bodyJsonObject'))
    return issues.result()
  }
  for (const u of NATIVE_UNSUPPORTED_PARAMETERS) {
    if (active(get(req, u.path)))
      issues.add(u.path, msg('nativeUnsupported', { feature: u.feature }))
  }
  checkString(issues, 'input', req.input, 'input (prompt)', { required: true, nonEmpty: true })
  const model = checkNativeVariant(issues, 'model', req.model)
  const action = checkOneOf(issues, 'action', req.action, 'action', NATIVE_ACTIONS, {
    required: true,
  })
  checkBoolean(issues, 'use_coords', req.use_coords, 'use_coords')

  const p = req.parameters
  if (!isObject(p)) {
    issues.add('parameters', msg('nativeParametersObject'))
    return issues.result()
  }
  checkArtDimensions(
    issues,
    { width: 'parameters.width', height: 'parameters.height' },
    p.width,
    p.height,
  )
  checkInt(issues, 'parameters.steps', p.steps, msg('labelSteps'), NATIVE_LIMITS.steps, {
    required: true,
  })
  checkInt(
    issues,
    'parameters.n_samples',
    p.n_samples,
    msg('labelSamples'),
    NATIVE_LIMITS.nSamples,
    {
      required: true,
    },
  )
  checkInt(issues, 'parameters.seed', p.seed, msg('labelSeed'), NATIVE_LIMITS.seed)
  checkNumber(issues, 'parameters.scale', p.scale, msg('labelGuidanceScale'), { min: 0, max: 10 })
  checkString(issues, 'parameters.sampler', p.sampler, 'sampler')
  checkString(issues, 'parameters.negative_prompt', p.negative_prompt, 'negative_prompt')
  checkCaptions(issues, 'parameters.v4_prompt', p.v4_prompt, model)
  checkCaptions(issues, 'parameters.v4_negative_prompt', p.v4_negative_prompt, model)

  const needsImage = action === 'img2img' || action === 'infill'
  if (needsImage) {
    checkImageField(
      issues,
      'parameters.image',
      p.image,
      'image',
      msg('nativeNeedsImage', { action }),
    )
    checkNumber(issues, 'parameters.strength', p.strength, msg('labelStrength'), {
      min: 0,
      max: 1,
      minExclusive: true,
    })
    checkNumber(issues, 'parameters.noise', p.noise, msg('labelNoise'), { min: 0, max: 1 })
  } else if (action === 'generate' && p.image !== undefined && p.image !== null) {
    issues.add('parameters.image', msg('nativeImageOnly'))
  }
  if (action === 'infill') {
    checkImageField(issues, 'parameters.mask', p.mask, 'mask', msg('nativeNeedsMask'))
  } else if (action !== undefined && p.mask !== undefined && p.mask !== null) {
    issues.add('parameters.mask', msg('nativeMaskOnly'))
  }
  const refs = p.director_reference_images
  if (refs !== undefined && refs !== null) {
    if (!Array.isArray(refs)) {
      issues.add('parameters.director_reference_images', msg('nativeRefsList'))
    } else if (refs.length > 0 && model && !PRECISE_REFERENCE_FAMILIES.has(model.family)) {
      issues.add(
        'parameters.director_reference_images',
        msg('nativePreciseUnsupported', { model: model.id }),
      )
    } else {
      refs.forEach((r, i) =>
        checkImageField(
          issues,
          `parameters.director_reference_images[${i}]`,
          r,
          msg('labelReference'),
          msg('nativeRefBase64'),
        ),
      )
    }
  }
  return issues.result()
}
