import type SharpModule from 'sharp'

import { CORES, THUMB_JOBS, vipsThreads } from './thumbJobs'

let cached: typeof SharpModule | null = null

/**
 * sharp (libvips) takes ~60 ms to load; requiring it on first use keeps that cost off app
 * start-up, where the window is waiting for main to finish evaluating. On first use it also
 * gives each picture the libvips threads the cores allow (thumbJobs.ts).
 */
export function loadSharp(): typeof SharpModule {
  if (cached) return cached
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- deliberately lazy, see above
  cached = require('sharp') as typeof SharpModule
  // Only ever raised: where sharp already uses every core per picture (macOS, musl), it stays.
  const threads = vipsThreads(CORES, THUMB_JOBS)
  if (cached.concurrency() < threads) cached.concurrency(threads)
  return cached
}
