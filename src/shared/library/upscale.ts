/**
 * Local upscaling (issue #31): ×2 or ×4 on this machine, by a super-resolution model (slow, best)
 * or by Lanczos resampling (fast). Free: nothing is sent to the service. Each run is a job the
 * Tasks screen lists beside the service's tasks, with progress and a cancel.
 */
export const UPSCALE_SCALES = [2, 4] as const
export type UpscaleScaleChoice = (typeof UPSCALE_SCALES)[number]
export const UPSCALE_ENGINES = ['model', 'lanczos'] as const
export type UpscaleEngine = (typeof UPSCALE_ENGINES)[number]

/** Inputs this big or more are estimated (and the estimate shown) before the model starts. */
export const ESTIMATE_FROM_PIXELS = 512 * 512

/** How long the model would take, measured on this machine before starting. */
export interface UpscaleEstimate {
  width: number
  height: number
  outWidth: number
  outHeight: number
  /** Input pixels per second the model read on a probe tile just now. */
  pxPerSec: number
  seconds: number
}

export type UpscaleJobState = 'running' | 'saving' | 'done' | 'failed' | 'cancelled'

export interface UpscaleJobView {
  jobId: string
  itemId: string
  fileName: string
  scale: UpscaleScaleChoice
  engine: UpscaleEngine
  state: UpscaleJobState
  /** Tiles done and in all (1 of 1 for Lanczos). */
  done: number
  total: number
  startedAt: number
  updatedAt: number
  /** The estimate made before it started, when one was. */
  estimateSec: number | null
  /** The new item, once saved. */
  resultId: string | null
  message: string | null
}

/** "about 3 min", "about 40 s": an estimate, never more precise than it is. */
export function aboutDuration(seconds: number): string {
  if (seconds < 60) return `about ${Math.max(1, Math.round(seconds / 5) * 5 || 1)} s`
  if (seconds < 3600) return `about ${Math.round(seconds / 60)} min`
  return `about ${(seconds / 3600).toFixed(1)} h`
}
