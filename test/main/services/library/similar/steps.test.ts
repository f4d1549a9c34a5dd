import {
  FIRST_PIECE,
  inSteps,
  PIECE,
  startClock,
  STEP_MS,
} from '@main/services/library/similar/steps'
import { afterEach, describe, expect, it, vi } from 'vitest'

afterEach(() => vi.restoreAllMocks())

/**
 * Runs a pass of `total` entries through inSteps on a clock that moves only when the body works:
 * `costOf(from)` ms an entry. Returns the pieces the body was given and the time each step held.
 */
function pass(total: number, costOf: (entry: number) => number) {
  let now = 0
  vi.spyOn(performance, 'now').mockImplementation(() => now)
  const pieces: number[] = []
  const steps = inSteps(startClock(), total, (from, to) => {
    pieces.push(to - from)
    for (let i = from; i < to; i++) now += costOf(i)
  })
  const held: number[] = []
  for (;;) {
    const before = now
    const done = steps.next().done
    held.push(now - before)
    if (done) break
  }
  return { pieces, held, covered: pieces.reduce((a, b) => a + b, 0) }
}

describe('inSteps (main’s thread in steps)', () => {
  it('starts a pass with a small piece and grows it to PIECE while the pieces are quick', () => {
    const { pieces, covered } = pass(100_000, () => 0.0001)
    expect(covered).toBe(100_000)
    expect(pieces[0]).toBe(FIRST_PIECE)
    expect(Math.max(...pieces)).toBe(PIECE)
    for (let i = 1; i < pieces.length - 1; i++)
      expect(pieces[i]).toBeGreaterThanOrEqual(pieces[i - 1]!)
  })

  it('holds main for about a step even while the loop is slow at first (not yet optimised)', () => {
    // The first 20,000 entries cost 5 µs each (interpreted), the rest 0.05 µs: a fixed piece of
    // 4,096 held main for 20 ms at once.
    const { held, covered } = pass(200_000, (i) => (i < 20_000 ? 0.005 : 0.00005))
    expect(covered).toBe(200_000)
    // A step ends once past STEP_MS: it can overrun by at most one piece, at most 4× the last one
    // that fit, so by well under a step more.
    expect(Math.max(...held)).toBeLessThanOrEqual(2 * STEP_MS)
  })

  it('takes a smaller piece again after a piece that took longer than a step', () => {
    // Quick at first (the pieces grow to PIECE), then 10 µs an entry from entry 20,000 on.
    const { pieces } = pass(60_000, (i) => (i < 20_000 ? 0.0001 : 0.01))
    const slowFrom = pieces.findIndex(
      (_, k) => pieces.slice(0, k + 1).reduce((a, b) => a + b) > 20_000,
    )
    expect(pieces[slowFrom]).toBe(PIECE)
    expect(pieces[slowFrom + 1]).toBe(PIECE / 4)
    expect(pieces.at(-2)).toBe(FIRST_PIECE)
  })
})
