import { MAX_BATCH } from '@shared/batch/types'
import { expandWildcards, wildcardNamesIn } from '@shared/batch/wildcards'
import { describe, expect, it } from 'vitest'

const lists = new Map<string, readonly string[]>([
  ['animal', ['cat', 'dog']],
  ['light', ['dawn', 'noon', 'dusk']],
  ['b_c', ['x']],
  ['empty', []],
])
const texts = (prompt: string, limit?: number) =>
  expandWildcards(prompt, lists, limit).variants.map((v) => v.text)

describe('expandWildcards', () => {
  it('expands `a {red|blue} __animal__` into 4 variants with their picks, first wildcard slowest', () => {
    expect(expandWildcards('a {red|blue} __animal__', lists)).toEqual({
      variants: [
        { text: 'a red cat', picks: ['red', 'cat'] },
        { text: 'a red dog', picks: ['red', 'dog'] },
        { text: 'a blue cat', picks: ['blue', 'cat'] },
        { text: 'a blue dog', picks: ['blue', 'dog'] },
      ],
      missing: [],
      count: 4,
    })
  })

  it.each<[string, string[]]>([
    ['no wildcards', ['no wildcards']],
    ['', ['']],
    ['{a|b|c}', ['a', 'b', 'c']],
    ['{a|}x', ['ax', 'x']],
    ['__light__ {1|2}', ['dawn 1', 'dawn 2', 'noon 1', 'noon 2', 'dusk 1', 'dusk 2']],
    ['__animal__ and __animal__', ['cat and cat', 'cat and dog', 'dog and cat', 'dog and dog']],
    ['__b_c__!', ['x!']],
    ['___animal__', ['_cat', '_dog']],
    // escapes stay literal, without their backslash
    ['\\{a|b\\}', ['{a|b}']],
    ['{a\\|b|c}', ['a|b', 'c']],
    ['{x\\}|y}', ['x}', 'y']],
    ['path\\n {a|b}', ['path\\n a', 'path\\n b']],
    // groups without `|` are kept as typed (the art models' emphasis braces survive)
    ['{a}', ['{a}']],
    ['{}', ['{}']],
    ['{{masterpiece}}, fox', ['{{masterpiece}}, fox']],
    ['{{red|blue} hair}', ['{red hair}', '{blue hair}']],
    // unmatched or nested braces are literal and never crash
    ['{a|b', ['{a|b']],
    ['a|b}', ['a|b}']],
    ['}{', ['}{']],
    ['{a {b|c} d}', ['{a b d}', '{a c d}']],
    ['{a|{b|c}', ['{a|b', '{a|c']],
  ])('%j', (prompt, expected) => {
    const e = expandWildcards(prompt, lists)
    expect(e.variants.map((v) => v.text)).toEqual(expected)
    expect(e.count).toBe(expected.length)
  })

  it('lists unknown and empty lists once each, in order, and leaves them in the text', () => {
    const e = expandWildcards('__nope__ {a|b} __empty__ __nope__ __animal__', lists)
    expect(e.missing).toEqual(['nope', 'empty'])
    expect(e.count).toBe(4)
    expect(e.variants[0]).toEqual({
      text: '__nope__ a __empty__ __nope__ cat',
      picks: ['a', 'cat'],
    })
  })

  it('builds variants up to the limit and only counts beyond it', () => {
    expect(texts('{a|b} {c|d}', 4)).toHaveLength(4)
    expect(expandWildcards('{a|b} {c|d}', lists, 3)).toEqual({
      variants: [],
      missing: [],
      count: 4,
    })
    // 10 × 10 × 10 × 10 = 10,000 with the default limit of MAX_BATCH
    const ten = `{${'0123456789'.split('').join('|')}}`
    const big = expandWildcards(`${ten}${ten}${ten}${ten}`, lists)
    expect(big).toEqual({ variants: [], missing: [], count: 10_000 })
    expect(10_000).toBeGreaterThan(MAX_BATCH)
    expect(texts(`${ten}${ten}${ten}`)).toHaveLength(MAX_BATCH)
  })

  it('counts an astronomical prompt at once, without building it', () => {
    const ten = `{${'0123456789'.split('').join('|')}}`
    const started = performance.now()
    const e = expandWildcards(ten.repeat(30), lists)
    expect(e.count / 1e30).toBeCloseTo(1, 10)
    expect(e.variants).toEqual([])
    expect(performance.now() - started).toBeLessThan(500)
  })

  it('never throws, and counts exactly what it builds, on random brace soup', () => {
    let state = 42
    const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31)
    const alphabet = ['{', '}', '|', '\\', '_', '_', 'a', 'b', ' ', '__animal__']
    for (let i = 0; i < 500; i++) {
      const prompt = Array.from(
        { length: next() % 24 },
        () => alphabet[next() % alphabet.length],
      ).join('')
      const e = expandWildcards(prompt, lists)
      expect(e.variants.length).toBe(e.count)
      const picks = new Set(e.variants.map((v) => v.picks.length))
      expect(picks.size).toBeLessThanOrEqual(1)
    }
  })
})

describe('wildcardNamesIn', () => {
  it.each<[string, string[]]>([
    ['__a__ __b_c__ __a__ __z-1__', ['a', 'b_c', 'z-1']],
    ['no lists {a|b}', []],
    ['__ __ ____ __a b__', []],
    ['___d__', ['d']],
  ])('%j', (prompt, names) => {
    expect(wildcardNamesIn(prompt)).toEqual(names)
  })
})
