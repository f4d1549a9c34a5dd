/**
 * The native art validator, field by field: each request names exactly the fields the spec
 * refuses it on (issue #18), so a rule that fires on the wrong path, on the wrong action or on
 * an inactive value fails here.
 */
import { NATIVE_LIMITS } from '@shared/catalog/artModels'
import { NATIVE_UNSUPPORTED_PARAMETERS, validateNative } from '@shared/catalog/validateNative'
import { PNG_1x1_BASE64, pngOfSize } from '@test/support/catalogFixtures'
import { refusedFields } from '@test/support/refusedFields'
import { nativeBase } from '@test/support/ruleMatrix'
import { describe, expect, it } from 'vitest'

type Body = Record<string, unknown>

const base = nativeBase
const params = nativeBase.parameters
const refused = (over: Body = {}, p: Body = {}): string[] =>
  refusedFields(validateNative({ ...base, ...over, parameters: { ...params, ...p } }))

const captions = (n: number, extra: Body = {}): Body => ({
  caption: {
    base_caption: 'friends',
    char_captions: Array.from({ length: n }, (_, i) => ({ char_caption: `person ${i}` })),
  },
  ...extra,
})
const NOT_BASE64 = '!!not*base64!!'

describe('validateNative names exactly the refused fields', () => {
  it.each<[string, Body, Body, string[]]>([
    ['the base request', {}, {}, []],
    ['no input', { input: undefined }, {}, ['input']],
    ['a blank input', { input: ' ' }, {}, ['input']],
    ['no model', { model: undefined }, {}, ['model']],
    ['an unknown model', { model: 'art-diffusion-9' }, {}, ['model']],
    ['no action', { action: undefined }, {}, ['action']],
    ['an unknown action', { action: 'upscale' }, {}, ['action']],
    ['use_coords as text', { use_coords: 'yes' }, {}, ['use_coords']],
    ['use_coords true', { use_coords: true }, {}, []],
    ['no steps', {}, { steps: undefined }, ['parameters.steps']],
    ['no n_samples', {}, { n_samples: undefined }, ['parameters.n_samples']],
    ['a negative seed', {}, { seed: -1 }, ['parameters.seed']],
    ['scale above 10', {}, { scale: 10.5 }, ['parameters.scale']],
    ['scale 10', {}, { scale: 10 }, []],
    ['a sampler that is not text', {}, { sampler: 1 }, ['parameters.sampler']],
    [
      'a negative prompt that is not text',
      {},
      { negative_prompt: 1 },
      ['parameters.negative_prompt'],
    ],
    ['no width', {}, { width: undefined }, ['parameters.width']],
    ['a height off the grid', {}, { height: 1000 }, ['parameters.height']],
  ])('%s', (_name, over, p, fields) => {
    expect(refused(over, p)).toEqual(fields)
  })

  it('a body that is not an object, or parameters that are not one', () => {
    expect(refusedFields(validateNative(null))).toEqual(['body'])
    expect(refusedFields(validateNative({ ...base, parameters: undefined }))).toEqual([
      'parameters',
    ])
    expect(refusedFields(validateNative({ ...base, parameters: [params] }))).toEqual(['parameters'])
  })

  it('the 40 MiB request limit is checked first, and only above it', () => {
    const max = NATIVE_LIMITS.maxRequestBytes
    expect(refusedFields(validateNative(null, { requestBytes: max + 1 }))).toEqual(['request'])
    expect(refusedFields(validateNative(base, { requestBytes: max }))).toEqual([])
    expect(refusedFields(validateNative(base, {}))).toEqual([])
  })
})

describe('unsupported features are refused only when active', () => {
  const put = (path: string, value: unknown): Body => {
    if (path.startsWith('parameters.')) {
      return { ...base, parameters: { ...params, [path.slice('parameters.'.length)]: value } }
    }
    return { ...base, [path]: value }
  }
  // The spec's unsupported features, by the request's parameter names (typed here, not read from
  // the validator's own list, so a path dropped from that list fails).
  const UNSUPPORTED = [
    'parameters.reference_image_multiple',
    'parameters.reference_information_extracted_multiple',
    'parameters.reference_strength_multiple',
    'parameters.sm',
    'parameters.sm_dyn',
    'parameters.controlnet_model',
    'parameters.controlnet_condition',
    'parameters.enhance',
    'parameters.upscale',
    'parameters.stream',
    'stream',
  ]
  it('the list is the spec’s', () => {
    expect(NATIVE_UNSUPPORTED_PARAMETERS.map((u) => u.path).sort()).toEqual([...UNSUPPORTED].sort())
  })
  it.each(UNSUPPORTED.map((path) => [path]))('%s', (path) => {
    for (const on of [true, ['x'], 'x', { a: 1 }, 2]) {
      expect(refusedFields(validateNative(put(path, on))), JSON.stringify(on)).toEqual([path])
    }
    for (const off of [false, [], '', {}, 0, null]) {
      expect(refusedFields(validateNative(put(path, off))), JSON.stringify(off)).toEqual([])
    }
  })
})

