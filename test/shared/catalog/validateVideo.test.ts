/**
 * The video validator, field by field: each request names exactly the fields the spec refuses it
 * on (issue #18), above all the reference mode's three parts (mode, URLs, seconds).
 */
import { validateVideo } from '@shared/catalog/validateVideo'
import { refusedFields } from '@test/support/refusedFields'
import { describe, expect, it } from 'vitest'

type Body = Record<string, unknown>

const refused = (body: Body): string[] =>
  refusedFields(validateVideo({ prompt: 'waves at night', ...body }))
const URLS = ['https://example.com/a.mp4']
const ref = (over: Body = {}): Body => ({
  model: 'clip-h3',
  mode: 'all-reference',
  reference_video_urls: URLS,
  input_video_seconds: 3,
  ...over,
})

describe('validateVideo names exactly the refused fields', () => {
  it.each<[string, Body, string[]]>([
    ['motion-2.5 with a prompt', { model: 'motion-2.5' }, []],
    ['no prompt', { model: 'motion-2.5', prompt: undefined }, ['prompt']],
    ['an unknown model', { model: 'nope' }, ['model']],
    ['an image model', { model: 'std-image-2' }, ['model']],
    ['an unknown model and a bad duration', { model: 'nope', duration: 99 }, ['model']],
    ['duration null', { model: 'motion-2.5', duration: null }, []],
    ['duration 31 on motion-2.5', { model: 'motion-2.5', duration: 31 }, ['duration']],
    ['resolution null', { model: 'motion-2.5', resolution: null }, []],
    ['an unknown aspect ratio', { model: 'motion-2.5', aspect_ratio: '4:3' }, ['aspect_ratio']],
    ['mode null on motion-2.5', { model: 'motion-2.5', mode: null }, []],
    ['mode on motion-2.5', { model: 'motion-2.5', mode: 'all-reference' }, ['mode']],
    ['an unknown mode on clip-h3', ref({ mode: 'first-last' }), ['mode', 'reference_video_urls']],
    ['the reference mode, complete', ref(), []],
    [
      'the reference mode without URLs',
      ref({ reference_video_urls: undefined, input_video_seconds: undefined }),
      ['reference_video_urls'],
    ],
    [
      'the reference mode with an empty list',
      ref({ reference_video_urls: [], input_video_seconds: undefined }),
      ['reference_video_urls'],
    ],
    [
      'URLs as text',
      ref({ reference_video_urls: 'https://example.com/a.mp4' }),
      ['reference_video_urls'],
    ],
    [
      'a URL that is not http',
      ref({ reference_video_urls: ['ftp://x/a.mp4'] }),
      ['reference_video_urls[0]'],
    ],
    ['URLs without the mode', ref({ mode: undefined }), ['reference_video_urls']],
    ['URLs without seconds', ref({ input_video_seconds: undefined }), ['input_video_seconds']],
    ['URLs with null seconds', ref({ input_video_seconds: null }), ['input_video_seconds']],
    ['URLs with 0 seconds', ref({ input_video_seconds: 0 }), ['input_video_seconds']],
    ['URLs with 1 second', ref({ input_video_seconds: 1 }), []],
    ['URLs with 2.5 seconds', ref({ input_video_seconds: 2.5 }), ['input_video_seconds']],
    ['URLs with seconds as text', ref({ input_video_seconds: '3' }), ['input_video_seconds']],
    ['seconds without URLs', { model: 'clip-h3', input_video_seconds: 3 }, ['input_video_seconds']],
    ['null seconds without URLs', { model: 'clip-h3', input_video_seconds: null }, []],
    ['seconds beside a bad URL list', ref({ reference_video_urls: 'x' }), ['reference_video_urls']],
  ])('%s', (_name, body, fields) => {
    expect(refused(body)).toEqual(fields)
  })

  it('a body that is not an object is refused as the body', () => {
    expect(refusedFields(validateVideo([]))).toEqual(['body'])
  })

  it('says which model has no reference mode', () => {
    const v = validateVideo({ prompt: 'p', model: 'motion-2.5', mode: 'all-reference' })
    expect(v.ok ? '' : v.fields.mode).toMatch(/motion-2\.5 has no reference mode/)
  })
})
