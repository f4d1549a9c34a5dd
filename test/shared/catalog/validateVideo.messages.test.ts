/**
 * The words of each refusal of the video validator: the form shows them next to the field, so
 * each names the setting, its range and the model that apply (a message with a placeholder left
 * in it, another label or the wrong limit fails here).
 */
import { validateVideo } from '@shared/catalog/validateVideo'
import { describe, expect, it } from 'vitest'

type Body = Record<string, unknown>
const URLS = ['https://example.com/a.mp4']

describe('validateVideo says why, with the model and limits that apply', () => {
  it.each<[string, Body, string, string]>([
    [
      'a duration out of the model’s range',
      { model: 'motion-2.5', duration: 99 },
      'duration',
      'duration must be 4 to 30 seconds for motion-2.5',
    ],
    [
      'a resolution the model does not offer',
      { model: 'motion-2.5', resolution: '8k' },
      'resolution',
      'resolution for motion-2.5 must be one of 480p, 720p, 1080p',
    ],
    [
      'a mode on a model without reference mode',
      { model: 'motion-2.5', mode: 'all-reference' },
      'mode',
      'motion-2.5 has no reference mode; leave mode out',
    ],
    [
      'an unknown mode',
      { model: 'clip-h3', mode: 'x' },
      'mode',
      'mode must be one of all-reference',
    ],
    [
      'reference videos without the mode',
      { model: 'clip-h3', reference_video_urls: URLS, input_video_seconds: 3 },
      'reference_video_urls',
      'reference_video_urls need mode all-reference',
    ],
    [
      'the mode without reference videos',
      { model: 'clip-h3', mode: 'all-reference' },
      'reference_video_urls',
      'mode all-reference needs at least one reference video URL',
    ],
    [
      'seconds without reference videos',
      { model: 'clip-h3', input_video_seconds: 3 },
      'input_video_seconds',
      'input_video_seconds is only used with reference_video_urls',
    ],
    [
      'seconds that are not whole',
      {
        model: 'clip-h3',
        mode: 'all-reference',
        reference_video_urls: URLS,
        input_video_seconds: 2.5,
      },
      'input_video_seconds',
      'input_video_seconds must be a whole number of seconds, at least 1',
    ],
    [
      'reference videos without their seconds',
      { model: 'clip-h3', mode: 'all-reference', reference_video_urls: URLS },
      'input_video_seconds',
      'input_video_seconds is required with reference_video_urls',
    ],
  ])('%s', (_name, body, field, message) => {
    const v = validateVideo({ prompt: 'waves at night', ...body })
    expect(v.ok ? {} : v.fields).toEqual({ [field]: message })
  })
})

describe('validateVideo: a body that is not an object', () => {
  it('says the body must be a JSON object', () => {
    for (const body of ['x', null, [1]]) {
      expect(validateVideo(body)).toEqual({
        ok: false,
        fields: { body: 'The request body must be a JSON object' },
      })
    }
  })
})
