import type SharpModule from 'sharp'

let cached: typeof SharpModule | null = null

/**
 * sharp (libvips) takes ~60 ms to load; requiring it on first use keeps that cost off app
 * start-up, where the window is waiting for main to finish evaluating.
 */
export function loadSharp(): typeof SharpModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- deliberately lazy, see above
  cached ??= require('sharp') as typeof SharpModule
  return cached
}
