/**
 * The image validators, field by field: each request names exactly the fields the spec refuses
 * it on (issue #18), and the output size each valid request implies.
 */
import { CATALOG, type ImageModel } from '@shared/catalog/models'
import type { ReferenceFileMeta } from '@shared/catalog/types'
import {
  groupDigits,
  imageOutputFor,
  tierFor,
  validateImageEdit,
  validateImageGeneration,
} from '@shared/catalog/validateImage'
import { refusedFields } from '@test/support/refusedFields'
import { describe, expect, it } from 'vitest'

type Body = Record<string, unknown>

const gen = (body: Body): string[] =>
  refusedFields(validateImageGeneration({ prompt: 'a kite', ...body }))
const png = (bytes = 1000, width = 512, height = 512): ReferenceFileMeta => ({
  bytes,
  type: 'image/png',
  width,
  height,
})
const edit = (body: Body, files: ReferenceFileMeta[] = [png()]): string[] =>
  refusedFields(validateImageEdit({ prompt: 'make it blue', ...body }, files))
const url = (n: number): string[] =>
  Array.from({ length: n }, (_, i) => `https://example.com/${i}.png`)
const imageModel = (id: string): ImageModel => {
  const m = CATALOG.find((c) => c.id === id)
  if (m?.kind !== 'image') throw new Error(id)
  return m
}

