import { cancelledFailure, type Clock } from './Clock'

interface Timer {
  at: number
  seq: number
  fire: () => void
}

/** Lets every pending promise continuation (and one turn of I/O callbacks) run. */
export const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

/**
 * A virtual clock: `sleep` registers a timer and `advance` moves time forward, firing timers in
 * order and letting the code they wake run before the next one. Deterministic when seeded.
 */
export class ManualClock implements Clock {
  private time: number
  private seq = 0
  private timers: Timer[] = []
  private seed: number

  constructor(start = 1_700_000_000_000, seed = 42) {
    this.time = start
    this.seed = seed >>> 0 || 1
  }

  now(): number {
    return this.time
  }

  /** xorshift32: reproducible jitter for tests and the benchmark. */
  random(): number {
    let x = this.seed
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    this.seed = x >>> 0
    return this.seed / 0x1_0000_0000
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(cancelledFailure())
      const timer: Timer = {
        at: this.time + Math.max(0, ms),
        seq: this.seq++,
        fire: () => {
          signal?.removeEventListener('abort', onAbort)
          resolve()
        },
      }
      const onAbort = () => {
        this.timers = this.timers.filter((t) => t !== timer)
        reject(cancelledFailure())
      }
      signal?.addEventListener('abort', onAbort, { once: true })
      this.timers.push(timer)
    })
  }

  /** Number of sleeps waiting. */
  get pending(): number {
    return this.timers.length
  }

  /** When the next timer fires, or null when none waits. */
  nextAt(): number | null {
    let best: Timer | null = null
    for (const t of this.timers)
      if (!best || t.at < best.at || (t.at === best.at && t.seq < best.seq)) best = t
    return best ? best.at : null
  }

  private takeNext(limit: number): Timer | null {
    let best: Timer | null = null
    for (const t of this.timers) {
      if (t.at > limit) continue
      if (!best || t.at < best.at || (t.at === best.at && t.seq < best.seq)) best = t
    }
    if (best) this.timers = this.timers.filter((t) => t !== best)
    return best
  }

  /** Moves time forward by `ms`, firing every timer due on the way, in order. */
  async advance(ms: number): Promise<void> {
    const target = this.time + ms
    await settle()
    for (;;) {
      const next = this.takeNext(target)
      if (!next) break
      this.time = Math.max(this.time, next.at)
      next.fire()
      await settle()
    }
    this.time = target
    await settle()
  }

  /**
   * Advances in steps until `done()` holds or `maxMs` of virtual time passed; returns the virtual
   * time spent. Jumps straight to the next timer, so idle stretches cost nothing.
   */
  async runUntil(done: () => boolean, maxMs: number): Promise<number> {
    const start = this.time
    await settle()
    while (!done() && this.time - start < maxMs) {
      const at = this.nextAt()
      const step = at === null ? maxMs - (this.time - start) : Math.max(0, at - this.time)
      await this.advance(Math.min(step, maxMs - (this.time - start)))
      if (at === null) break
    }
    return this.time - start
  }
}
