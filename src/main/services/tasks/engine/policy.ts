import { DEFAULT_POLL_POLICY, type PollPolicy } from '../scheduler/pollPlan'
import { type BudgetOptions, DEFAULT_BUDGET } from '../scheduler/RequestBudget'

/** Every timing of the engine in one place (tests shrink them; the benchmark reports them). */
export interface EnginePolicy {
  poll: PollPolicy
  budget: BudgetOptions
  /** Backoff after timeouts, disconnects and 5xx: base·2^n with full jitter, capped. */
  retryBaseMs: number
  retryMaxMs: number
  /** Wait after generation_pending (unless the server says how long), growing to the cap. */
  pendingBaseMs: number
  pendingMaxMs: number
  /** Re-check for an address and key this often while none is configured. */
  offlineWaitMs: number
  /** A workbench stream silent for this long (no event, not even a keepalive) is reconnected. */
  sseIdleMs: number
  sseReconnectBaseMs: number
  sseReconnectMaxMs: number
  /** Times expired result links are renewed (same key) before the user is asked. */
  maxLinkRenewals: number
  /** Bad downloads (truncated, wrong bytes) retried before the links are renewed. */
  maxBadDownloads: number
  /**
   * Unusable answers (malformed, unsafe, too large) or unexpected exceptions in a row before the
   * task stops as "needs attention": a deterministic bad answer is never retried forever.
   */
  maxBadAnswers: number
  /** Tasks running at least this long get an OS notification when they finish. */
  longTaskMs: number
}

/**
 * What a caller may change (Settings, the benchmark, tests): any timing, and within `poll` and
 * `budget` any single field; the engine fills in every other from the defaults.
 */
export type EnginePolicyOverrides = Partial<Omit<EnginePolicy, 'poll' | 'budget'>> & {
  poll?: Partial<PollPolicy>
  budget?: Partial<BudgetOptions>
}

export const DEFAULT_ENGINE_POLICY: EnginePolicy = {
  poll: DEFAULT_POLL_POLICY,
  budget: DEFAULT_BUDGET,
  retryBaseMs: 2_000,
  retryMaxMs: 60_000,
  pendingBaseMs: 5_000,
  pendingMaxMs: 60_000,
  offlineWaitMs: 15_000,
  sseIdleMs: 45_000,
  sseReconnectBaseMs: 1_000,
  sseReconnectMaxMs: 30_000,
  maxLinkRenewals: 3,
  maxBadDownloads: 4,
  maxBadAnswers: 3,
  longTaskMs: 30_000,
}

/** Exponential backoff with "equal jitter": half fixed, half random, so it never collapses to 0. */
export function backoff(baseMs: number, maxMs: number, attempt: number, random: number): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1))
  return Math.round(ceiling / 2 + (ceiling / 2) * random)
}
