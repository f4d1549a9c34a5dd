import { type DiffPart, diffWords, tokenize } from '@renderer/features/compare/diffWords'
import { describe, expect, it } from 'vitest'

/** A diff written compactly: "=same", "-removed", "+added", parts trimmed of their spaces. */
const compact = (parts: DiffPart[]) =>
  parts.map((p) => `${p.op === 'same' ? '=' : p.op === 'del' ? '-' : '+'}${p.text.trim()}`)

/** The words of one side, rebuilt from the parts (whitespace normalised). */
const side = (parts: DiffPart[], drop: 'add' | 'del') =>
  parts
    .filter((p) => p.op !== drop)
    .map((p) => p.text)
    .join('')
    .replace(/\s+/g, ' ')
    .trim()

const words = (s: string) => tokenize(s).map((t) => t.word)

describe('diffWords', () => {
  it.each([
    ['identical', 'a red fox', 'a red fox', ['=a red fox']],
    ['both empty', '', '', []],
    ['all added', '', 'a fox', ['+a fox']],
    ['all removed', 'a fox', '', ['-a fox']],
    [
      'one word replaced',
      'a red fox at dawn',
      'a blue fox at dawn',
      ['=a', '-red', '+blue', '=fox at dawn'],
    ],
    ['added at the start', 'fox', 'a fox', ['+a', '=fox']],
    ['added at the end', 'a fox', 'a fox, running', ['=a fox', '+, running']],
    ['removed in the middle', 'a big red fox', 'a fox', ['=a', '-big red', '=fox']],
    ['punctuation is its own token', 'fox, red', 'fox. red', ['=fox', '-,', '+.', '=red']],
    ['spacing alone is no difference', 'a  red\nfox', 'a red fox', ['=a red fox']],
    ['case matters', 'Fox', 'fox', ['-Fox', '+fox']],
    [
      'weights in brackets',
      '{{fox}}, 1girl',
      '{fox}, 1girl',
      ['={', '-{', '=fox', '-}', '=}, 1girl'],
    ],
    [
      'moved word is a removal and an addition',
      'red fox blue sky',
      'blue sky red fox',
      ['-red fox', '=blue sky', '+red fox'],
    ],
  ])('%s', (_name, a, b, expected) => {
    const diff = diffWords(a, b)
    expect(diff.complete).toBe(true)
    expect(compact(diff.parts)).toEqual(expected)
  })

  it('keeps words with apostrophes and hyphens whole', () => {
    expect(words("don't look, well-lit room")).toEqual(["don't", 'look', ',', 'well-lit', 'room'])
    expect(words('ça, 東京 駅')).toEqual(['ça', ',', '東京', '駅'])
  })

  it('always rebuilds both sides from its parts (a shortest script on random edits)', () => {
    let seed = 7
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n)
    const vocab = ['fox', 'red', 'blue', 'sky', ',', 'a', 'the', 'cat']
    for (let round = 0; round < 200; round++) {
      const a = Array.from({ length: rand(12) }, () => vocab[rand(vocab.length)]).join(' ')
      const b = Array.from({ length: rand(12) }, () => vocab[rand(vocab.length)]).join(' ')
      const { parts, complete } = diffWords(a, b)
      expect(complete).toBe(true)
      expect(side(parts, 'add')).toBe(words(a).join(' '))
      expect(side(parts, 'del')).toBe(words(b).join(' '))
      // Shortest: the kept words are a longest common subsequence (checked by a plain DP).
      const wa = words(a)
      const wb = words(b)
      const lcs = Array.from({ length: wa.length + 1 }, () =>
        new Array<number>(wb.length + 1).fill(0),
      )
      for (let i = 1; i <= wa.length; i++)
        for (let j = 1; j <= wb.length; j++)
          lcs[i]![j] =
            wa[i - 1] === wb[j - 1]
              ? lcs[i - 1]![j - 1]! + 1
              : Math.max(lcs[i - 1]![j]!, lcs[i]![j - 1]!)
      const kept = parts.filter((p) => p.op === 'same').flatMap((p) => words(p.text)).length
      expect(kept).toBe(lcs[wa.length]![wb.length])
    }
  })

  it('diffs two similar 40,000-character prompts quickly and exactly', () => {
    const base = Array.from({ length: 6000 }, (_, i) => `w${i % 997}`).join(' ')
    const a = `${base} middle ${base}`.slice(0, 40_000)
    const b = a.replace(' middle ', ' centre ').replace('w5 ', 'w5 extra ')
    expect(a.length).toBeGreaterThan(39_000)
    const t0 = performance.now()
    const diff = diffWords(a, b)
    expect(performance.now() - t0).toBeLessThan(1000)
    expect(diff.complete).toBe(true)
    expect(
      diff.parts.filter((p) => p.op !== 'same').map((p) => `${p.op}:${p.text.trim()}`),
    ).toEqual(['add:extra', 'del:middle', 'add:centre'])
  })

  it('gives up in bounded time on two unrelated 40,000-character prompts', () => {
    const a = Array.from({ length: 8000 }, (_, i) => `a${i}`)
      .join(' ')
      .slice(0, 40_000)
    const b = Array.from({ length: 8000 }, (_, i) => `b${i}`)
      .join(' ')
      .slice(0, 40_000)
    const t0 = performance.now()
    const diff = diffWords(`same ${a} end`, `same ${b} end`)
    expect(performance.now() - t0).toBeLessThan(1500)
    expect(diff.complete).toBe(false)
    expect(diff.parts.map((p) => p.op)).toEqual(['same', 'del', 'add', 'same'])
    expect(side(diff.parts, 'add')).toBe(words(`same ${a} end`).join(' '))
  })

  it('honours a small edit bound', () => {
    expect(diffWords('a b c', 'x y z', { maxEdits: 2 })).toEqual({
      parts: [
        { op: 'del', text: 'a b c' },
        { op: 'add', text: 'x y z' },
      ],
      complete: false,
    })
  })
})
