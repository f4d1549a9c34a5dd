import { getEventListeners } from 'node:events'

import { ManualClock } from '@main/adapters/clock/ManualClock'
import { type BudgetOptions, RequestBudget } from '@main/services/tasks/scheduler/RequestBudget'
import { describe, expect, it } from 'vitest'

describe('request budget', () => {
  it('bounds the rate for any number of waiters (token bucket)', async () => {
    const clock = new ManualClock()
    const budget = new RequestBudget(clock, { ratePerSec: 2, burst: 4 })
    const granted: number[] = []
    const start = clock.now()
    for (let i = 0; i < 40; i++)
      void budget.acquire('a').then(() => granted.push(clock.now() - start))
    await clock.advance(30_000)
    expect(granted).toHaveLength(40)
    // 4 at once (burst), then one every 500 ms.
    expect(granted.slice(0, 4)).toEqual([0, 0, 0, 0])
    expect(granted[39]).toBeGreaterThanOrEqual(17_500)
    for (let i = 5; i < granted.length; i++)
      expect(granted[i]! - granted[i - 1]!).toBeGreaterThanOrEqual(490)
  })

  it('grants nothing inside a Retry-After window, and slows down after a 429', async () => {
    const clock = new ManualClock()
    const budget = new RequestBudget(clock, { ratePerSec: 2, burst: 2 })
    await budget.acquire('a')
    budget.rateLimited('a', 10_000)
    const pausedUntil = budget.pausedUntil('a')
    expect(pausedUntil).toBe(clock.now() + 10_000)
    const granted: number[] = []
    for (let i = 0; i < 5; i++) void budget.acquire('a').then(() => granted.push(clock.now()))
    await clock.advance(9_999)
    expect(granted).toEqual([])
    await clock.advance(30_000)
    expect(granted).toHaveLength(5)
    expect(Math.min(...granted)).toBeGreaterThanOrEqual(pausedUntil)
    expect(budget.rate('a')).toBeLessThan(2)
    // Other accounts are not paused.
    let other = false
    void budget.acquire('b').then(() => (other = true))
    await clock.advance(0)
    expect(other).toBe(true)
  })

  it('recovers its rate step by step after the 429s stop', async () => {
    const clock = new ManualClock()
    const budget = new RequestBudget(clock, {
      ratePerSec: 2,
      decreaseFactor: 0.5,
      recoverEveryMs: 20_000,
      recoverStep: 0.25,
    })
    budget.rateLimited('a', 0)
    expect(budget.rate('a')).toBe(1)
    await clock.advance(60_000)
    await budget.acquire('a')
    expect(budget.rate('a')).toBe(1.75)
  })

  it('a 429 to a single probe after a pause (a server-wide storm) does not slow down again', async () => {
    const clock = new ManualClock()
    const budget = new RequestBudget(clock, {
      ratePerSec: 2,
      decreaseFactor: 0.5,
      recoverEveryMs: 60_000,
    })
    for (let i = 0; i < 3; i++) await budget.acquire('a')
    budget.rateLimited('a', 10_000)
    expect(budget.rate('a')).toBe(1)
    const probe = budget.acquire('a')
    await clock.advance(10_000)
    await probe
    budget.rateLimited('a', 10_000)
    expect(budget.rate('a')).toBe(1)
    expect(budget.stats.penalties).toBe(1)
  })

  it('drops an aborted waiter and rejects everything on close', async () => {
    const clock = new ManualClock()
    const budget = new RequestBudget(clock, { ratePerSec: 1, burst: 1 })
    await budget.acquire('a')
    const abort = new AbortController()
    const aborted = budget.acquire('a', abort.signal)
    abort.abort()
    await expect(aborted).rejects.toMatchObject({ error: { code: 'cancelled' } })
    const waiting = budget.acquire('a')
    budget.close()
    await expect(waiting).rejects.toMatchObject({ error: { code: 'cancelled' } })
  })
})

/** Grant times (ms after the start) of `n` requests queued at once, after `ms` of virtual time. */
async function grantTimes(clock: ManualClock, budget: RequestBudget, n: number, ms: number) {
  const start = clock.now()
  const times: number[] = []
  for (let i = 0; i < n; i++) void budget.acquire('a').then(() => times.push(clock.now() - start))
  await clock.advance(ms)
  return times
}

