/**
 * The most scroll space the grid lays out. Chromium clamps a box's size at about 33.5 million px
 * (33,554,428 px: https://github.com/dhilt/vscroll/issues/60, and
 * https://github.com/TanStack/virtual/issues/616), and some builds break scrolling from
 * 16,777,200 px on (https://github.com/inokawa/virtua/issues/832): at 1,000,000 items in rows of
 * six 200 px tiles the grid is 33 million px tall, and its oldest items could not be reached
 * (issue #33). Half of the lower limit keeps clear of both.
 */
export const MAX_SPACE = 8_000_000

/**
 * How the grid's full height maps onto the scroll space it lays out: 1:1 up to MAX_SPACE; past
 * it the space is MAX_SPACE tall, and the grid shown at scroll position `top` starts at
 * `top + offset` (grid px). Small moves (wheel, arrows, Page Down) keep the offset, so the tiles
 * move exactly with the scroll as in a small library and the browser moves them by itself
 * between renders; a jump (the thumb dragged, the scrubber, Home/End) maps the position
 * proportionally (`offset = top × (ratio − 1)`), so the whole grid is reachable, and the two
 * ends of the space show the two ends of the grid.
 */
export interface ScrollSpace {
  /** The grid's full height, px. */
  full: number
  /** Height of the scrolled box, px. */
  space: number
  /** The viewport's height, px. */
  viewport: number
  /** Grid px per scroll px of the proportional mapping (1 when the grid fits). */
  ratio: number
}

export function scrollSpace(full: number, viewport: number): ScrollSpace {
  if (full <= MAX_SPACE || viewport >= MAX_SPACE) return { full, space: full, viewport, ratio: 1 }
  return { full, space: MAX_SPACE, viewport, ratio: (full - viewport) / (MAX_SPACE - viewport) }
}

/** The offset after the scroll position moved from `prev` to `top` (see ScrollSpace). */
export function offsetAfterScroll(
  s: ScrollSpace,
  prev: number,
  top: number,
  offset: number,
): number {
  if (s.ratio === 1 || top <= 0) return 0
  const maxTop = s.space - s.viewport
  const lastTop = s.full - s.viewport
  if (top >= maxTop) return lastTop - top
  if (Math.abs(top - prev) > s.viewport) return top * (s.ratio - 1)
  return Math.min(lastTop - top, Math.max(-top, offset))
}

/** The scroll position and offset that show the grid from `target` (grid px). */
export function scrollTo(
  s: ScrollSpace,
  target: number,
  offset: number,
): { top: number; offset: number } {
  if (s.ratio === 1) return { top: target, offset: 0 }
  const maxTop = s.space - s.viewport
  const kept = target - offset
  if (kept > 0 && kept < maxTop) return { top: kept, offset }
  const top = Math.min(maxTop, Math.max(0, target / s.ratio))
  return { top, offset: target - top }
}
