import {
  getVideoModel,
  validateVideo,
  VIDEO_REFERENCE_MODE,
  type VideoModel,
  type VideoRequest,
} from '@shared/catalog'
import { defineKeys } from '@shared/i18n/keys'
import { estimateVideo, type PriceEstimate } from '@shared/pricing'

import { addValidation, type FieldErrors, noErrors } from '../../forms/formErrors'
import { linesOf, parseIntText } from '../../forms/numbers'
import { translate } from '../../i18n/translate'
import type { VideoDraft } from '../../stores/forms'

export type VideoField =
  | 'model'
  | 'prompt'
  | 'duration'
  | 'resolution'
  | 'aspect_ratio'
  | 'mode'
  | 'reference_video_urls'
  | 'input_video_seconds'

/** The builder's three shapes (spec: landscape, portrait and square), each with its message. */
export const VIDEO_SHAPES = defineKeys('video', {
  '16:9': 'shapeLandscape',
  '9:16': 'shapePortrait',
  '1:1': 'shapeSquare',
})

export interface VideoFormModel {
  model: VideoModel
  request: VideoRequest
  errors: FieldErrors<VideoField>
  ok: boolean
  /** null while the duration or resolution is invalid. */
  estimate: PriceEstimate | null
  /** The model accepts the all-reference mode (clip-h3, clip-h3-sfw). */
  referenceCapable: boolean
}

/** Moves duration and resolution into the new model's bounds after a model change. */
export function normalizeVideoDraft(d: VideoDraft): VideoDraft {
  const model = getVideoModel(d.model)
  if (!model) return d
  const next = { ...d }
  if (!model.resolutions.includes(next.resolution as never)) {
    next.resolution = model.defaults.resolution
  }
  const duration = parseIntText(next.duration)
  if (duration === undefined || Number.isNaN(duration))
    next.duration = String(model.defaults.duration)
  else if (duration < model.duration.min || duration > model.duration.max) {
    next.duration = String(Math.min(Math.max(duration, model.duration.min), model.duration.max))
  }
  if (!model.aspectRatios.includes(next.aspectRatio)) next.aspectRatio = model.defaults.aspect_ratio
  if (model.referenceModes.length === 0) next.referenceMode = false
  return next
}

/** The video form as a POST /v1/videos body, checked by the catalog and priced from the table. */
export function buildVideoForm(d: VideoDraft): VideoFormModel {
  const model = getVideoModel(d.model) ?? getVideoModel('motion-2.0-fast')!
  const referenceCapable = model.referenceModes.length > 0
  const request: VideoRequest = {
    model: model.id,
    prompt: d.prompt,
    resolution: d.resolution,
    aspect_ratio: d.aspectRatio,
  }
  const duration = parseIntText(d.duration)
  const errors: FieldErrors<VideoField> = {}
  if (duration === undefined)
    errors.duration = translate('video', 'durationMissing', {
      min: model.duration.min,
      max: model.duration.max,
    })
  else request.duration = duration
  if (referenceCapable && d.referenceMode) {
    request.mode = VIDEO_REFERENCE_MODE
    request.reference_video_urls = linesOf(d.referenceUrls)
    const seconds = parseIntText(d.inputVideoSeconds)
    if (seconds !== undefined) request.input_video_seconds = seconds
  }
  addValidation(errors, validateVideo(request), (path) =>
    path.startsWith('reference_video_urls') ? 'reference_video_urls' : (path as VideoField),
  )
  const estimate =
    errors.duration || errors.resolution || errors.model
      ? null
      : estimateVideo({
          model: model.id,
          resolution: d.resolution,
          duration: duration!,
          aspect_ratio: d.aspectRatio,
          mode: request.mode,
        })
  return {
    model,
    request,
    errors,
    ok: noErrors(errors),
    estimate,
    referenceCapable,
  }
}
