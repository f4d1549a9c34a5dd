import { MAX_BATCH } from '@shared/batch/types'
import { expandWildcards, wildcardNamesIn } from '@shared/batch/wildcards'
import { MAX_NESTING } from '@shared/batch/wildcardSyntax'
import { timeBudgetMs } from '@test/support/timeBudget'
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
      problem: null,
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
    ['\\{\\{x\\}\\}', ['{{x}}']],
    ['a\\|b', ['a|b']],
    ['a|b', ['a|b']],
    // groups without `|` are kept as typed (the art models' emphasis braces survive)
    ['{a}', ['{a}']],
    ['{}', ['{}']],
    ['{{masterpiece}}, fox', ['{{masterpiece}}, fox']],
    ['{{{best quality}}} {x}', ['{{{best quality}}} {x}']],
    ['{{red|blue} hair}', ['{red hair}', '{blue hair}']],
    ['{{a|b}}', ['{a}', '{b}']],
    ['{__animal__}', ['{cat}', '{dog}']],
    ['{a \\} b}', ['{a } b}']],
    // groups nest, flattened to their leaves: one variant per leaf
    ['{a|{b|c}} cat', ['a cat', 'b cat', 'c cat']],
    ['{{b|c}|a}', ['b', 'c', 'a']],
    ['{a|{b|{c|d}}}', ['a', 'b', 'c', 'd']],
    ['{a|{b|c} {d|e}}', ['a', 'b d', 'b e', 'c d', 'c e']],
    ['{a|{{b}}}', ['a', '{{b}}']],
    ['{a|{b}}', ['a', '{b}']],
    ['{__animal__|plain} {1|2}', ['cat 1', 'cat 2', 'dog 1', 'dog 2', 'plain 1', 'plain 2']],
    ['{a|{x|y}\\|z}', ['a', 'x|z', 'y|z']],
    ['{z|{|x}{a|b}}', ['z', 'a', 'b', 'xa', 'xb']],
    ['{a|__nope}', ['a', '__nope']],
  ])('%j', (prompt, expected) => {
    const e = expandWildcards(prompt, lists)
    expect(e.variants.map((v) => v.text)).toEqual(expected)
    expect(e.count).toBe(expected.length)
  })

  it('records the leaf each top-level wildcard chose, emphasis not counting as a level', () => {
    const picks = (prompt: string) => expandWildcards(prompt, lists).variants.map((v) => v.picks)
    expect(picks('{a|{b|c}} {x|y}')).toEqual([
      ['a', 'x'],
      ['a', 'y'],
      ['b', 'x'],
      ['b', 'y'],
      ['c', 'x'],
      ['c', 'y'],
    ])
    expect(picks('{a|{b|c} __animal__}')).toEqual([
      ['a'],
      ['b cat'],
      ['b dog'],
      ['c cat'],
      ['c dog'],
    ])
    expect(picks('{{red|blue} hair}, {{masterpiece}}')).toEqual([['red'], ['blue']])
    expect(picks('{a|{{b}}}')).toEqual([['a'], ['{{b}}']])
  })

  it.each<[string, string]>([
    [
      'a fluffy {red|blue cat',
      'Unclosed "{" at character 10: "{red|blue cat". Close it with "}", or write \\{ if you meant a literal brace.',
    ],
    [
      '{a|{b|c}',
      'Unclosed "{" at character 1: "{a|{b|c}". Close it with "}", or write \\{ if you meant a literal brace.',
    ],
    [
      '{{masterpiece}, a fox',
      'Unclosed "{" at character 1: "{{masterpiece}, a fox". Close it with "}", or write \\{ if you meant a literal brace.',
    ],
    [
      '{a {b c',
      'Unclosed "{" at character 1 (and 1 more): "{a {b c". Close it with "}", or write \\{ if you meant a literal brace.',
    ],
    [
      'a {very long group|that never ends, at all',
      'Unclosed "{" at character 3: "{very long group|that ne…". Close it with "}", or write \\{ if you meant a literal brace.',
    ],
    [
      'a red} cat',
      'Unmatched "}" at character 6: "a red}". Remove it, or write \\} if you meant a literal brace.',
    ],
    [
      '{a|b}} and {c',
      'Unmatched "}" at character 6: "{a|b}}". Remove it, or write \\} if you meant a literal brace.',
    ],
    [
      'masterpiece, best quality}}',
      'Unmatched "}" at character 26: "…asterpiece, best quality}". Remove it, or write \\} if you meant a literal brace.',
    ],
    [
      '🦊🦊 {a|b',
      'Unclosed "{" at character 4: "{a|b". Close it with "}", or write \\{ if you meant a literal brace.',
    ],
    // quotes: 24 characters from an unclosed `{`, 24 before an unmatched `}`, … where cut
    [
      `{${'x'.repeat(23)}`,
      `Unclosed "{" at character 1: "{${'x'.repeat(23)}". Close it with "}", or write \\{ if you meant a literal brace.`,
    ],
    [
      `{${'x'.repeat(24)}`,
      `Unclosed "{" at character 1: "{${'x'.repeat(23)}…". Close it with "}", or write \\{ if you meant a literal brace.`,
    ],
    [
      `${'x'.repeat(24)}}`,
      `Unmatched "}" at character 25: "${'x'.repeat(24)}}". Remove it, or write \\} if you meant a literal brace.`,
    ],
    [
      `${'x'.repeat(25)}}`,
      `Unmatched "}" at character 26: "…${'x'.repeat(24)}}". Remove it, or write \\} if you meant a literal brace.`,
    ],
  ])('refuses the unbalanced %j, saying where', (prompt, problem) => {
    expect(expandWildcards(prompt, lists)).toEqual({ variants: [], missing: [], problem, count: 0 })
  })

  it('refuses unknown and empty lists anywhere, naming each once in order, and makes nothing', () => {
    expect(expandWildcards('__nope__ {a|b} __empty__ __nope__ __animal__', lists)).toEqual({
      variants: [],
      missing: ['nope', 'empty'],
      problem: null,
      count: 0,
    })
    expect(expandWildcards('a {__nope__|plain} cat', lists)).toEqual({
      variants: [],
      missing: ['nope'],
      problem: null,
      count: 0,
    })
    expect(expandWildcards('{x|{__animal__|{__gone__}}}', lists).missing).toEqual(['gone'])
  })

  it('reports both an unbalanced brace and the lists it found, before and after it', () => {
    const e = expandWildcards('{__nope__|a', lists)
    expect(e.missing).toEqual(['nope'])
    expect(e.problem).toMatch(/^Unclosed "\{" at character 1: /)
    expect(e.variants).toEqual([])
    const after = expandWildcards('__gone__ a} __animal__ __nope__ __empty__', lists)
    expect(after.missing).toEqual(['gone', 'nope', 'empty'])
    expect(after.problem).toMatch(/^Unmatched "\}" at character 11: /)
  })

  it('builds variants up to the limit and only counts beyond it', () => {
    expect(texts('{a|b} {c|d}', 4)).toHaveLength(4)
    expect(expandWildcards('{a|b} {c|d}', lists, 3)).toEqual({
      variants: [],
      missing: [],
      problem: null,
      count: 4,
    })
    // 10 × 10 × 10 × 10 = 10,000 with the default limit of MAX_BATCH
    const ten = `{${'0123456789'.split('').join('|')}}`
    const big = expandWildcards(`${ten}${ten}${ten}${ten}`, lists)
    expect(big).toEqual({ variants: [], missing: [], problem: null, count: 10_000 })
    expect(10_000).toBeGreaterThan(MAX_BATCH)
    expect(texts(`${ten}${ten}${ten}`)).toHaveLength(MAX_BATCH)
    // nested: 1 + 10 × 10 leaves in the first group, times 10
    expect(expandWildcards(`{x|${ten}${ten}}${ten}`, lists, 1010).count).toBe(1010)
    expect(texts(`{x|${ten}${ten}}${ten}`, 1010)).toHaveLength(1010)
  })

  it('counts an astronomical prompt at once, without building it', () => {
    const ten = `{${'0123456789'.split('').join('|')}}`
    const started = performance.now()
    const e = expandWildcards(ten.repeat(30), lists)
    expect(e.count / 1e30).toBeCloseTo(1, 10)
    expect(e.variants).toEqual([])
    expect(performance.now() - started).toBeLessThan(timeBudgetMs(500))
  })

  describe('a prompt of hostile depth is refused at once, without recursion', () => {
    const deep = 10_000
    const timed = (prompt: string) => {
      const started = performance.now()
      const e = expandWildcards(prompt, lists)
      expect(performance.now() - started).toBeLessThan(timeBudgetMs(50))
      return e
    }
    const braces = '{'.repeat(24)
    it.each<[string, string, number, string]>([
      ['10,000 unclosed braces', '{'.repeat(deep), 101, braces],
      ['10,000 levels of emphasis', `${'{'.repeat(deep)}fox${'}'.repeat(deep)}`, 101, braces],
      ['10,000 nested groups', `${'{a|'.repeat(deep)}b${'}'.repeat(deep)}`, 301, '{a|'.repeat(8)],
      ['a group in 10,000 emphases', `${'{'.repeat(deep)}{a|b}${'}'.repeat(deep)}`, 101, braces],
    ])('refuses %s at the 101st level', (_, prompt, at, quoted) => {
      const e = timed(prompt)
      expect(e).toEqual({
        variants: [],
        missing: [],
        problem: `Braces nest more than ${MAX_NESTING} deep at character ${at}: "${quoted}…". Nest them less, or write \\{ for a literal brace.`,
        count: 0,
      })
    })

    it('refuses 10,000 unmatched closing braces at the first', () => {
      expect(timed('}'.repeat(deep)).problem).toMatch(/^Unmatched "\}" at character 1: "\}"/)
    })

    it('keeps 100 levels of emphasis, and expands 100 nested groups to their 101 leaves', () => {
      const emphasis = `${'{'.repeat(MAX_NESTING)}fox${'}'.repeat(MAX_NESTING)}`
      expect(timed(emphasis).variants).toEqual([{ text: emphasis, picks: [] }])
      const nested = timed(`${'{a|'.repeat(MAX_NESTING)}b${'}'.repeat(MAX_NESTING)}`)
      expect(nested.variants.map((v) => v.text)).toEqual([...Array(MAX_NESTING).fill('a'), 'b'])
      const inside = `${'{'.repeat(MAX_NESTING - 1)}{a|b}${'}'.repeat(MAX_NESTING - 1)}`
      expect(timed(inside).variants.map((v) => v.picks)).toEqual([['a'], ['b']])
    })
  })

  it('never throws, and on random brace soup makes balanced text or nothing', () => {
    let state = 42
    const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31)
    const alphabet = ['{', '}', '|', '\\', '_', '_', 'a', 'b', ' ', '__animal__', '__nope__']
    const balanced = (text: string) => {
      let depth = 0
      for (const c of text) {
        depth += c === '{' ? 1 : c === '}' ? -1 : 0
        if (depth < 0) return false
      }
      return depth === 0
    }
    let made = 0
    for (let i = 0; i < 2000; i++) {
      const prompt = Array.from(
        { length: next() % 24 },
        () => alphabet[next() % alphabet.length],
      ).join('')
      const e = expandWildcards(prompt, lists)
      expect(e.variants.length).toBe(e.count)
      const refused = e.problem !== null || e.missing.length > 0
      if (refused) expect(e.count).toBe(0)
      else expect(e.count).toBeGreaterThan(0)
      const picks = new Set(e.variants.map((v) => v.picks.length))
      expect(picks.size).toBeLessThanOrEqual(1)
      for (const v of e.variants) {
        expect(v.text).not.toContain('__nope__')
        if (!prompt.includes('\\')) expect(balanced(v.text), `${prompt} → ${v.text}`).toBe(true)
      }
      made += e.variants.length
    }
    expect(made).toBeGreaterThan(500)
  })
})

describe('wildcardNamesIn', () => {
  it.each<[string, string[]]>([
    ['__a__ __b_c__ __a__ __z-1__', ['a', 'b_c', 'z-1']],
    ['__my_red-ish_list__ __x__y__', ['my_red-ish_list', 'x']],
    ['no lists {a|b}', []],
    ['__ __ ____ __a b__', []],
    ['___d__', ['d']],
    ['{__x__|{y|__z__}} __x__', ['x', 'z']],
    ['{__x__|', ['x']],
    // reading stops at an unmatched `}` or a brace nested too deep, but the names are all found
    ['__x__} __y__ ___z__ __x__', ['x', 'y', 'z']],
    ['}__x__', ['x']],
    [`__x__${'{'.repeat(101)}__y__`, ['x', 'y']],
  ])('%j', (prompt, names) => {
    expect(wildcardNamesIn(prompt)).toEqual(names)
  })
})
