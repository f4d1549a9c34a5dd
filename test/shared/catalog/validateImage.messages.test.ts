/**
 * The words of each refusal of the image validator: the form shows them next to the field, so
 * each names the model, the tier, the quality and the limits that apply (a message with a
 * placeholder left in it, or the wrong limit, fails here).
 */
import { validateImageEdit, validateImageGeneration } from '@shared/catalog/validateImage'
import { describe, expect, it } from 'vitest'

type Body = Record<string, unknown>
const URL = 'https://example.com/a.png'

describe('validateImageGeneration says why, with the numbers that apply', () => {
  it.each<[string, Body, string, string]>([
    [
      'a quality the model has no tier for',
      { model: 'std-image-2.5-sunburst', quality: 'high' },
      'quality',
      'quality for std-image-2.5-sunburst must be one of low, auto',
    ],
    [
      'a size on a model of fixed resolution',
      { model: 'edit-2511', size: '1024x1024', mode: 'reference', image_urls: [URL] },
      'size',
      'size cannot be set: edit-2511 has a fixed 720p resolution',
    ],
    [
      'a size on a model sized by aspect ratio',
      { model: 'still-5.0-pro', size: '1024x1024' },
      'size',
      'size is not supported by still-5.0-pro; use aspect_ratio',
    ],
    [
      'a size that is not WxH',
      { model: 'std-image-2', size: 'big' },
      'size',
      'size must be WIDTHxHEIGHT, for example 1024x1024',
    ],
    [
      'a size off the grid',
      { model: 'std-image-2', size: '1024x1020' },
      'size',
      'size: width and height must be multiples of 8',
    ],
    [
      'a size over the 1K budget at quality auto',
      { model: 'std-image-2', size: '1024x1032' },
      'size',
      'size must be at most 1,048,576 pixels in total for the 1K tier (quality auto)',
    ],
    [
      'a size over the 4K budget at quality high',
      { model: 'std-image-2', size: '4096x4104', quality: 'high' },
      'size',
      'size must be at most 16,777,216 pixels in total for the 4K tier (quality high)',
    ],
    [
      'a size under the model’s pixel range',
      { model: 'std-image-2.5-sunburst', size: '1008x640' },
      'size',
      'size must be 655,360 to 1,048,576 pixels in total',
    ],
    [
      'a size wider than the model’s aspect limit (1792×576 is 3.11:1)',
      { model: 'std-image-2.5-sunburst', size: '1792x576' },
      'size',
      'size aspect ratio must be within 3:1',
    ],
    [
      'an aspect ratio on a model sized by WxH',
      { model: 'std-image-2', aspect_ratio: '1:1' },
      'aspect_ratio',
      'aspect_ratio is not supported by std-image-2',
    ],
    [
      'too few reference URLs for the model',
      { model: 'edit-2511', mode: 'reference' },
      'image_urls',
      'image_urls must hold 1 to 2 images for edit-2511',
    ],
    [
      'too many reference URLs for a model that takes none to ten',
      { model: 'still-5.0-pro', image_urls: Array.from({ length: 11 }, () => URL) },
      'image_urls',
      'image_urls must hold at most 10 images for still-5.0-pro',
    ],
    [
      'reference URLs on a model without them',
      { model: 'std-image-2', image_urls: [URL] },
      'image_urls',
      'image_urls is not accepted by std-image-2',
    ],
    [
      'no mode on a model that requires one',
      { model: 'edit-2511', image_urls: [URL] },
      'mode',
      'mode must be reference for edit-2511',
    ],
    [
      'a mode on a model without modes',
      { model: 'std-image-2', mode: 'reference' },
      'mode',
      'mode is not used by std-image-2; leave it out',
    ],
    [
      'n over the model’s count',
      { model: 'std-image-2', n: 2 },
      'n',
      'n must be 1 for std-image-2',
    ],
  ])('%s', (_name, body, field, message) => {
    const v = validateImageGeneration({ prompt: 'a kite', ...body })
    expect(v.ok ? {} : v.fields).toEqual({ [field]: message })
  })
})

describe('validateImageEdit says why, with the model and counts that apply', () => {
  const png = (bytes = 100) => ({ bytes, type: 'image/png' as const })

  it('a body that is not an object must be multipart form data', () => {
    expect(validateImageEdit('x', [])).toEqual({
      ok: false,
      fields: { body: 'The request must be multipart form data' },
    })
    expect(validateImageGeneration('x')).toEqual({
      ok: false,
      fields: { body: 'The request body must be a JSON object' },
    })
  })

  it.each<
    [string, Body, ReadonlyArray<{ bytes: number; type: 'image/png' | null }>, string, string]
  >([
    [
      'reference URLs on a model without them',
      { model: 'std-image-2', image_urls: [URL] },
      [png()],
      'image_urls',
      'image_urls is not accepted by std-image-2',
    ],
    [
      'an empty file',
      { model: 'std-image-2' },
      [png(0)],
      'image[0]',
      'The reference file is empty',
    ],
    [
      'a file that is not an image',
      { model: 'std-image-2' },
      [{ bytes: 10, type: null }],
      'image[0]',
      'Each reference must be a PNG, JPEG or WebP image',
    ],
    [
      'no file',
      { model: 'std-image-2.5-sunburst' },
      [],
      'image[]',
      'image[] must hold 1 to 4 images for std-image-2.5-sunburst',
    ],
    [
      'five files',
      { model: 'std-image-2' },
      [png(), png(), png(), png(), png()],
      'image[]',
      'image[] must hold 1 to 4 images for std-image-2',
    ],
  ])('%s', (_name, body, files, field, message) => {
    const v = validateImageEdit({ prompt: 'a kite', ...body }, files)
    expect(v.ok ? {} : v.fields).toEqual({ [field]: message })
  })
})