/** The rate of a fresh account `quietMs` after a 429, as the next request finds it. */
async function rateAfter429(options: Partial<BudgetOptions>, quietMs: number): Promise<number> {
  const clock = new ManualClock()
  const budget = new RequestBudget(clock, options)
  budget.rateLimited('a', 0)
  await clock.advance(quietMs)
  void budget.acquire('a').catch(() => {})
  const rate = budget.rate('a')
  budget.close()
  return rate
}

describe('request budget: exact pacing, pauses and recovery (issue #32)', () => {
  it('after the burst, each request goes the moment its token is whole: never later', async () => {
    const clock = new ManualClock()
    const budget = new RequestBudget(clock, { ratePerSec: 2, burst: 2 })
    expect(await grantTimes(clock, budget, 6, 5_000)).toEqual([0, 0, 500, 1_000, 1_500, 2_000])
    expect(budget.stats.granted).toBe(6)
    expect(budget.waiting('a')).toBe(0)
  })

  it('a quiet spell refills the bucket up to the burst, not beyond', async () => {
    const clock = new ManualClock()
    const budget = new RequestBudget(clock, { ratePerSec: 2, burst: 3 })
    await grantTimes(clock, budget, 3, 0)
    await clock.advance(60_000)
    // Three back to back (a full bucket), the fourth half a second later: not 120 tokens saved.
    expect(await grantTimes(clock, budget, 4, 2_000)).toEqual([0, 0, 0, 500])
  })

  it('a 429 without Retry-After pauses the account two seconds; a shorter one never shortens a pause', async () => {
    const clock = new ManualClock()
    const budget = new RequestBudget(clock)
    const t0 = clock.now()
    budget.rateLimited('a', null)
    expect(budget.pausedUntil('a')).toBe(t0 + 2_000)
    budget.rateLimited('a', 10_000)
    budget.rateLimited('a', 1_000)
    expect(budget.pausedUntil('a')).toBe(t0 + 10_000)
    // A negative Retry-After (a clock skew) is no pause, never one in the past.
    const other = new RequestBudget(clock)
    other.rateLimited('b', -5_000)
    expect(other.pausedUntil('b')).toBe(clock.now())
    expect(budget.stats.pauses).toBe(3)
    expect(budget.pausedUntil('never-used')).toBe(0)
    expect(budget.waiting('never-used')).toBe(0)
    expect(budget.rate('never-used')).toBe(2)
  })

  it('after a 429 the bucket is empty: requests after the pause go at the rate, not in a burst', async () => {
    const clock = new ManualClock()
    const budget = new RequestBudget(clock, { ratePerSec: 2, burst: 4, decreaseFactor: 1 })
    budget.rateLimited('a', 1_000)
    // Paused 1 s, during which the empty bucket refills 2 tokens: two at once, then every 500 ms.
    expect(await grantTimes(clock, budget, 4, 10_000)).toEqual([1_000, 1_000, 1_500, 2_000])
  })

  it('a penalty lowers the rate to the floor at most; quiet steps give it back up to the configured rate, not past it', async () => {
    const options = {
      ratePerSec: 2,
      minRatePerSec: 0.5,
      decreaseFactor: 0.1,
      recoverEveryMs: 1_000,
      recoverStep: 1,
    }
    expect(await rateAfter429(options, 0)).toBe(0.5)
    expect(await rateAfter429(options, 999)).toBe(0.5)
    // A whole quiet step: one step back; a long quiet spell: the full rate and no more.
    expect(await rateAfter429(options, 1_000)).toBe(1.5)
    expect(await rateAfter429(options, 60_000)).toBe(2)
  })

  it('recovery counts whole quiet steps from the last one it gave back', async () => {
    const clock = new ManualClock()
    const budget = new RequestBudget(clock, {
      ratePerSec: 2,
      decreaseFactor: 0.25,
      minRatePerSec: 0.25,
      recoverEveryMs: 1_000,
      recoverStep: 0.25,
    })
    budget.rateLimited('a', 0)
    expect(budget.rate('a')).toBe(0.5)
    await clock.advance(1_500)
    await budget.acquire('a')
    expect(budget.rate('a')).toBe(0.75)
    // 2 s after the 429: the second step (due at 2 s), not steps counted again from the 429.
    await clock.advance(500)
    void budget.acquire('a').catch(() => {})
    expect(budget.rate('a')).toBe(1)
    budget.close()
  })

  it('429s within a second of a penalty answer requests already in flight: one penalty', async () => {
    const clock = new ManualClock()
    const budget = new RequestBudget(clock, { ratePerSec: 100, burst: 8, decreaseFactor: 0.5 })
    for (let i = 0; i < 4; i++) await budget.acquire('a')
    budget.rateLimited('a', 0)
    expect(budget.rate('a')).toBe(50)
    await grantTimes(clock, budget, 2, 1_000)
    budget.rateLimited('a', 0)
    expect(budget.rate('a')).toBe(50)
    await grantTimes(clock, budget, 2, 1_001)
    budget.rateLimited('a', 0)
    expect(budget.rate('a')).toBe(25)
    expect(budget.stats.penalties).toBe(2)
  })

  it('an aborted waiter takes no grant: the one behind it gets its place', async () => {
    const clock = new ManualClock()
    const budget = new RequestBudget(clock, { ratePerSec: 1, burst: 1 })
    await budget.acquire('a')
    const abort = new AbortController()
    const first = budget.acquire('a', abort.signal)
    const second = budget.acquire('a').then(() => clock.now())
    const t0 = clock.now()
    expect(budget.waiting('a')).toBe(2)
    abort.abort()
    await expect(first).rejects.toMatchObject({ error: { code: 'cancelled' } })
    expect(budget.waiting('a')).toBe(1)
    await clock.advance(1_000)
    expect(await second).toBe(t0 + 1_000)
    expect(budget.stats.granted).toBe(2)
  })

  it('a request whose signal already aborted, or made after close, is refused at once', async () => {
    const clock = new ManualClock()
    const budget = new RequestBudget(clock)
    await expect(budget.acquire('a', AbortSignal.abort())).rejects.toMatchObject({
      error: { code: 'cancelled' },
    })
    expect(budget.stats.granted).toBe(0)
    budget.close()
    await expect(budget.acquire('a')).rejects.toMatchObject({ error: { code: 'cancelled' } })
    expect(budget.waiting('a')).toBe(0)
  })

  it('leaves no listener on a driver’s signal after a grant or close (a long task acquires often)', async () => {
    const clock = new ManualClock()
    const budget = new RequestBudget(clock, { ratePerSec: 1, burst: 1 })
    const driver = new AbortController()
    for (let i = 0; i < 3; i++) {
      const granted = budget.acquire('a', driver.signal)
      await clock.advance(1_000)
      await granted
    }
    expect(getEventListeners(driver.signal, 'abort')).toHaveLength(0)
    // The bucket holds one token: one request goes now, the next waits until close.
    await budget.acquire('a', driver.signal)
    const pending = budget.acquire('a', driver.signal)
    expect(getEventListeners(driver.signal, 'abort')).toHaveLength(1)
    budget.close()
    await expect(pending).rejects.toMatchObject({ error: { code: 'cancelled' } })
    expect(getEventListeners(driver.signal, 'abort')).toHaveLength(0)
  })

  it('a request that finds part of a token waits only for the rest of it', async () => {
    const clock = new ManualClock()
    const budget = new RequestBudget(clock, { ratePerSec: 1, burst: 1 })
    await budget.acquire('a')
    await clock.advance(500)
    // Half a token saved: the next grant comes half a second later, at 1 s, not 1.5 s.
    expect(await grantTimes(clock, budget, 1, 5_000)).toEqual([500])
  })

  it('one account’s waiters share one wait: fifty queued requests keep one timer, not fifty', async () => {
    const clock = new ManualClock()
    const budget = new RequestBudget(clock, { ratePerSec: 1, burst: 1 })
    const granted: number[] = []
    for (let i = 0; i < 50; i++)
      void budget.acquire('a').then(
        () => granted.push(i),
        () => {},
      )
    await clock.advance(0)
    expect(clock.pending).toBe(1)
    await clock.advance(10_000)
    expect(clock.pending).toBe(1)
    expect(granted).toEqual([...Array(11).keys()])
    budget.close()
  })
})
