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
 * it the space is MAX_SPACE tall and a scroll position `top` shows the grid from `top × ratio`,
 * so the last scroll position shows the last row (ratio = what the grid can scroll over what the
 * space can). Rows keep their real height; only the thumb moves faster.
 */
export interface ScrollSpace {
  /** Height of the scrolled box, px. */
  space: number
  /** Grid px per scroll px (1 when the grid fits). */
  ratio: number
}

export function scrollSpace(full: number, viewport: number): ScrollSpace {
  if (full <= MAX_SPACE || viewport >= MAX_SPACE) return { space: full, ratio: 1 }
  return { space: MAX_SPACE, ratio: (full - viewport) / (MAX_SPACE - viewport) }
}
