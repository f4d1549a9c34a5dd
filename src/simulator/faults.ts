/**
 * Fault injection, per route and deterministic by seed: tests describe what should go wrong
 * ("reset the next POST /v1/videos after the charge") and the simulator does exactly that.
 */
import type { Prng } from './prng'

export type FaultKind =
  /** Close the connection without a response. Default phase 'after': the work and the charge happened. */
  | 'reset'
  /** Send the headers and part of the body (`afterBytes`, default half), then reset. */
  | 'reset-mid-body'
  /** No bytes for `stallMs`: before the handler (default) or, with afterBytes/afterEvents, mid-body. */
  | 'stall'
  /** Answer `status` (default 500) instead; 429/503 carry Retry-After `retryAfterSeconds`. */
  | 'status'
  /** Declare the full Content-Length, send only `afterBytes` (default half), then end the connection. */
  | 'truncate'
  /** Drop an SSE stream after `afterEvents` events (default 1). */
  | 'sse-drop'
  /** The next quote checked on this route counts as expired. */
  | 'expire-quote'
  /** The next CDN request answers as if its signed URL had expired. */
  | 'expire-cdn-url'

export interface FaultRule {
  kind: FaultKind
  /** 'api' (default) or 'cdn'. */
  target?: 'api' | 'cdn'
  /**
   * `METHOD /path` or `/path`, with `*` matching any characters; default every route.
   * Examples: 'POST /v1/images/generations', 'GET /v1/videos/*', '/files/*'.
   */
  route?: string
  /** How many times the rule fires (default 1; Infinity for always). */
  times?: number
  /** Chance per matching request, decided by the seeded generator (default 1). */
  probability?: number
  phase?: 'before' | 'after'
  status?: number
  retryAfterSeconds?: number
  stallMs?: number
  afterBytes?: number
  afterEvents?: number
}

export interface FiredFault {
  kind: FaultKind
  target: 'api' | 'cdn'
  method: string
  path: string
  at: number
}

interface ActiveRule {
  id: number
  rule: FaultRule
  remaining: number
  pattern: RegExp
}

const globToRegExp = (route: string): RegExp => {
  const escaped = route.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')
  return new RegExp(`^${escaped}$`)
}

/** The phase a rule applies in when it does not say. */
export const phaseOf = (r: FaultRule): 'before' | 'after' =>
  r.phase ??
  (r.kind === 'status' ||
  (r.kind === 'stall' && r.afterBytes === undefined && r.afterEvents === undefined)
    ? 'before'
    : 'after')

export class Faults {
  private rules: ActiveRule[] = []
  private nextId = 1
  private readonly log: FiredFault[] = []

  constructor(
    private readonly prng: Prng,
    private readonly now: () => number,
  ) {}

  /** Adds a rule; the handle removes it early. */
  inject(rule: FaultRule): { id: number; remove: () => void } {
    const route = rule.route ?? '*'
    const withMethod = /^[A-Z]+ /.test(route) ? route : `* ${route}`
    const active: ActiveRule = {
      id: this.nextId++,
      rule,
      remaining: rule.times ?? 1,
      pattern: globToRegExp(withMethod),
    }
    this.rules.push(active)
    return { id: active.id, remove: () => (this.rules = this.rules.filter((r) => r !== active)) }
  }

  clear(): void {
    this.rules = []
  }

  /** Faults that fired, oldest first. */
  fired(): FiredFault[] {
    return [...this.log]
  }

  /** Consumes and returns the first matching rule of one of `kinds` in `phase`, or null. */
  take(
    target: 'api' | 'cdn',
    method: string,
    path: string,
    kinds: readonly FaultKind[],
    phase?: 'before' | 'after',
  ): FaultRule | null {
    const subject = `${method} ${path}`
    for (const r of this.rules) {
      if ((r.rule.target ?? 'api') !== target || !kinds.includes(r.rule.kind)) continue
      if (phase && phaseOf(r.rule) !== phase) continue
      if (r.remaining <= 0 || !r.pattern.test(subject)) continue
      if ((r.rule.probability ?? 1) < 1 && this.prng.next() >= (r.rule.probability ?? 1)) continue
      r.remaining--
      if (r.remaining <= 0) this.rules = this.rules.filter((x) => x !== r)
      this.log.push({ kind: r.rule.kind, target, method, path, at: this.now() })
      return r.rule
    }
    return null
  }
}