describe('validateImageGeneration names exactly the refused fields', () => {
  it.each<[string, Body, string[]]>([
    ['std-image-2 with a prompt', { model: 'std-image-2' }, []],
    ['no prompt', { model: 'std-image-2', prompt: undefined }, ['prompt']],
    ['a blank prompt', { model: 'std-image-2', prompt: ' ' }, ['prompt']],
    ['an unknown model', { model: 'nope' }, ['model']],
    ['an unknown model and no prompt', { model: 'nope', prompt: undefined }, ['model', 'prompt']],
    ['an unknown model and a blank prompt', { model: 'nope', prompt: ' ' }, ['model', 'prompt']],
    ['a web-only model', { model: 'compact-2-sfw' }, ['model']],
    ['a native-only model', { model: 'art-v5' }, ['model']],
    ['a video model', { model: 'motion-2.5' }, ['model']],
    ['n 2 on std-image-2', { model: 'std-image-2', n: 2 }, ['n']],
    ['n null', { model: 'std-image-2', n: null }, []],
    ['n 4 on art-v4.5', { model: 'art-v4.5', n: 4 }, []],
    ['n 5 on art-v4.5', { model: 'art-v4.5', n: 5 }, ['n']],
    ['an unknown quality', { model: 'std-image-2', quality: 'ultra' }, ['quality']],
    ['quality null', { model: 'std-image-2', quality: null }, []],
    ['quality high on std-image-2', { model: 'std-image-2', quality: 'high' }, []],
    ['quality on art-v4.5', { model: 'art-v4.5', quality: 'low' }, ['quality']],
    ['quality high on sunburst', { model: 'std-image-2.5-sunburst', quality: 'high' }, ['quality']],
    ['quality medium on still-5.0-pro', { model: 'still-5.0-pro', quality: 'medium' }, []],
    ['size on still-5.0-pro', { model: 'still-5.0-pro', size: '1024x1024' }, ['size']],
    [
      'size on edit-2511 (fixed)',
      { model: 'edit-2511', size: '1024x1024', mode: 'reference', image_urls: url(1) },
      ['size'],
    ],
    ['size on art-v4.5', { model: 'art-v4.5', size: '1024x1024' }, ['size']],
    ['size null on still-5.0-pro', { model: 'still-5.0-pro', size: null }, []],
    ['size not WxH', { model: 'std-image-2', size: 'big' }, ['size']],
    ['size as a number', { model: 'std-image-2', size: 1024 }, ['size']],
    ['size off the grid of 8', { model: 'std-image-2', size: '1024x1020' }, ['size']],
    ['width off the grid of 8', { model: 'std-image-2', size: '1020x1024' }, ['size']],
    ['size at the 1K budget', { model: 'std-image-2', size: '1024x1024' }, []],
    ['size over the 1K budget', { model: 'std-image-2', size: '1024x1032' }, ['size']],
    ['the same size at 2K', { model: 'std-image-2', size: '1024x1032', quality: 'medium' }, []],
    ['4K at high', { model: 'std-image-2', size: '4096x4096', quality: 'high' }, []],
    ['over 4K at high', { model: 'std-image-2', size: '4096x4104', quality: 'high' }, ['size']],
    ['sunburst at its minimum', { model: 'std-image-2.5-sunburst', size: '1024x640' }, []],
    ['sunburst below its minimum', { model: 'std-image-2.5-sunburst', size: '1008x640' }, ['size']],
    ['sunburst at its maximum', { model: 'std-image-2.5-sunburst', size: '1024x1024' }, []],
    [
      'sunburst above its maximum',
      { model: 'std-image-2.5-sunburst', size: '1024x1040' },
      ['size'],
    ],
    [
      'sunburst off the grid of 16',
      { model: 'std-image-2.5-sunburst', size: '1024x1016' },
      ['size'],
    ],
    ['sunburst at 3:1', { model: 'std-image-2.5-sunburst', size: '1536x512' }, []],
    ['sunburst past 3:1', { model: 'std-image-2.5-sunburst', size: '1776x576' }, ['size']],
    ['sunburst past 1:3', { model: 'std-image-2.5-sunburst', size: '576x1776' }, ['size']],
    [
      'aspect_ratio on std-image-2',
      { model: 'std-image-2', aspect_ratio: '1:1' },
      ['aspect_ratio'],
    ],
    ['aspect_ratio null on std-image-2', { model: 'std-image-2', aspect_ratio: null }, []],
    ['a listed aspect_ratio', { model: 'still-5.0-pro', aspect_ratio: '16:9' }, []],
    ['an unlisted aspect_ratio', { model: 'still-5.0-pro', aspect_ratio: '3:2' }, ['aspect_ratio']],
    [
      'smart without references',
      { model: 'still-5.0-pro', aspect_ratio: 'smart' },
      ['aspect_ratio'],
    ],
    [
      'smart with a URL reference',
      { model: 'still-5.0-pro', aspect_ratio: 'smart', image_urls: url(1) },
      [],
    ],
    [
      'smart with a bad URL list',
      { model: 'still-5.0-pro', aspect_ratio: 'smart', image_urls: 'x' },
      ['aspect_ratio', 'image_urls'],
    ],
    [
      'a bad response_format',
      { model: 'std-image-2', response_format: 'gif' },
      ['response_format'],
    ],
    ['b64_json', { model: 'std-image-2', response_format: 'b64_json' }, []],
    ['mode on std-image-2', { model: 'std-image-2', mode: 'reference' }, ['mode']],
    ['mode null on std-image-2', { model: 'std-image-2', mode: null }, []],
    ['edit-2511 without mode', { model: 'edit-2511', image_urls: url(1) }, ['mode']],
    [
      'edit-2511 with mode and one URL',
      { model: 'edit-2511', mode: 'reference', image_urls: url(1) },
      [],
    ],
    ['edit-2511 with two URLs', { model: 'edit-2511', mode: 'reference', image_urls: url(2) }, []],
    [
      'edit-2511 with three URLs',
      { model: 'edit-2511', mode: 'reference', image_urls: url(3) },
      ['image_urls'],
    ],
    ['edit-2511 with no URL', { model: 'edit-2511', mode: 'reference' }, ['image_urls']],
    ['still-5.0-pro with ten URLs', { model: 'still-5.0-pro', image_urls: url(10) }, []],
    [
      'still-5.0-pro with eleven URLs',
      { model: 'still-5.0-pro', image_urls: url(11) },
      ['image_urls'],
    ],
    ['URLs on std-image-2', { model: 'std-image-2', image_urls: url(1) }, ['image_urls']],
    ['an empty URL list on std-image-2', { model: 'std-image-2', image_urls: [] }, []],
    [
      'a URL that is not http',
      { model: 'still-5.0-pro', image_urls: ['ftp://x/y.png'] },
      ['image_urls[0]'],
    ],
  ])('%s', (_name, body, fields) => {
    expect(gen(body)).toEqual(fields)
  })

  it('a body that is not an object is refused as the body', () => {
    expect(refusedFields(validateImageGeneration('x'))).toEqual(['body'])
  })

  const message = (body: Body, field: string): string | undefined => {
    const v = validateImageGeneration({ prompt: 'a kite', ...body })
    return v.ok ? undefined : v.fields[field]
  }
  it('says why a model or a quality is refused, and the model’s own range', () => {
    expect(message({ model: 'compact-2-sfw' }, 'model')).toBe(
      'compact-2-sfw is available in the web workspace only; it has no public API',
    )
    expect(message({ model: 'art-v5' }, 'model')).toBe(
      'art-v5 uses the native endpoint /ai/generate-image with model art-diffusion-5-full',
    )
    expect(message({ model: 'art-v4.5', quality: 'low' }, 'quality')).toBe(
      'quality does not apply to art-v4.5; leave it out',
    )
    expect(message({ model: 'std-image-2.5-sunburst', quality: 'high' }, 'quality')).toBe(
      'quality for std-image-2.5-sunburst must be one of low, auto',
    )
    expect(message({ model: 'art-v4.5', n: 5 }, 'n')).toBe('n must be 1 to 4 for art-v4.5')
  })
})

