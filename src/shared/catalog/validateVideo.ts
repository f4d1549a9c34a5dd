/** Validator for POST /v1/videos, driven by the per-model video rows of the catalog. */
import { msg } from '../i18n/message'
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
    issues.add('body', msg('bodyJsonObject'))
    return issues.result()
  }
  checkString(issues, 'prompt', req.prompt, 'prompt', { required: true, nonEmpty: true })
  const model = checkModelOfKind(issues, req.model, 'video')
  if (!model) return issues.result()

  checkInt(issues, 'duration', req.duration, 'duration', model.duration, {
    unit: msg('unitSecondsForModel', { model: model.id }),
  })
  checkOneOf(
    issues,
    'resolution',
    req.resolution,
    msg('videoResolutionLabel', { model: model.id }),
    model.resolutions,
  )
  checkOneOf(issues, 'aspect_ratio', req.aspect_ratio, 'aspect_ratio', model.aspectRatios)

  // Reference mode (clip-h3, clip-h3-sfw): all-reference with reference videos and their seconds.
  const hasMode = req.mode !== undefined && req.mode !== null
  if (hasMode && !(model.referenceModes as readonly unknown[]).includes(req.mode)) {
    issues.add(
      'mode',
      model.referenceModes.length === 0
        ? msg('videoNoReferenceMode', { model: model.id })
        : // Stryker disable next-line StringLiteral: equivalent, a model offers at most the one reference mode there is, so nothing is joined
          msg('videoModeOneOf', { allowed: model.referenceModes.join(', ') }),
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
    issues.add('reference_video_urls', msg('videoRefsNeedMode', { mode: VIDEO_REFERENCE_MODE }))
  }
  if (inAllReference && refs === 0) {
    issues.add('reference_video_urls', msg('videoModeNeedsRefs', { mode: VIDEO_REFERENCE_MODE }))
  }
  const seconds = req.input_video_seconds
  const hasSeconds = seconds !== undefined && seconds !== null
  // An invalid list (-1) has its own issue; the seconds are not blamed for it.
  if (hasSeconds && refs === 0) {
    issues.add('input_video_seconds', msg('videoSecondsOnlyWithRefs'))
  } else if (refs > 0 && !(isInteger(seconds) && seconds >= 1)) {
    issues.add(
      'input_video_seconds',
      hasSeconds ? msg('videoSecondsWhole') : msg('videoSecondsRequired'),
    )
  }
  return issues.result()
}
