/**
 * Expanding the canvas (outpaint, issue #31): the picture is placed on a larger canvas (by side
 * amounts, or to a target aspect ratio) and the art model's infill paints the new area. This is
 * the geometry both sides share: the renderer draws it, main builds the padded image and its
 * mask from it, and the request's width and height follow the native endpoint's limits
 * (multiples of 64, at most 3,145,728 pixels and 3,072 on a side).
 */
import { NATIVE_LIMITS } from '../catalog/artModels'
import type { NativeRequest } from '../catalog/types'
import { msg } from '../i18n/message'
import { CROP_RATIOS, parseRatio } from './pictureEdits'

export type ExpandSpec =
  | { mode: 'sides'; left: number; right: number; top: number; bottom: number }
  | { mode: 'ratio'; ratio: string }

/** The canvas to send and where the original sits on it (send pixels). */
export interface ExpandPlan {
  width: number
  height: number
  x: number
  y: number
  w: number
  h: number
}

/** What `picture:expandPrepare` answers: the files to submit as the infill's image and mask. */
export interface ExpandPrepared {
  image: string
  mask: string
  plan: ExpandPlan
  /** The parent's size, for the view. */
  source: { width: number; height: number }
}

/** Largest amount on one side, as a multiple of the picture's side there. */
export const MAX_EXPAND_FACTOR = 2
/** The mask reaches this far into the original (send pixels), so the new area blends in. */
export const EXPAND_OVERLAP = 8

const M = NATIVE_LIMITS.multipleOf

/** The plan for expanding a `imgW` × `imgH` picture, or a message saying why it cannot be. */
export function planExpand(imgW: number, imgH: number, spec: ExpandSpec): ExpandPlan | string {
  let W: number
  let H: number
  let ox: number
  let oy: number
  if (spec.mode === 'sides') {
    const { left, right, top, bottom } = spec
    const sides = [left, right, top, bottom]
    if (!sides.every((n) => Number.isSafeInteger(n) && n >= 0)) return msg('expandWhole')
    if (sides.every((n) => n === 0)) return msg('expandNone')
    if (left + right > MAX_EXPAND_FACTOR * imgW || top + bottom > MAX_EXPAND_FACTOR * imgH)
      return msg('expandTooFar', { factor: MAX_EXPAND_FACTOR })
    W = imgW + left + right
    H = imgH + top + bottom
    ox = left
    oy = top
  } else {
    const r = parseRatio(spec.ratio)
    if (!r || !CROP_RATIOS.includes(spec.ratio)) return msg('ratioUnknown', { ratio: spec.ratio })
    const target = r[0] / r[1]
    const current = imgW / imgH
    if (Math.abs(target - current) < 0.01) return msg('ratioAlready', { ratio: spec.ratio })
    if (target > current) {
      W = Math.round(imgH * target)
      H = imgH
    } else {
      W = imgW
      H = Math.round(imgW / target)
    }
    if (W > (1 + MAX_EXPAND_FACTOR) * imgW || H > (1 + MAX_EXPAND_FACTOR) * imgH)
      return `${spec.ratio} is too far from this picture’s shape to expand to.`
    ox = Math.floor((W - imgW) / 2)
    oy = Math.floor((H - imgH) / 2)
  }
  // Scale the whole canvas into the endpoint's limits, sides in multiples of 64.
  const s = Math.min(
    1,
    Math.sqrt(NATIVE_LIMITS.maxPixels / (W * H)),
    NATIVE_LIMITS.maxSide / W,
    NATIVE_LIMITS.maxSide / H,
  )
  let width = Math.max(M, Math.round((W * s) / M) * M)
  let height = Math.max(M, Math.round((H * s) / M) * M)
  while (width * height > NATIVE_LIMITS.maxPixels || width > NATIVE_LIMITS.maxSide) width -= M
  while (width * height > NATIVE_LIMITS.maxPixels || height > NATIVE_LIMITS.maxSide) height -= M
  // The original keeps its shape (one scale); rounding slack goes to the sides being expanded.
  const k = Math.min(width / W, height / H)
  const w = Math.min(width, Math.max(1, Math.round(imgW * k)))
  const h = Math.min(height, Math.max(1, Math.round(imgH * k)))
  const share = (pad: number, all: number) => (all > 0 ? pad / all : 0.5)
  const x = Math.round(share(ox, W - imgW) * (width - w))
  const y = Math.round(share(oy, H - imgH) * (height - h))
  return { width, height, x, y, w, h }
}

/** What the user sets for an expand besides the geometry. */
export interface ExpandPrompt {
  prompt: string
  negativePrompt: string
  /** Native model id (art-diffusion-…). */
  model: string
  steps: number
  seed: number
}

/**
 * The native infill request for a plan (without the image and mask: main encodes the staged files
 * when sending). Strength 1: the masked area is painted anew; the unmasked picture is kept.
 */
export function expandRequest(plan: ExpandPlan, p: ExpandPrompt): NativeRequest {
  return {
    input: p.prompt,
    model: p.model,
    action: 'infill',
    parameters: {
      width: plan.width,
      height: plan.height,
      steps: p.steps,
      n_samples: 1,
      scale: 5,
      seed: p.seed,
      sampler: 'k_euler_ancestral',
      negative_prompt: p.negativePrompt,
      strength: 1,
      noise: 0,
    },
  }
}
