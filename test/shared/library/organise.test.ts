import {
  MAX_TAG_LENGTH,
  MAX_TAGS,
  normalizeTag,
  normalizeTags,
  organiseFromJson,
  splitSearch,
  withOrganise,
} from '@shared/library/organise'
import { describe, expect, it } from 'vitest'

describe('organise rules (issue #16)', () => {
  it('normalises a tag: trimmed, one space, no leading #, no commas or control characters, cut to 64', () => {
    expect(normalizeTag('  Red\t\n  Fox ')).toBe('Red Fox')
    expect(normalizeTag('##sunset')).toBe('sunset')
    expect(normalizeTag('a,b')).toBe('a b')
    expect(normalizeTag('x\u0000y\u200b')).toBe('x y')
    expect(normalizeTag('   ')).toBeNull()
    expect(normalizeTag('#')).toBeNull()
    expect([...normalizeTag('é'.repeat(100))!]).toHaveLength(MAX_TAG_LENGTH)
    // NFC: a decomposed é equals the composed one.
    expect(normalizeTag('e\u0301')).toBe('é')
  })

  it('keeps tags unique case-insensitively (first spelling wins), in order, at most 50', () => {
    expect(normalizeTags(['Sunset', 'sea', 'SUNSET', ' sea ', 3, null, 'Sky'])).toEqual([
      'Sunset',
      'sea',
      'Sky',
    ])
    expect(normalizeTags(Array.from({ length: 80 }, (_, i) => `t${i}`))).toHaveLength(MAX_TAGS)
  })

  it('reads sidecar fields leniently and writes only what holds something', () => {
    expect(
      organiseFromJson({ rating: 4, tags: ['a', 'A', 7], collections: ['c-1', 'c-1', '../x', 5] }),
    ).toEqual({ rating: 4, tags: ['a'], collections: ['c-1'] })
    expect(organiseFromJson({ rating: 9, tags: 'a', collections: {} })).toEqual({})
    expect(organiseFromJson({ rating: 2.5 })).toEqual({})
    expect(withOrganise({ rating: 0, tags: [], collections: [] })).toEqual({})
  })

  it('splits #tags out of the search text', () => {
    expect(splitSearch('red fox #Sunset #"golden hour"')).toEqual({
      words: 'red fox',
      tags: ['Sunset', 'golden hour'],
    })
    expect(splitSearch('#a #A')).toEqual({ words: '', tags: ['a'] })
    // C# is a word, not a tag; a lone # is nothing.
    expect(splitSearch('C# #')).toEqual({ words: 'C# #', tags: [] })
  })
})
