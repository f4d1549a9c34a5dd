/**
 * The engine's backoff (engine/policy.ts): how long a task waits before it re-sends with the same
 * key, re-polls or reconnects. Half of each wait is fixed, so a run of failures never hammers the
 * service at random 0 ms waits; it doubles per attempt up to the cap.
 */
import { backoff, DEFAULT_ENGINE_POLICY } from '@main/services/tasks/engine/policy'
import { describe, expect, it } from 'vitest'

describe('backoff', () => {
  it.each([
    // attempt, random → wait (base 2 s, cap 60 s)
    [1, 0, 1_000],
    [1, 1, 2_000],
    [1, 0.5, 1_500],
    [2, 0, 2_000],
    [2, 1, 4_000],
    [3, 0.25, 5_000],
    [5, 1, 32_000],
    [6, 1, 60_000],
    [6, 0, 30_000],
    [40, 1, 60_000],
    // An attempt below 1 waits as the first.
    [0, 1, 2_000],
    [-3, 0, 1_000],
  ])('attempt %d with random %d waits %d ms', (attempt, random, ms) => {
    expect(backoff(2_000, 60_000, attempt, random)).toBe(ms)
  })

  it('rounds to whole milliseconds', () => {
    expect(backoff(3, 100, 1, 0.5)).toBe(2)
    expect(backoff(1_000, 60_000, 1, 1 / 3)).toBe(667)
  })

  it('never waits longer than the cap, whatever the attempt', () => {
    for (let attempt = 1; attempt < 30; attempt++)
      expect(backoff(2_000, 60_000, attempt, 1)).toBeLessThanOrEqual(60_000)
  })

  it('defaults: every retry waits a while and grows to a cap above its base', () => {
    const p = DEFAULT_ENGINE_POLICY
    for (const [base, max] of [
      [p.retryBaseMs, p.retryMaxMs],
      [p.pendingBaseMs, p.pendingMaxMs],
      [p.sseReconnectBaseMs, p.sseReconnectMaxMs],
    ] as const) {
      expect(base).toBeGreaterThan(0)
      expect(max).toBeGreaterThan(base)
    }
    expect(p.maxBadAnswers).toBeGreaterThan(0)
    expect(p.maxLinkRenewals).toBeGreaterThan(0)
  })
})
