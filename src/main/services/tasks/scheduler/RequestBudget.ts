import { cancelledFailure, type Clock } from '../../../adapters/clock/Clock'

export interface BudgetOptions {
  /** Sustained requests per second for one account, all tasks together. */
  ratePerSec: number
  /** Requests that may go out back to back after a quiet spell. */
  burst: number
  /** The rate never drops below this after 429s. */
  minRatePerSec: number
  /** After a 429 the rate is multiplied by this (multiplicative decrease). */
  decreaseFactor: number
  /** Each quiet `recoverEveryMs` without a 429 gives back this much rate (additive increase). */
  recoverStep: number
  recoverEveryMs: number
}

export const DEFAULT_BUDGET: BudgetOptions = {
  ratePerSec: 2,
  burst: 4,
  minRatePerSec: 0.25,
  decreaseFactor: 0.7,
  recoverStep: 0.2,
  recoverEveryMs: 5_000,
}

interface Waiter {
  resolve: () => void
  reject: (e: unknown) => void
  signal: AbortSignal | undefined
  onAbort: () => void
}

interface Account {
  tokens: number
  refilledAt: number
  rate: number
  lastPenaltyAt: number
  /** No request may start before this instant (Retry-After). */
  pausedUntil: number
  /** Requests granted since the last 429. */
  grantsSince429: number
  queue: Waiter[]
  pumping: boolean
}

/** What the budget did, for the benchmark and diagnostics. */
export interface BudgetStats {
  granted: number
  pauses: number
  penalties: number
}

/**
 * The global request budget of the task engine: a token bucket per account shared by every
 * task's polls, submissions, quotes and service downloads, so the request rate stays bounded no
 * matter how many tasks run. Waiters are served first come, first served. A Retry-After pauses
 * the whole account until it passes (nothing is granted inside the window), and each 429 halves
 * the rate, which then recovers step by step (AIMD, as TCP does).
 */
export class RequestBudget {
  private readonly accounts = new Map<string, Account>()
  readonly stats: BudgetStats = { granted: 0, pauses: 0, penalties: 0 }
  private readonly options: BudgetOptions
  private readonly closing = new AbortController()

  constructor(
    private readonly clock: Clock,
    options: Partial<BudgetOptions> = {},
  ) {
    this.options = { ...DEFAULT_BUDGET, ...options }
  }

  private account(id: string): Account {
    let a = this.accounts.get(id)
    if (!a) {
      a = {
        tokens: this.options.burst,
        refilledAt: this.clock.now(),
        rate: this.options.ratePerSec,
        lastPenaltyAt: -Infinity,
        pausedUntil: 0,
        grantsSince429: Infinity,
        queue: [],
        pumping: false,
      }
      this.accounts.set(id, a)
    }
    return a
  }

  private refill(a: Account, now: number): void {
    // Below the full rate there was a 429 (`lastPenaltyAt` is its time, or the last step given
    // back): each whole quiet step since gives back one step of rate (none before the first).
    if (a.rate < this.options.ratePerSec) {
      const steps = Math.floor((now - a.lastPenaltyAt) / this.options.recoverEveryMs)
      a.rate = Math.min(this.options.ratePerSec, a.rate + steps * this.options.recoverStep)
      a.lastPenaltyAt += steps * this.options.recoverEveryMs
    }
    const elapsed = Math.max(0, now - a.refilledAt)
    a.tokens = Math.min(this.options.burst, a.tokens + (elapsed / 1000) * a.rate)
    a.refilledAt = now
  }

  /** Resolves when this request may go out; rejects with `cancelled` if `signal` aborts first. */
  acquire(accountId: string, signal?: AbortSignal): Promise<void> {
    const a = this.account(accountId)
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted || this.closing.signal.aborted) return reject(cancelledFailure())
      const waiter: Waiter = {
        resolve,
        reject,
        signal,
        onAbort: () => {
          const i = a.queue.indexOf(waiter)
          // Stryker disable next-line ConditionalExpression: equivalent, the listener runs only while the waiter is queued (removed on grant and close)
          if (i >= 0) a.queue.splice(i, 1)
          reject(cancelledFailure())
        },
      }
      // Stryker disable next-line ObjectLiteral,BooleanLiteral: equivalent, an AbortSignal dispatches 'abort' at most once
      signal?.addEventListener('abort', waiter.onAbort, { once: true })
      a.queue.push(waiter)
      void this.pump(a)
    })
  }

  private async pump(a: Account): Promise<void> {
    if (a.pumping) return
    a.pumping = true
    try {
      while (a.queue.length > 0) {
        const now = this.clock.now()
        if (now < a.pausedUntil) {
          await this.clock.sleep(a.pausedUntil - now, this.closing.signal)
          continue
        }
        this.refill(a, now)
        if (a.tokens >= 1) {
          a.tokens -= 1
          a.grantsSince429++
          const w = a.queue.shift()!
          w.signal?.removeEventListener('abort', w.onAbort)
          this.stats.granted++
          w.resolve()
          continue
        }
        await this.clock.sleep(Math.ceil(((1 - a.tokens) / a.rate) * 1000), this.closing.signal)
      }
    } catch {
      // Closed: every waiter was rejected by close().
    } finally {
      a.pumping = false
    }
  }

  /**
   * The server said 429: no request to this account before `retryAfterMs` from now (or a short
   * default), and a lower rate afterwards.
   */
  rateLimited(accountId: string, retryAfterMs: number | null | undefined): void {
    const a = this.account(accountId)
    const now = this.clock.now()
    const wait = retryAfterMs ?? 2_000
    a.pausedUntil = Math.max(a.pausedUntil, now + Math.max(0, wait))
    this.stats.pauses++
    this.refill(a, now)
    // Slow down only when the 429 answers our own pace: not for the answers to requests already
    // in flight when the first 429 came, nor for a single probe after a pause (a server-wide storm).
    if (a.grantsSince429 > 1 && now - a.lastPenaltyAt > 1_000) {
      a.rate = Math.max(this.options.minRatePerSec, a.rate * this.options.decreaseFactor)
      this.stats.penalties++
    }
    a.lastPenaltyAt = now
    a.grantsSince429 = 0
    a.tokens = Math.min(a.tokens, 0)
  }

  /** Stops every wait: queued requests are rejected with `cancelled`. */
  close(): void {
    this.closing.abort()
    for (const a of this.accounts.values()) {
      for (const w of a.queue.splice(0)) {
        w.signal?.removeEventListener('abort', w.onAbort)
        w.reject(cancelledFailure())
      }
    }
  }

  /** Until when the account is paused (0 when it is not). */
  pausedUntil(accountId: string): number {
    return this.accounts.get(accountId)?.pausedUntil ?? 0
  }

  /** The account's current rate (requests per second). */
  rate(accountId: string): number {
    return this.accounts.get(accountId)?.rate ?? this.options.ratePerSec
  }

  /** Requests waiting for a grant. */
  waiting(accountId: string): number {
    return this.accounts.get(accountId)?.queue.length ?? 0
  }
}
