import { describe, expect, it } from 'vitest'

import { rand, syntheticSidecar } from '../../bench/support/syntheticLibrary'

/**
 * The library benches' figures are only as good as their library: a generator that cycles makes
 * a million items out of a few hundred, with one doclist per prompt and thousands of items on the
 * same millisecond. The old one did exactly that.
 */
describe('bench/support/syntheticLibrary', () => {
  it('draws a million values without falling into a cycle', () => {
    const seen = new Set<number>()
    for (let i = 0; i < 1_000_000; i++) seen.add(rand())
    // A full-period LCG mod 2^32 repeats no state within 2^32 draws.
    expect(seen.size).toBe(1_000_000)
  })

  it('makes items that differ: creation times and prompts as many as the items', () => {
    const start = Date.UTC(2023, 0, 1)
    const created = new Set<number>()
    const prompts = new Set<string>()
    const n = 20_000
    for (let i = 0; i < n; i++) {
      const at = start + Math.floor(rand() * 3 * 365 * 86_400_000)
      created.add(at)
      prompts.add(syntheticSidecar(i, at, 20).prompt)
    }
    expect(created.size).toBeGreaterThan(n * 0.99)
    expect(prompts.size).toBeGreaterThan(n * 0.99)
  })
})
