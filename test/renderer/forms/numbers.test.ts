import { parseIntText, parseNumberText } from '@renderer/forms/numbers'
import { describe, expect, it } from 'vitest'

describe('numbers typed as text', () => {
  it('leaves empty out, keeps numbers, and turns anything else into NaN for the validators', () => {
    expect(parseIntText('')).toBeUndefined()
    expect(parseIntText(' 12 ')).toBe(12)
    expect(parseIntText('12.5')).toBeNaN()
    expect(parseIntText('1e3')).toBeNaN()
    expect(parseNumberText('.5')).toBe(0.5)
    expect(parseNumberText('7.')).toBe(7)
    expect(parseNumberText('abc')).toBeNaN()
  })
})
