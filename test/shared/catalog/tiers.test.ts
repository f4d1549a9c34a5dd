/**
 * Size tiers (shared/catalog/tiers.ts): the pixel budget of each tier and the sizes derived from
 * it decide what a request may ask for and what it is priced as. Each expected size below is the
 * largest multiple-of-`multiple` rectangle near the ratio whose area fits the budget.
 */
import {
  dimensionsForAspect,
  parseAspectRatio,
  parseSize,
  SIZE_TIERS,
  TIER_DEFAULT_SIDE,
  TIER_PIXEL_BUDGET,
} from '@shared/catalog/tiers'
import { describe, expect, it } from 'vitest'

describe('size tiers', () => {
  it('are 1K, 2K and 4K, each the area of a square of 1024, 2048 or 4096 pixels', () => {
    expect(SIZE_TIERS).toEqual(['1K', '2K', '4K'])
    expect(TIER_PIXEL_BUDGET).toEqual({ '1K': 1_048_576, '2K': 4_194_304, '4K': 16_777_216 })
    expect(TIER_DEFAULT_SIDE).toEqual({ '1K': 1024, '2K': 2048, '4K': 4096 })
  })

  it.each([
    ['16:9', { w: 16, h: 9 }],
    ['1:1', { w: 1, h: 1 }],
    ['999:1', { w: 999, h: 1 }],
    ['9:16', { w: 9, h: 16 }],
    ['0:1', null],
    ['1:0', null],
    ['1000:1', null],
    ['16/9', null],
    [' 16:9', null],
    ['16:9 ', null],
    ['a:b', null],
    [':9', null],
  ])('parses the aspect ratio %j', (text, ratio) => {
    expect(parseAspectRatio(text)).toEqual(ratio)
  })

  it.each([
    ['1024x768', { width: 1024, height: 768 }],
    ['99999x1', { width: 99999, height: 1 }],
    ['0x768', null],
    ['1024x0', null],
    ['100000x1', null],
    ['1024X768', null],
    ['1024x768px', null],
    ['x1024x768', null],
    ['1024*768', null],
  ])('parses the size %j', (text, size) => {
    expect(parseSize(text)).toEqual(size)
  })

  it.each([
    ['1K', { w: 16, h: 9 }, 16, { width: 1360, height: 768 }],
    ['2K', { w: 1, h: 1 }, 16, { width: 2048, height: 2048 }],
    ['4K', { w: 21, h: 9 }, 16, { width: 6240, height: 2672 }],
    // Rounding the height up would pass the budget: the width steps down until it fits.
    ['1K', { w: 2, h: 3 }, 64, { width: 768, height: 1152 }],
    ['1K', { w: 5, h: 1 }, 16, { width: 2272, height: 448 }],
    ['1K', { w: 5, h: 7 }, 16, { width: 848, height: 1184 }],
    ['1K', { w: 5, h: 4 }, 8, { width: 1144, height: 912 }],
    // The most extreme ratios parseAspectRatio lets through (1:999) still fit.
    ['1K', { w: 1, h: 999 }, 16, { width: 32, height: 31968 }],
    ['1K', { w: 999, h: 1 }, 16, { width: 32352, height: 32 }],
    // A side is never below one multiple, even where one multiple is over the budget.
    ['1K', { w: 1, h: 999 }, 64, { width: 64, height: 63936 }],
    // The sizes these ratios have always given (not the largest that fit: 1088×960, 1920×544).
    ['1K', { w: 9, h: 8 }, 16, { width: 1072, height: 960 }],
    ['1K', { w: 7, h: 2 }, 16, { width: 1904, height: 544 }],
  ] as const)('fits %s at %o (multiple %d) into %o', (tier, aspect, multiple, size) => {
    const d = dimensionsForAspect(tier, aspect, multiple)
    expect(d).toEqual(size)
    expect(d.width % multiple).toBe(0)
    expect(d.height % multiple).toBe(0)
  })

  it('rounds to multiples of 16 unless told otherwise', () => {
    expect(dimensionsForAspect('1K', { w: 5, h: 7 })).toEqual({ width: 848, height: 1184 })
  })
})
