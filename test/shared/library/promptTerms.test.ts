import { cleanTag, promptTerms, termKey } from '@shared/library/promptTerms'
import { describe, expect, it } from 'vitest'

describe('promptTerms', () => {
  it('counts each comma-separated tag and each word once, keyed lower-case, labelled as written', () => {
    const terms = promptTerms('Blue Hair, 1girl, blue eyes, looking at viewer, blue hair')
    expect(terms.get('blue hair')).toBe('Blue Hair')
    expect(terms.get('1girl')).toBe('1girl')
    expect(terms.get('looking at viewer')).toBe('looking at viewer')
    expect(terms.get('blue')).toBe('Blue')
    expect(terms.get('viewer')).toBe('viewer')
    expect([...terms.keys()].filter((k) => k === 'blue hair')).toHaveLength(1)
  })

  it('strips NovelAI and A1111 weighting so weighted and plain tags are one term', () => {
    expect(cleanTag(' {{blue hair}} ')).toBe('blue hair')
    expect(cleanTag('1.2::red scarf::')).toBe('red scarf')
    expect(cleanTag('(masterpiece:1.3)')).toBe('masterpiece')
    expect(cleanTag('[[night sky]]')).toBe('night sky')
    expect([...promptTerms('{masterpiece}, (masterpiece:1.1)').keys()]).toEqual(['masterpiece'])
  })

  it('keeps only the words of a sentence and skips one-letter words', () => {
    const terms = promptTerms(
      'a photograph of an old lighthouse standing alone on a cliff above the sea at dawn',
    )
    expect([...terms.keys()].some((k) => k.includes(' '))).toBe(false)
    expect(terms.has('lighthouse')).toBe(true)
    expect(terms.has('a')).toBe(false)
  })

  it('splits tags on commas, new lines, semicolons and bars', () => {
    const keys = [...promptTerms('red fox; snow\nforest | night').keys()]
    expect(keys).toEqual(expect.arrayContaining(['red fox', 'snow', 'forest', 'night']))
    expect(termKey('  Red   FOX ')).toBe('red fox')
  })
})
