import { ManualClock } from '@main/adapters/clock/ManualClock'
import { RequestBudget } from '@main/services/tasks/scheduler/RequestBudget'
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
