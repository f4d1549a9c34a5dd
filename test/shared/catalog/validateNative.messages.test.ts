/**
 * The words of each refusal of the native art validator: the form shows them next to the field,
 * so each names the setting, its range, the action and the model that apply (a message with a
 * placeholder left in it, another label or the wrong limit fails here).
 */
import { ART_REFERENCE_LIMITS, tooLarge } from '@shared/catalog/references'
import { validateNative } from '@shared/catalog/validateNative'
import { PNG_1x1_BASE64 } from '@test/support/catalogFixtures'
import { nativeBase } from '@test/support/ruleMatrix'
import { describe, expect, it } from 'vitest'

type Body = Record<string, unknown>

const characters = (n: number): Body => ({
  caption: {
    base_caption: 'friends',
    char_captions: Array.from({ length: n }, (_, i) => ({ char_caption: `person ${i}` })),
  },
  use_coords: false,
})

describe('validateNative says why, with the label and limits that apply', () => {
  it.each<[string, Body, Body, Record<string, string>]>([
    ['steps out of range', {}, { steps: 0 }, { 'parameters.steps': 'Steps must be 1 to 50' }],
    [
      'samples out of range',
      {},
      { n_samples: 9 },
      { 'parameters.n_samples': 'Samples (n_samples) must be 1 to 4' },
    ],
    ['a negative seed', {}, { seed: -1 }, { 'parameters.seed': 'Seed must be 0 to 4294967295' }],
    [
      'a guidance over 10',
      {},
      { scale: 11 },
      { 'parameters.scale': 'Guidance (scale) must be 0 to 10' },
    ],
    [
      'a strength over 1',
      { action: 'img2img' },
      { image: PNG_1x1_BASE64, strength: 2 },
      { 'parameters.strength': 'Strength must be greater than 0 and at most 1' },
    ],
    [
      'a noise over 1',
      { action: 'img2img' },
      { image: PNG_1x1_BASE64, noise: 2 },
      { 'parameters.noise': 'Noise must be 0 to 1' },
    ],
    [
      'img2img without an image',
      { action: 'img2img' },
      {},
      { 'parameters.image': 'img2img needs parameters.image' },
    ],
    [
      'an image on generate',
      {},
      { image: PNG_1x1_BASE64 },
      { 'parameters.image': 'image is only used by img2img and infill' },
    ],
    [
      'a mask on generate',
      {},
      { mask: PNG_1x1_BASE64 },
      { 'parameters.mask': 'mask is only used by infill' },
    ],
    [
      'infill without a mask',
      { action: 'infill' },
      { image: PNG_1x1_BASE64 },
      { 'parameters.mask': 'infill needs parameters.mask' },
    ],
    [
      'an image that is not Base64',
      { action: 'img2img' },
      { image: '!!not*base64!!' },
      { 'parameters.image': 'image must be valid Base64' },
    ],
    [
      'a feature the endpoint does not take',
      {},
      { sm: true },
      { 'parameters.sm': 'SMEA is not supported by the native endpoint' },
    ],
    [
      'more characters than the model takes',
      {},
      { v4_prompt: characters(7) },
      {
        'parameters.v4_prompt.caption.char_captions':
          'Character prompts must be at most 6 for art-diffusion-4-5-full',
      },
    ],
    [
      'characters on a model without them',
      { model: 'art-diffusion-3' },
      { v4_prompt: characters(1) },
      {
        'parameters.v4_prompt.caption.char_captions': 'art-diffusion-3 takes no character prompts',
      },
    ],
    [
      'characters that are not a list',
      {},
      { v4_prompt: { caption: { base_caption: 'x', char_captions: 'y' } } },
      { 'parameters.v4_prompt.caption.char_captions': 'Character prompts must be a list' },
    ],
    [
      'a character without its caption',
      {},
      { v4_prompt: { caption: { base_caption: 'x', char_captions: [{}] } } },
      {
        'parameters.v4_prompt.caption.char_captions[0]': 'Each character needs a char_caption text',
      },
    ],
    [
      'captions that are not an object',
      {},
      { v4_prompt: 'friends' },
      { 'parameters.v4_prompt': 'must be an object with caption.char_captions' },
    ],
    [
      'img2img with its image left empty (null)',
      { action: 'img2img' },
      { image: null },
      { 'parameters.image': 'img2img needs parameters.image' },
    ],
    [
      'an image that is not text',
      { action: 'img2img' },
      { image: 5 },
      { 'parameters.image': 'image must be a Base64 image' },
    ],
    [
      'a mask that is not text',
      { action: 'infill' },
      { image: PNG_1x1_BASE64, mask: 5 },
      { 'parameters.mask': 'mask must be a Base64 image' },
    ],
    [
      'precise references that are not a list',
      {},
      { director_reference_images: 'x' },
      { 'parameters.director_reference_images': 'must be a list of Base64 images' },
    ],
    [
      'precise references on a model without them',
      { model: 'art-diffusion-3' },
      { director_reference_images: [PNG_1x1_BASE64] },
      {
        'parameters.director_reference_images':
          'Precise reference is not supported by art-diffusion-3',
      },
    ],
    [
      'a precise reference left empty, and one that is not text',
      {},
      { director_reference_images: [null, 5] },
      {
        'parameters.director_reference_images[0]': 'Each reference must be a Base64 image',
        'parameters.director_reference_images[1]': 'Reference must be a Base64 image',
      },
    ],
  ])('%s', (_name, over, parameters, fields) => {
    const v = validateNative({
      ...nativeBase,
      ...over,
      parameters: { ...nativeBase.parameters, ...parameters },
    })
    expect(v.ok ? {} : v.fields).toEqual(fields)
  })
})

describe('validateNative: what is not a request at all', () => {
  it('a body that is not an object, and parameters that are not one', () => {
    expect(validateNative('x')).toEqual({
      ok: false,
      fields: { body: 'The request body must be a JSON object' },
    })
    expect(validateNative({ ...nativeBase, parameters: 'x' })).toEqual({
      ok: false,
      fields: { parameters: 'parameters is required and must be an object' },
    })
  })
})

describe('validateNative: an image over the size limit is refused by its length, before decoding', () => {
  const img2img = (image: string) =>
    validateNative({
      ...nativeBase,
      action: 'img2img',
      parameters: { ...nativeBase.parameters, image },
    })
  // 33,554,434 characters of Base64 are 25,165,825 bytes: one byte over 24 MiB. Two fewer
  // characters would be exactly 24 MiB, so the whole text must be measured.
  const OVER_BY_ONE = 33_554_434

  it('the whole text counts, even when it is not Base64: the size is the first reason', () => {
    expect(img2img('!'.repeat(OVER_BY_ONE))).toEqual({
      ok: false,
      fields: { 'parameters.image': tooLarge(ART_REFERENCE_LIMITS) },
    })
  })

  it('a comma counts as a data-URL prefix only after "data:"', () => {
    expect(img2img(`${'!'.repeat(OVER_BY_ONE)},AAAA`)).toEqual({
      ok: false,
      fields: { 'parameters.image': tooLarge(ART_REFERENCE_LIMITS) },
    })
  })
})