describe('validateImageEdit names exactly the refused fields', () => {
  it.each<[string, Body, ReferenceFileMeta[], string[]]>([
    ['std-image-2 with one file', { model: 'std-image-2' }, [png()], []],
    ['std-image-2 with four files', { model: 'std-image-2' }, [png(), png(), png(), png()], []],
    [
      'std-image-2 with five files',
      { model: 'std-image-2' },
      [png(), png(), png(), png(), png()],
      ['image[]'],
    ],
    ['std-image-2 with no file', { model: 'std-image-2' }, [], ['image[]']],
    ['an empty file', { model: 'std-image-2' }, [png(), png(0)], ['image[1]']],
    ['a file of one byte', { model: 'std-image-2' }, [png(1)], []],
    [
      'a file that is not an image',
      { model: 'std-image-2' },
      [{ bytes: 10, type: null }],
      ['image[0]'],
    ],
    ['no prompt', { model: 'std-image-2', prompt: undefined }, [png()], ['prompt']],
    [
      'an unknown model, a blank prompt',
      { model: 'nope', prompt: ' ' },
      [png()],
      ['model', 'prompt'],
    ],
    [
      'an unknown model, no prompt',
      { model: 'nope', prompt: undefined },
      [png()],
      ['model', 'prompt'],
    ],
    ['a generation-only model', { model: 'art-v5' }, [png()], ['model']],
    ['art-v4.5 with two files', { model: 'art-v4.5' }, [png(), png()], ['image[]']],
    ['URLs on std-image-2', { model: 'std-image-2', image_urls: url(1) }, [png()], ['image_urls']],
    [
      'still-5.0-pro: URLs count toward ten',
      { model: 'still-5.0-pro', image_urls: url(9) },
      [png()],
      [],
    ],
    [
      'still-5.0-pro: eleven in all',
      { model: 'still-5.0-pro', image_urls: url(10) },
      [png()],
      ['image[]'],
    ],
    [
      'still-5.0-pro: URLs alone are enough',
      { model: 'still-5.0-pro', image_urls: url(1) },
      [],
      [],
    ],
    [
      'still-5.0-pro: a bad URL list counts as none',
      { model: 'still-5.0-pro', image_urls: 'x' },
      [],
      ['image[]', 'image_urls'],
    ],
    ['smart with a file reference', { model: 'still-5.0-pro', aspect_ratio: 'smart' }, [png()], []],
    ['edit-2511 with mode', { model: 'edit-2511', mode: 'reference' }, [png(), png()], []],
  ])('%s', (_name, body, files, fields) => {
    expect(edit(body, files)).toEqual(fields)
  })

  it('a body that is not an object is refused as the body', () => {
    expect(refusedFields(validateImageEdit(null, [png()]))).toEqual(['body'])
  })
})