describe('images go with the actions that use them', () => {
  const img2img = { action: 'img2img' }
  const infill = { action: 'infill' }
  it.each<[string, Body, Body, string[]]>([
    ['img2img with an image', img2img, { image: PNG_1x1_BASE64, strength: 1 }, []],
    ['img2img without an image', img2img, {}, ['parameters.image']],
    ['img2img with a null image', img2img, { image: null }, ['parameters.image']],
    ['img2img with an empty image', img2img, { image: '' }, ['parameters.image']],
    ['img2img with a numeric image', img2img, { image: 7 }, ['parameters.image']],
    ['img2img with text that is not Base64', img2img, { image: NOT_BASE64 }, ['parameters.image']],
    [
      'img2img with an image over 24 MiB',
      img2img,
      { image: pngOfSize(24 * 1024 * 1024 + 1) },
      ['parameters.image'],
    ],
    [
      'img2img with strength 0 (exclusive)',
      img2img,
      { image: PNG_1x1_BASE64, strength: 0 },
      ['parameters.strength'],
    ],
    [
      'img2img with noise above 1',
      img2img,
      { image: PNG_1x1_BASE64, noise: 1.5 },
      ['parameters.noise'],
    ],
    [
      'img2img with a mask',
      img2img,
      { image: PNG_1x1_BASE64, mask: PNG_1x1_BASE64 },
      ['parameters.mask'],
    ],
    ['infill with image and mask', infill, { image: PNG_1x1_BASE64, mask: PNG_1x1_BASE64 }, []],
    ['infill without a mask', infill, { image: PNG_1x1_BASE64 }, ['parameters.mask']],
    ['infill with a null mask', infill, { image: PNG_1x1_BASE64, mask: null }, ['parameters.mask']],
    [
      'infill with a bad mask',
      infill,
      { image: PNG_1x1_BASE64, mask: NOT_BASE64 },
      ['parameters.mask'],
    ],
    ['infill without an image', infill, { mask: PNG_1x1_BASE64 }, ['parameters.image']],
    [
      'infill with strength 0',
      infill,
      { image: PNG_1x1_BASE64, mask: PNG_1x1_BASE64, strength: 0 },
      ['parameters.strength'],
    ],
    ['generate with an image', {}, { image: PNG_1x1_BASE64 }, ['parameters.image']],
    ['generate with a null image', {}, { image: null }, []],
    ['generate with a mask', {}, { mask: PNG_1x1_BASE64 }, ['parameters.mask']],
    ['generate with a null mask', {}, { mask: null }, []],
    ['generate with strength and noise (ignored)', {}, { strength: 0, noise: 5 }, []],
    [
      'no action, with a mask: only the action is named',
      { action: undefined },
      { mask: PNG_1x1_BASE64 },
      ['action'],
    ],
    [
      'no action, with an image: only the action is named',
      { action: undefined },
      { image: PNG_1x1_BASE64 },
      ['action'],
    ],
    [
      'an unknown action, with an image',
      { action: 'upscale' },
      { image: PNG_1x1_BASE64 },
      ['action'],
    ],
  ])('%s', (_name, over, p, fields) => {
    expect(refused(over, p)).toEqual(fields)
  })
})

