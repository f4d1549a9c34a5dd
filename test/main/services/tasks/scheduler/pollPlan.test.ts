import {
  capFor,
  DEFAULT_POLL_POLICY as P,
  nextPollDelay,
  predictFinish,
} from '@main/services/tasks/scheduler/pollPlan'
import { describe, expect, it } from 'vitest'

describe('poll plan', () => {
  it('polls first after five seconds', () => {
    expect(nextPollDelay(P, { startedAt: 0, polls: 0, samples: [] }, 0, 0.5)).toBe(5_000)
  })

  it('backs off with jitter up to the cap for the task’s age', () => {
    const delays = [1, 2, 3, 4, 5, 6, 8, 12].map((polls) =>
      nextPollDelay(P, { startedAt: 0, polls, samples: [] }, 60_000, 0.5),
    )
    for (let i = 1; i < delays.length; i++)
      expect(delays[i]!).toBeGreaterThanOrEqual(delays[i - 1]!)
    expect(delays[0]).toBe(5_000)
    expect(delays.at(-1)).toBe(capFor(P, 60_000))
    // Jitter spreads tasks that started together: ±20 %.
    const low = nextPollDelay(P, { startedAt: 0, polls: 3, samples: [] }, 60_000, 0)
    const high = nextPollDelay(P, { startedAt: 0, polls: 3, samples: [] }, 60_000, 0.999)
    expect(low).toBe(Math.round(5_000 * 1.5 ** 2 * 0.8))
    expect(high).toBeGreaterThan(Math.round(5_000 * 1.5 ** 2 * 1.19))
  })

  it('long tasks are asked less often', () => {
    expect(capFor(P, 0)).toBe(12_000)
    expect(capFor(P, 11 * 60_000)).toBe(30_000)
    expect(capFor(P, 2 * 60 * 60_000)).toBe(60_000)
  })

  it('predicts the finish from the progress line', () => {
    expect(predictFinish([])).toBeNull()
    expect(predictFinish([{ at: 10_000, progress: 0.1 }])).toBeNull()
    expect(
      predictFinish([
        { at: 10_000, progress: 0.1 },
        { at: 20_000, progress: 0.2 },
      ]),
    ).toBeCloseTo(100_000)
    // Flat or unknown progress gives no prediction.
    expect(
      predictFinish([
        { at: 10_000, progress: 0.2 },
        { at: 20_000, progress: 0.2 },
      ]),
    ).toBeNull()
  })

  it('aims the next poll just after the predicted finish when that is sooner than the backoff', () => {
    const samples = [
      { at: 10_000, progress: 0.1 },
      { at: 20_000, progress: 0.2 },
      { at: 95_000, progress: 0.95 },
    ]
    // Predicted finish 100 s; at 95 s the next poll comes at ~100.5 s, not after the 12 s cap.
    expect(nextPollDelay(P, { startedAt: 0, polls: 6, samples }, 95_000, 0.5)).toBe(5_500)
    // Past the prediction (the last answer was lost): re-ask after 3 s, then back off again.
    expect(nextPollDelay(P, { startedAt: 0, polls: 7, samples }, 103_000, 0.5)).toBe(3_000)
    // At 100 % but not completed yet (finalising): 3 s, then 4.5 s, 6.75 s, ... up to the cap.
    const done = [...samples, { at: 101_000, progress: 1 }]
    expect(nextPollDelay(P, { startedAt: 0, polls: 8, samples: done }, 101_000, 0.5)).toBe(3_000)
    const still = [...done, { at: 104_000, progress: 1 }, { at: 108_500, progress: 1 }]
    expect(nextPollDelay(P, { startedAt: 0, polls: 10, samples: still }, 108_500, 0.5)).toBe(6_750)
  })

  // Issue #18: with startedAt 0 the age and the clock are the same number, which hid
  // `now - startedAt` → `now + startedAt` (every task would be polled at most once a minute).
  it('measures the task’s age from when it started, with a real wall clock', () => {
    const startedAt = Date.parse('2026-11-24T10:00:00Z')
    const delay = (ageMs: number, polls = 12) =>
      nextPollDelay(P, { startedAt, polls, samples: [] }, startedAt + ageMs, 0.5)
    expect(delay(2 * 60_000)).toBe(12_000)
    expect(delay(20 * 60_000)).toBe(30_000)
    expect(delay(2 * 60 * 60_000)).toBe(60_000)
    expect(delay(2 * 60_000, 2)).toBe(7_500)
  })

  // Issue #18: mutants of the cap table, the progress line and the stall count survived.
  it('caps: the first row applies below its own age, each row from its age on, 30 s without rows', () => {
    expect(capFor({ ...P, caps: [] }, 0)).toBe(30_000)
    const caps = [
      [1_000, 7_000],
      [5_000, 9_000],
    ] as const
    expect(capFor({ ...P, caps }, 500)).toBe(7_000)
    expect(capFor({ ...P, caps }, 4_999)).toBe(7_000)
    expect(capFor({ ...P, caps }, 5_000)).toBe(9_000)
    expect(capFor(P, 10 * 60_000 - 1)).toBe(12_000)
    expect(capFor(P, 10 * 60_000)).toBe(30_000)
  })

  it('the progress line starts at the last answer that still said 0 and ignores unknown progress', () => {
    // Queued for a while at 0, then running: the line runs from the last 0, not the first.
    expect(
      predictFinish([
        { at: 0, progress: 0 },
        { at: 1_000, progress: 0 },
        { at: 2_000, progress: 0.5 },
      ]),
    ).toBeCloseTo(3_000)
    // Reset to 0 (the server started over): the line restarts there.
    expect(
      predictFinish([
        { at: 0, progress: 0.1 },
        { at: 1_000, progress: 0 },
        { at: 2_000, progress: 0.2 },
      ]),
    ).toBeCloseTo(6_000)
    // An answer without progress at the end changes nothing.
    expect(
      predictFinish([
        { at: 0, progress: 0 },
        { at: 1_000, progress: 0.5 },
        { at: 2_000, progress: null },
      ]),
    ).toBeCloseTo(2_000)
    // Two answers at the same moment draw no line; still 0 draws none; over 100 % is now.
    expect(
      predictFinish([
        { at: 1_000, progress: 0.2 },
        { at: 1_000, progress: 0.5 },
      ]),
    ).toBeNull()
    expect(predictFinish([{ at: 1_000, progress: 0 }])).toBeNull()
    expect(
      predictFinish([
        { at: 0, progress: 0 },
        { at: 1_000, progress: 1.2 },
      ]),
    ).toBe(1_000)
  })

  it('past the predicted finish, each answer that repeats the progress lengthens the re-poll', () => {
    const samples = [
      { at: 0, progress: 0 },
      { at: 5_000, progress: 0.2 },
      { at: 10_000, progress: 0.5 },
      { at: 25_000, progress: 0.5 },
    ]
    // The line (0 → 50 % over 25 s) predicts 50 s; at 60 s it is overdue, stalled once: 3 s × 1.5.
    expect(predictFinish(samples)).toBeCloseTo(50_000)
    expect(nextPollDelay(P, { startedAt: 0, polls: 4, samples }, 60_000, 0.5)).toBe(4_500)
    const moved = [...samples.slice(0, 3), { at: 25_000, progress: 0.6 }]
    expect(nextPollDelay(P, { startedAt: 0, polls: 4, samples: moved }, 60_000, 0.5)).toBe(3_000)
  })
})
