/** POST /v1/videos rules, from the simulator's own copy of the spec's video table. */
import { VIDEO_ASPECTS, VIDEO_ROWS, type VideoRow } from './catalog'
import { modelOfKind } from './modelRule'
import { absent, isBody, Refusals } from './refusals'

/** The reference mode the spec gives for clip-h3 and clip-h3-sfw. */
export const ALL_REFERENCE = 'all-reference'

/** The refused fields of a video task request, or null. */
export function refuseVideo(v: unknown): Record<string, string> | null {
  if (!isBody(v)) return { body: 'The body must be a JSON object' }
  const r = new Refusals()
  r.text('prompt', v.prompt)
  const id = modelOfKind(r, v.model, 'video')
  if (id === undefined) return r.result()
  const row = VIDEO_ROWS[id] as VideoRow
  r.whole('duration', v.duration, row.seconds)
  r.choice('resolution', v.resolution, row.resolutions)
  r.choice('aspect_ratio', v.aspect_ratio, VIDEO_ASPECTS)

  const referenceMode = v.mode === ALL_REFERENCE && row.allReference
  if (!absent(v.mode)) {
    if (!row.allReference) r.add('mode', `${id} has no reference mode`)
    else r.choice('mode', v.mode, [ALL_REFERENCE])
  }
  const videos = r.urls('reference_video_urls', v.reference_video_urls)
  if (videos === undefined) return r.result()
  if (videos > 0 && !referenceMode) {
    r.add('reference_video_urls', `reference_video_urls need mode ${ALL_REFERENCE}`)
  } else if (referenceMode && videos === 0) {
    r.add('reference_video_urls', `mode ${ALL_REFERENCE} needs reference_video_urls`)
  }
  if (videos === 0) {
    if (!absent(v.input_video_seconds)) {
      r.add('input_video_seconds', 'input_video_seconds goes with reference_video_urls')
    }
  } else {
    r.whole('input_video_seconds', v.input_video_seconds, [1, Number.MAX_SAFE_INTEGER], true)
  }
  return r.result()
}
