/**
 * The one check every reference image meets (shared/catalog/references.ts): what is learnt of
 * it (bytes, type, pixels) and the first reason it cannot be sent, in the order the user should
 * fix them, within the limits of its endpoint or none.
 */
import {
  ART_REFERENCE_LIMITS,
  checkArtReference,
  inspectReference,
  type ReferenceLimits,
  tooLarge,
} from '@shared/catalog/references'
import { pngHeader } from '@test/support/catalogFixtures'
import { describe, expect, it } from 'vitest'

const png = (w: number, h: number, bytes = 45) => new Uint8Array(pngHeader(w, h, bytes))
const small: ReferenceLimits = {
  maxBytes: 100,
  maxPixels: 600,
  bytesLabel: '100 bytes',
  pixelsLabel: '600 pixels',
}

describe('inspectReference', () => {
  it('learns the bytes, type and pixels of an image it accepts', () => {
    expect(inspectReference(png(30, 20))).toEqual({
      meta: { bytes: 45, type: 'image/png', width: 30, height: 20 },
      problem: null,
    })
  })

  it('learns no pixels of a file that is not an image', () => {
    expect(inspectReference(new TextEncoder().encode('GIF89a not supported'))).toEqual({
      meta: { bytes: 20, type: null },
      problem: 'Each reference image must be a PNG, JPEG or WebP image',
    })
  })

  it.each([
    ['empty', new Uint8Array(), 'The image is empty'],
    ['one byte over the size', png(10, 10, 101), 'Each reference image must be at most 100 bytes'],
    [
      'not an image (checked after the size)',
      new Uint8Array(101),
      'Each reference image must be at most 100 bytes',
    ],
    [
      'cut short',
      png(10, 10).subarray(0, 40),
      'The image is cut short (an incomplete copy or download)',
    ],
    ['one pixel over', png(601, 1), 'Each reference image must be at most 600 pixels'],
    [
      'a header with no size',
      png(0, 10),
      'The image header could not be read (the file is damaged)',
    ],
  ])('refuses an image %s', (_name, bytes, problem) => {
    expect(inspectReference(bytes, small).problem).toBe(problem)
  })

  it.each([
    ['exactly the size', png(10, 10, 100)],
    ['exactly the pixels', png(600, 1)],
  ])('accepts an image of %s', (_name, bytes) => {
    expect(inspectReference(bytes, small).problem).toBeNull()
  })

  it('without limits, checks only type, completeness and pixels that can be read', () => {
    expect(inspectReference(png(5000, 5000, 1000)).problem).toBeNull()
    expect(inspectReference(new Uint8Array()).problem).toBe('The image is empty')
  })
})

describe('the art reference limits', () => {
  it('are 24 MiB and 24 megapixels, as the messages say', () => {
    expect(ART_REFERENCE_LIMITS).toEqual({
      maxBytes: 24 * 1024 * 1024,
      maxPixels: 24_000_000,
      bytesLabel: '24 MiB',
      pixelsLabel: '24 megapixels',
    })
    expect(tooLarge(ART_REFERENCE_LIMITS)).toBe('Each reference image must be at most 24 MiB')
    expect(checkArtReference(png(6000, 4000))).toBeNull()
    expect(checkArtReference(png(6000, 4001))).toBe(
      'Each reference image must be at most 24 megapixels',
    )
  })
})