describe('the tier and output size a request implies', () => {
  it('quality picks the tier; no or unknown quality gives auto; models without tiers are 1K', () => {
    const std = imageModel('std-image-2')
    expect(tierFor(std, 'medium')).toBe('2K')
    expect(tierFor(std, 'high')).toBe('4K')
    expect(tierFor(std, undefined)).toBe('1K')
    expect(tierFor(std, 'ultra')).toBe('1K')
    expect(tierFor(imageModel('art-v4.5'), 'high')).toBe('1K')
    expect(tierFor(imageModel('still-5.0-pro'), 'high')).toBe('1K')
  })

  it('a fixed resolution, the art table, an explicit size, an aspect ratio or the tier square', () => {
    expect(imageOutputFor(imageModel('edit-2511'), { size: '512x512' })).toEqual({
      width: 1280,
      height: 720,
      tier: '1K',
    })
    const art = imageModel('art-v4.5')
    expect(imageOutputFor(art, { aspect_ratio: '16:9' })).toEqual({
      width: 1344,
      height: 768,
      tier: '1K',
    })
    expect(imageOutputFor(art, {})).toEqual({ width: 1024, height: 1024, tier: '1K' })
    expect(imageOutputFor(art, { aspect_ratio: '5:1' })).toEqual({
      width: 1024,
      height: 1024,
      tier: '1K',
    })
    const std = imageModel('std-image-2')
    expect(imageOutputFor(std, { size: '800x600', quality: 'medium' })).toEqual({
      width: 800,
      height: 600,
      tier: '2K',
    })
    expect(imageOutputFor(std, { size: 7, quality: 'high' })).toEqual({
      width: 4096,
      height: 4096,
      tier: '4K',
    })
    expect(imageOutputFor(std, { aspect_ratio: '16:9' })).toEqual({
      width: 1024,
      height: 1024,
      tier: '1K',
    })
    const still = imageModel('still-5.0-pro')
    expect(imageOutputFor(still, { size: '800x600' })).toEqual({
      width: 1024,
      height: 1024,
      tier: '1K',
    })
    const wide = imageOutputFor(still, { aspect_ratio: '16:9' })
    expect(wide.width).toBeGreaterThan(wide.height)
    expect(
      imageOutputFor(still, { aspect_ratio: 'smart' }, { width: 300, height: 900 }),
    ).toMatchObject({ tier: '1K' })
    const tall = imageOutputFor(still, { aspect_ratio: 'smart' }, { width: 300, height: 900 })
    expect(tall.height).toBeGreaterThan(2 * tall.width)
    const square = { width: 1024, height: 1024, tier: '1K' }
    expect(imageOutputFor(still, { aspect_ratio: 'smart' })).toEqual(square)
    expect(imageOutputFor(still, { aspect_ratio: 'bogus' })).toEqual(square)
    expect(imageOutputFor(still, {})).toEqual(square)
    // Only text is an aspect ratio: ['16:9'] is not one, though a pattern would read it as its text.
    expect(imageOutputFor(still, { aspect_ratio: ['16:9'] })).toEqual(square)
  })

  it('each side at most maxSide follows from the pixel and aspect limits, for every model', () => {
    for (const m of CATALOG) {
      if (m.kind !== 'image' || m.size?.maxSide === undefined) continue
      const { maxPixels, maxAspect, maxSide } = m.size
      expect(maxPixels, m.id).toBeDefined()
      expect(maxAspect, m.id).toBeDefined()
      // The longest side a size within both limits can have: sqrt(pixels × aspect).
      expect(
        Math.sqrt((maxPixels ?? Infinity) * (maxAspect ?? Infinity)),
        m.id,
      ).toBeLessThanOrEqual(maxSide)
    }
  })
})

describe('groupDigits: the pixel limits in messages', () => {
  it.each<[number, string]>([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [65536, '65,536'],
    [1048576, '1,048,576'],
    [3145728, '3,145,728'],
    [1234567890, '1,234,567,890'],
  ])('%d reads %s', (n, text) => {
    expect(groupDigits(n)).toBe(text)
  })
})
