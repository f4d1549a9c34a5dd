/**
 * The size checks both art endpoints share (native and workbench), message by message: the form
 * shows these words next to the field, so a missing side must say it is required, an odd side
 * what it must be, and a size over the pixel limit the limit itself, each on its own path.
 */
import { checkArtDimensions } from '@shared/catalog/artChecks'
import { NATIVE_LIMITS } from '@shared/catalog/artModels'
import { Issues } from '@shared/catalog/validation'
import { describe, expect, it } from 'vitest'

const PATHS = { width: 'parameters.width', height: 'parameters.height' }

const fieldsFor = (width: unknown, height: unknown): Record<string, string> => {
  const issues = new Issues()
  checkArtDimensions(issues, PATHS, width, height)
  return issues.fields
}

describe('checkArtDimensions', () => {
  it('accepts sides that are multiples of 64 within the limits', () => {
    expect(fieldsFor(1024, 1024)).toEqual({})
    expect(fieldsFor(NATIVE_LIMITS.multipleOf, NATIVE_LIMITS.maxSide)).toEqual({})
  })

  it.each<[string, unknown]>([
    ['missing', undefined],
    ['null', null],
  ])('a %s side is required, named on its own path', (_name, missing) => {
    expect(fieldsFor(missing, 1024)).toEqual({ 'parameters.width': 'Width is required' })
    expect(fieldsFor(1024, missing)).toEqual({ 'parameters.height': 'Height is required' })
  })

  it.each<[string, unknown]>([
    ['too small', 32],
    ['too large', 3136],
    ['not a whole number', 64.5],
    ['text', '1024'],
    ['zero', 0],
  ])('a side that is %s gets the range of sides', (_name, side) => {
    expect(fieldsFor(side, 1024)).toEqual({ 'parameters.width': 'Width must be 64 to 3072' })
    expect(fieldsFor(1024, side)).toEqual({ 'parameters.height': 'Height must be 64 to 3072' })
  })

  it('a side within the range but not a multiple of 64 says the step', () => {
    expect(fieldsFor(1000, 1024)).toEqual({
      'parameters.width': 'Width must be a multiple of 64',
    })
    expect(fieldsFor(1024, 1000)).toEqual({
      'parameters.height': 'Height must be a multiple of 64',
    })
  })

  it('a size over the pixel limit is refused on the width, with the limit in the message', () => {
    // 3072 × 1088 = 3,342,336 pixels; 3072 × 1024 = 3,145,728 is exactly the limit.
    expect(fieldsFor(3072, 1024)).toEqual({})
    expect(fieldsFor(3072, 1088)).toEqual({
      'parameters.width': 'Width × height must be at most 3,145,728 pixels',
    })
    expect(fieldsFor(1088, 3072)).toEqual({
      'parameters.width': 'Width × height must be at most 3,145,728 pixels',
    })
  })

  it('a refused side counts as 0 against the pixel limit: only its own message shows', () => {
    expect(fieldsFor(3072, 3100)).toEqual({ 'parameters.height': 'Height must be 64 to 3072' })
    expect(fieldsFor(undefined, 3072)).toEqual({ 'parameters.width': 'Width is required' })
  })
})
