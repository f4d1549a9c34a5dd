import {
  batchOf,
  ftsQuery,
  type FullRow,
  inKeyOrder,
  parseParams,
} from '@main/services/library/index/indexRows'
import { describe, expect, it } from 'vitest'

/** The row mapping's edges: what a typed search becomes, stored JSON read back, write order. */
describe('indexRows', () => {
  it('reads typed words in their compatibility form, so full-width letters find plain ones', () => {
    expect(ftsQuery('ｆｏｘ　２')).toBe(ftsQuery('fox 2'))
    expect(ftsQuery('ﬁsh')).toBe(ftsQuery('fish'))
    expect(ftsQuery(' ,;- ')).toBeNull()
  })

  it('reads at most 16 words of what was typed', () => {
    const words = Array.from({ length: 20 }, (_, i) => `w${i}`)
    expect(ftsQuery(words.join(' '))).toBe(ftsQuery(words.slice(0, 16).join(' ')))
    expect(ftsQuery(words.join(' '))).not.toBe(ftsQuery(words.slice(0, 15).join(' ')))
  })

  it('reads a batch cell back, losing only picks that are damaged or not text', () => {
    const row = (picks: string | null) =>
      ({
        batch_id: 'b-1',
        batch_index: 3,
        batch_x: 'x',
        batch_y: null,
        batch_repeat: 2,
        batch_picks: picks,
      }) as FullRow
    expect(batchOf(row('["a",1,"b",null]'))!.picks).toEqual(['a', 'b'])
    expect(batchOf(row('{"a":1}'))!.picks).toEqual([])
    expect(batchOf(row('not json'))!.picks).toEqual([])
    expect(batchOf(row(null))).toEqual({
      batchId: 'b-1',
      index: 3,
      x: 'x',
      y: null,
      repeat: 2,
      picks: [],
    })
    expect(batchOf({ ...row('[]'), batch_id: null })).toBeNull()
  })

  it('reads stored params back as an object, and anything else as none', () => {
    expect(parseParams('{"steps":4}')).toEqual({ steps: 4 })
    for (const text of ['[1,2]', 'null', '7', '"s"', '{broken'])
      expect(parseParams(text)).toEqual({})
  })

  it('orders rows by creation time, stable for ties, an unreadable time first', () => {
    const r = (name: string, created: string) => ({ name, sidecar: { created } })
    const rows = [
      r('c', '2025-03-01T00:00:00Z'),
      r('a', '2025-01-01T00:00:00Z'),
      r('bad', 'not a date'),
      r('b1', '2025-02-01T00:00:00Z'),
      r('b2', '2025-02-01T00:00:00Z'),
    ]
    expect(inKeyOrder(rows).map((x) => x.name)).toEqual(['bad', 'a', 'b1', 'b2', 'c'])
    expect(inKeyOrder([rows[0]!, rows[1]!]).map((x) => x.name)).toEqual(['a', 'c'])
    const one = [r('only', 'x')]
    expect(inKeyOrder(one)).toBe(one)
  })
})
