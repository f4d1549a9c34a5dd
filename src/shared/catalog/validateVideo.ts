/** Validator for POST /v1/videos, driven by the per-model video rows of the catalog. */
import { checkModelOfKind } from './modelField'
import { VIDEO_REFERENCE_MODE } from './models'
import {
  checkInt,
  checkOneOf,
  checkString,
  checkUrlList,
  isInteger,
  isObject,
  Issues,
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

  checkInt(issues, 'duration', req.duration, 'duration', model.duration, {
    unit: ` seconds for ${model.id}`,
  })
  checkOneOf(issues, 'resolution', req.resolution, `resolution for ${model.id}`, model.resolutions)
  checkOneOf(issues, 'aspect_ratio', req.aspect_ratio, 'aspect_ratio', model.aspectRatios)

  // Reference mode (clip-h3, clip-h3-sfw): all-reference with reference videos and their seconds.
  const hasMode = req.mode !== undefined && req.mode !== null
  if (hasMode && !(model.referenceModes as readonly unknown[]).includes(req.mode)) {
    issues.add(
      'mode',
      model.referenceModes.length === 0
        ? `${model.id} has no reference mode; leave mode out`
        : `mode must be one of ${model.referenceModes.join(', ')}`,
    )
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
  const seconds = req.input_video_seconds
  const hasSeconds = seconds !== undefined && seconds !== null
  // An invalid list (-1) has its own issue; the seconds are not blamed for it.
  if (hasSeconds && refs === 0) {
    issues.add('input_video_seconds', 'input_video_seconds is only used with reference_video_urls')
  } else if (refs > 0 && !(isInteger(seconds) && seconds >= 1)) {
    issues.add(
      'input_video_seconds',
      hasSeconds
        ? 'input_video_seconds must be a whole number of seconds, at least 1'
        : 'input_video_seconds is required with reference_video_urls',
    )
  }
  return issues.result()
}
