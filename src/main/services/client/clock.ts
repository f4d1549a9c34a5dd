import { AppFailure } from '@shared/result'

/**
 * Time and randomness behind an interface, so retry/backoff and progress throttling are tested
 * by recording the sleeps they ask for instead of really waiting.
 */
export interface Clock {
  now(): number
  /** Resolves after `ms`; rejects with a `cancelled` AppFailure as soon as `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>
  /** Uniform in [0, 1); used for backoff jitter. */
  random(): number
}

/** The AppFailure every aborted operation of the client ends with. */
export const cancelledFailure = (): AppFailure =>
  new AppFailure({ code: 'cancelled', message: 'The request was cancelled.' })

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
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort)
        resolve()
      }, ms)
      signal?.addEventListener('abort', onAbort, { once: true })
    }),
}