describe('a Base64 image over the limit is refused by its length, before it is decoded', () => {
  // Text that is not Base64 from its first character: decoding would refuse it at once, so the
  // message says which check came first. 4 characters carry 3 bytes.
  const ofBytes = (n: number, prefix = '') => `${prefix}!${'A'.repeat((n / 3) * 4 - 1)}`
  const limit = NATIVE_LIMITS.maxReferenceBytes
  const messageFor = (image: string) => {
    const v = validateNative({ ...base, action: 'img2img', parameters: { ...params, image } })
    return v.ok ? null : v.fields['parameters.image']
  }

  it.each([
    ['at the limit', '', limit, 'valid Base64'],
    ['one byte over (3 over, in whole Base64 groups)', '', limit + 3, 'at most 24 MiB'],
    ['at the limit, after a data: prefix', 'data:image/png;base64,', limit, 'valid Base64'],
    ['over, after a data: prefix', 'data:image/png;base64,', limit + 3, 'at most 24 MiB'],
  ])('%s', (_name, prefix, bytes, message) => {
    expect(messageFor(ofBytes(bytes, prefix))).toContain(message)
  })
})

describe('character captions', () => {
  it.each<[string, Body, Body, string[]]>([
    ['two captions', {}, { v4_prompt: captions(2, { use_coords: true }) }, []],
    ['captions null', {}, { v4_prompt: null }, []],
    ['captions as text', {}, { v4_prompt: 'two' }, ['parameters.v4_prompt']],
    ['no caption object', {}, { v4_prompt: {} }, ['parameters.v4_prompt']],
    ['a caption that is text', {}, { v4_prompt: { caption: 'x' } }, ['parameters.v4_prompt']],
    [
      'use_coords as text',
      {},
      { v4_prompt: captions(1, { use_coords: 'no' }) },
      ['parameters.v4_prompt.use_coords'],
    ],
    ['no character list', {}, { v4_prompt: { caption: { base_caption: 'x' } } }, []],
    ['a null character list', {}, { v4_prompt: { caption: { char_captions: null } } }, []],
    [
      'a character list as text',
      {},
      { v4_prompt: { caption: { char_captions: 'x' } } },
      ['parameters.v4_prompt.caption.char_captions'],
    ],
    [
      'a character that is not an object',
      {},
      { v4_prompt: { caption: { char_captions: ['x'] } } },
      ['parameters.v4_prompt.caption.char_captions[0]'],
    ],
    [
      'a character without text',
      {},
      { v4_prompt: { caption: { char_captions: [{ char_caption: 'a' }, { char_caption: 1 }] } } },
      ['parameters.v4_prompt.caption.char_captions[1]'],
    ],
    [
      'seven characters on V4.5',
      {},
      { v4_negative_prompt: captions(7) },
      ['parameters.v4_negative_prompt.caption.char_captions'],
    ],
    ['six characters on V4.5', {}, { v4_negative_prompt: captions(6) }, []],
    [
      'one character on V3',
      { model: 'art-diffusion-3' },
      { v4_prompt: captions(1) },
      ['parameters.v4_prompt.caption.char_captions'],
    ],
    ['no characters on V3', { model: 'art-diffusion-3' }, { v4_prompt: captions(0) }, []],
  ])('%s', (_name, over, p, fields) => {
    expect(refused(over, p)).toEqual(fields)
  })
})

describe('precise references', () => {
  const refs = 'parameters.director_reference_images'
  it.each<[string, Body, Body, string[]]>([
    ['one reference on V4.5', {}, { director_reference_images: [PNG_1x1_BASE64] }, []],
    [
      'one reference on V5',
      { model: 'art-diffusion-5-full' },
      { director_reference_images: [PNG_1x1_BASE64] },
      [],
    ],
    [
      'one reference on V4',
      { model: 'art-diffusion-4-full' },
      { director_reference_images: [PNG_1x1_BASE64] },
      [refs],
    ],
    [
      'an empty list on V4',
      { model: 'art-diffusion-4-full' },
      { director_reference_images: [] },
      [],
    ],
    ['null', {}, { director_reference_images: null }, []],
    ['references as text', {}, { director_reference_images: PNG_1x1_BASE64 }, [refs]],
    [
      'a bad second reference',
      {},
      { director_reference_images: [PNG_1x1_BASE64, NOT_BASE64] },
      [`${refs}[1]`],
    ],
    ['an empty reference', {}, { director_reference_images: [''] }, [`${refs}[0]`]],
    [
      'a bad reference with an unknown model: each is still checked',
      { model: 'nope' },
      { director_reference_images: [''] },
      ['model', `${refs}[0]`],
    ],
  ])('%s', (_name, over, p, fields) => {
    expect(refused(over, p)).toEqual(fields)
  })
})
