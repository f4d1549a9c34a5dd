/** Options of `startSimulator`, their defaults, and the scaled timings derived from them. */
import type { AccountConfig, AccountName } from './accounts'

export interface SimulatorOptions {
  /** API port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number
  /** CDN port on 127.0.0.1; 0 (default) picks a free one. */
  cdnPort?: number
  /**
   * Multiplies every simulated duration (video and workbench progress, response latency,
   * stream pacing). 1 is realistic-ish; tests use 0.01 or less. TTLs are not scaled.
   */
  timeScale?: number
  /** Seeds identifiers, fault decisions and random art seeds (default 1). */
  seed?: number
  /** Lifetime of signed CDN URLs in ms (default 15 minutes). */
  cdnUrlTtlMs?: number
  /** Lifetime of workbench quotes in ms (default 10 minutes). */
  quoteTtlMs?: number
  /** Per-key fixed-window rate limit; off by default. */
  rateLimit?: { requests: number; windowMs: number } | null
  /** Interval of SSE keepalive events in ms, not scaled (default 15 s). */
  keepaliveMs?: number
  /** GET /v1/videos/{id}/content answers 302 to a signed CDN URL instead of the bytes. */
  videoContentRedirect?: boolean
  /** Per-account overrides of the documented accounts. */
  accounts?: Partial<Record<AccountName, Partial<AccountConfig>>>
  /** Unscaled base durations in ms (multiplied by timeScale). */
  timings?: Partial<Timings>
  /** Clock (ms since epoch); injectable for expiry tests. */
  now?: () => number
}

export interface Timings {
  /** Latency of images, native and text requests. */
  imageMs: number
  nativeMs: number
  textMs: number
  /** Delay between streamed chat deltas. */
  textChunkMs: number
  videoQueuedMs: number
  videoRunMs: number
  workbenchQueuedMs: number
  /** Time between workbench previews (three previews, then done). */
  workbenchStepMs: number
}

export const DEFAULT_TIMINGS: Timings = {
  imageMs: 1500,
  nativeMs: 2000,
  textMs: 400,
  textChunkMs: 40,
  videoQueuedMs: 5000,
  videoRunMs: 30000,
  workbenchQueuedMs: 1000,
  workbenchStepMs: 1500,
}

export interface ResolvedOptions {
  port: number
  cdnPort: number
  timeScale: number
  seed: number
  cdnUrlTtlMs: number
  quoteTtlMs: number
  rateLimit: { requests: number; windowMs: number } | null
  keepaliveMs: number
  videoContentRedirect: boolean
  timings: Timings
  now: () => number
}

export function resolveOptions(o: SimulatorOptions): ResolvedOptions {
  const timeScale = o.timeScale ?? 1
  if (!(timeScale >= 0) || !Number.isFinite(timeScale))
    throw new RangeError('timeScale must be ≥ 0')
  const base = { ...DEFAULT_TIMINGS, ...o.timings }
  const timings = Object.fromEntries(
    Object.entries(base).map(([k, v]) => [k, Math.round(v * timeScale)]),
  ) as unknown as Timings
  return {
    port: o.port ?? 0,
    cdnPort: o.cdnPort ?? 0,
    timeScale,
    seed: o.seed ?? 1,
    cdnUrlTtlMs: o.cdnUrlTtlMs ?? 15 * 60_000,
    quoteTtlMs: o.quoteTtlMs ?? 10 * 60_000,
    rateLimit: o.rateLimit ?? null,
    keepaliveMs: o.keepaliveMs ?? 15_000,
    videoContentRedirect: o.videoContentRedirect ?? false,
    timings,
    now: o.now ?? Date.now,
  }
}
