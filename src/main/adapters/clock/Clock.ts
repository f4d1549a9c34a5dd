import { AppFailure } from '@shared/result'

import { t } from '../../i18n'

/**
 * Time and randomness behind one interface, for everything that waits: retry backoff and
 * Retry-After in the client, poll intervals, the SSE watchdog and the request budget in the task
 * engine, progress throttling in downloads. Tests and the poll benchmark substitute ManualClock
 * (virtual time: hours of polling in milliseconds) or record the sleeps asked for.
 */
export interface Clock {
  now(): number
  /** Resolves after `ms`; rejects with a `cancelled` AppFailure as soon as `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>
  /** Uniform in [0, 1), for jitter. */
  random(): number
}

/** The AppFailure every aborted wait or request ends with. */
export const cancelledFailure = (): AppFailure =>
  new AppFailure({ code: 'cancelled', message: t('operationCancelled') })

/** Real time. */
export const systemClock: Clock = {
  now: () => Date.now(),
  random: () => Math.random(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(cancelledFailure())
      const onAbort = () => {
        clearTimeout(timer)
        reject(cancelledFailure())
      }
      const timer = setTimeout(
        () => {
          signal?.removeEventListener('abort', onAbort)
          resolve()
        },
        Math.max(0, ms),
      )
      signal?.addEventListener('abort', onAbort, { once: true })
    }),
}
