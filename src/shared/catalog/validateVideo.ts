/** Validator for POST /v1/videos, driven by the per-model video rows of the catalog. */
import { checkModelOfKind } from './modelField'
import { VIDEO_REFERENCE_MODE } from './models'
import {
  checkInt,
  checkOneOf,
  checkString,
  checkUrlList,
  isObject,
  Issues,
  rangeMessage,
  type Validation,
} from './validation'

/** Validates the JSON body of POST /v1/videos. */
export function validateVideo(req: unknown): Validation {
  const issues = new Issues()
  if (!isObject(req)) {
    issues.add('body', 'The request body must be a JSON object')
    return issues.result()
  }
  checkString(issues, 'prompt', req.prompt, 'prompt', { required: true, nonEmpty: true })
  const model = checkModelOfKind(issues, req.model, 'video')
  if (!model) return issues.result()

  if (req.duration !== undefined && req.duration !== null) {
    const d = checkInt(issues, 'duration', req.duration, 'duration', model.duration, {
      unit: ' seconds',
    })
    if (d === undefined) {
      issues.fields.duration = `${rangeMessage('duration', model.duration.min, model.duration.max, ' seconds')} for ${model.id}`
    }
  }
  if (req.resolution !== undefined && req.resolution !== null) {
    checkOneOf(issues, 'resolution', req.resolution, 'resolution', model.resolutions)
    if (issues.has('resolution')) {
      issues.fields.resolution = `resolution for ${model.id} must be one of ${model.resolutions.join(', ')}`
    }
  }
  checkOneOf(issues, 'aspect_ratio', req.aspect_ratio, 'aspect_ratio', model.aspectRatios)

  // Reference mode (clip-h3, clip-h3-sfw): all-reference with reference videos and their seconds.
  const hasMode = req.mode !== undefined && req.mode !== null
  if (hasMode) {
    if (model.referenceModes.length === 0) {
      issues.add('mode', `${model.id} has no reference mode; leave mode out`)
    } else {
      checkOneOf(issues, 'mode', req.mode, 'mode', model.referenceModes)
    }
  }
  const refs = checkUrlList(
    issues,
    'reference_video_urls',
    req.reference_video_urls,
    'reference_video_urls',
  )
  const inAllReference = req.mode === VIDEO_REFERENCE_MODE && model.referenceModes.length > 0
  if (refs > 0 && !inAllReference) {
    issues.add('reference_video_urls', `reference_video_urls need mode ${VIDEO_REFERENCE_MODE}`)
  }
  if (inAllReference && refs === 0) {
    issues.add(
      'reference_video_urls',
      `mode ${VIDEO_REFERENCE_MODE} needs at least one reference video URL`,
    )
  }
  const hasSeconds = req.input_video_seconds !== undefined && req.input_video_seconds !== null
  if (hasSeconds && !(refs > 0)) {
    issues.add('input_video_seconds', 'input_video_seconds is only used with reference_video_urls')
  } else if (refs > 0) {
    checkInt(
      issues,
      'input_video_seconds',
      req.input_video_seconds,
      'input_video_seconds',
      { min: 1, max: Number.MAX_SAFE_INTEGER },
      { required: true },
    )
    if (issues.fields.input_video_seconds?.startsWith('input_video_seconds must be')) {
      issues.fields.input_video_seconds =
        'input_video_seconds must be a whole number of seconds, at least 1'
    }
  }
  return issues.result()
}
