import type * as Undici from 'undici'

let cached: typeof Undici | null = null

/**
 * undici takes ~120 ms to load; requiring it on the first request keeps that cost off app
 * start-up (the window waits for main to finish evaluating).
 */
export function loadUndici(): typeof Undici {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- deliberately lazy, see above
  cached ??= require('undici') as typeof Undici
  return cached
}
