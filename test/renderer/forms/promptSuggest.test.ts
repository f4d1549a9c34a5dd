import {
  acceptSuggestion,
  countTerms,
  fragmentAt,
  queriesOf,
  rankSuggestions,
} from '@renderer/forms/promptSuggest'
import type { TermCount } from '@shared/library/promptTerms'
import { describe, expect, it } from 'vitest'

describe('prompt suggestions (pure parts)', () => {
  it('finds the tag and the word at the caret, past spaces and weighting brackets', () => {
    expect(fragmentAt('1girl, {blu', 11)).toMatchObject({ tagStart: 8, tag: 'blu', word: 'blu' })
    expect(fragmentAt('a photo of a ligh', 17)).toMatchObject({
      tagStart: 0,
      tag: 'a photo of a ligh',
      wordStart: 13,
      word: 'ligh',
    })
    // Inside a word: nothing (a completion would split it).
    expect(fragmentAt('lighthouse', 4)).toBeNull()
    expect(queriesOf(fragmentAt('1girl, b', 8))).toEqual([])
    expect(queriesOf(fragmentAt('red fox, blue ha', 16))).toEqual([
      { prefix: 'blue ha', start: 9 },
      { prefix: 'ha', start: 14 },
    ])
  })

  it('ranks by library count plus history count, skips what is typed in full', () => {
    const library: Record<string, TermCount[]> = {
      blu: [
        { text: 'blue', count: 9 },
        { text: 'blue hair', count: 5 },
        { text: 'blush', count: 6 },
      ],
    }
    const history = countTerms(['blue hair, smile', 'Blue Hair, night', 'blurry'])
    const got = rankSuggestions(fragmentAt('1girl, blu', 10), (p) => library[p], history)
    expect(got.map((s) => [s.text, s.count])).toEqual([
      ['blue', 11],
      ['blue hair', 7],
      ['blush', 6],
      ['blurry', 1],
    ])
    const exact = rankSuggestions(
      fragmentAt('blush', 5),
      () => [{ text: 'blush', count: 3 }],
      new Map(),
    )
    expect(exact).toEqual([])
  })

  it('accepts a tag with ", " at the end, a word with a space, and nothing added mid-prompt', () => {
    const tagF = fragmentAt('1girl, blu', 10)!
    expect(
      acceptSuggestion('1girl, blu', tagF, {
        key: 'blue hair',
        text: 'blue hair',
        count: 1,
        start: 7,
      }),
    ).toEqual({ text: '1girl, blue hair, ', caret: 18 })
    const wordF = fragmentAt('a photo of a ligh', 17)!
    expect(
      acceptSuggestion('a photo of a ligh', wordF, {
        key: 'lighthouse',
        text: 'lighthouse',
        count: 1,
        start: 13,
      }),
    ).toEqual({ text: 'a photo of a lighthouse ', caret: 24 })
    const mid = fragmentAt('red, blu, night', 8)!
    expect(
      acceptSuggestion('red, blu, night', mid, { key: 'blue', text: 'blue', count: 1, start: 5 }),
    ).toEqual({ text: 'red, blue, night', caret: 9 })
  })
})
