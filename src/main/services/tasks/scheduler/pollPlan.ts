/**
 * When to poll a server task next. The spec asks for a five-second start and backoff; on top of
 * that, when the server reports progress, the next poll is aimed at the moment the progress line
 * says the task will finish, so a finished video is noticed within seconds while a long one is
 * asked about rarely. Pure functions of the history: tested directly on numbers.
 */

export interface PollPolicy {
  /** The first poll after the server accepted the task. */
  firstMs: number
  /** Growth of the interval per poll without completion. */
  factor: number
  /** ± share of random jitter on every interval, so tasks started together spread out. */
  jitter: number
  /** Shortest interval between two polls of one task. */
  minMs: number
  /** Longest interval, by task age: [age from which it applies, cap]. Sorted by age. */
  caps: ReadonlyArray<readonly [number, number]>
  /** After the predicted finish passed without completion: the first re-poll. */
  overdueMs: number
}

export const DEFAULT_POLL_POLICY: PollPolicy = {
  firstMs: 5_000,
  factor: 1.5,
  jitter: 0.2,
  minMs: 2_000,
  caps: [
    [0, 12_000],
    [10 * 60_000, 30_000],
    [60 * 60_000, 60_000],
  ],
  overdueMs: 3_000,
}

/** One answer of the server: when it came and the progress it reported (0..1 or null). */
export interface ProgressSample {
  at: number
  progress: number | null
}

export interface PollHistory {
  /** When the server accepted the task. */
  startedAt: number
  /** Polls made so far (0 before the first). */
  polls: number
  samples: readonly ProgressSample[]
}

/** The longest interval for a task of this age. */
export function capFor(policy: PollPolicy, ageMs: number): number {
  let cap = policy.caps[0]?.[1] ?? 30_000
  for (const [from, value] of policy.caps) if (ageMs >= from) cap = value
  return cap
}

/**
 * Predicted finishing time from the progress line, or null when progress is unknown or flat. The
 * line runs from the last answer that still said 0 (the task had not started; the engine adds
 * the moment the server accepted it) or else the first that moved, to the latest answer: one
 * moving answer is enough to aim the next poll.
 */
export function predictFinish(samples: readonly ProgressSample[]): number | null {
  const known = samples.filter((s): s is { at: number; progress: number } => s.progress !== null)
  const last = known[known.length - 1]
  if (!last) return null
  const first =
    known[
      Math.max(
        0,
        known.findLastIndex((s) => s.progress <= 0),
      )
    ]!
  if (last.progress <= first.progress || last.at <= first.at) return null
  const perMs = (last.progress - first.progress) / (last.at - first.at)
  // At or past 100 % (finalising, or a server that over-reports): the finish is now.
  return last.at + Math.max(0, 1 - last.progress) / perMs
}

/**
 * How many answers in a row before the last one repeated its progress (0 when it moved). Only
 * asked once there is a progress line, so there are at least two answers.
 */
function stalled(samples: readonly ProgressSample[]): number {
  const last = samples[samples.length - 1]!
  return samples.length - 2 - samples.findLastIndex((s) => s.progress !== last.progress)
}

/** The delay from `now` to the next poll. `random` is uniform in [0, 1). */
export function nextPollDelay(
  policy: PollPolicy,
  history: PollHistory,
  now: number,
  random: number,
): number {
  if (history.polls === 0) return policy.firstMs
  const cap = capFor(policy, now - history.startedAt)
  const grown = Math.min(cap, policy.firstMs * policy.factor ** (history.polls - 1))
  const jittered = grown * (1 - policy.jitter + 2 * policy.jitter * random)
  const finish = predictFinish(history.samples)
  let delay = jittered
  if (finish !== null) {
    const remaining = finish - now
    if (remaining > 0) {
      // Aim just after the predicted finish, but never wait longer than the backoff would.
      delay = Math.min(jittered, remaining + 500)
    } else {
      // Past the predicted finish: re-ask soon, backing off while the progress stands still.
      delay = Math.min(jittered, policy.overdueMs * policy.factor ** stalled(history.samples))
    }
  }
  return Math.round(Math.max(policy.minMs, Math.min(cap * (1 + policy.jitter), delay)))
}
