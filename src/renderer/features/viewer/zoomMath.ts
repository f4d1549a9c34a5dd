/**
 * Pure zoom and pan arithmetic for the viewer and the compare panes, kept apart from React so the
 * rules (zoom keeps the point under the cursor fixed, the image can never be dragged out of
 * sight, scale stays within 5 %–1600 %) are unit-tested directly.
 *
 * Two coordinate systems:
 * - a {@link Placement} is pixels: the image drawn at `scale` times its natural size with its
 *   top-left corner at (x, y) inside the viewport;
 * - a {@link ZoomView} is resolution-independent (zoom as a multiple of "fit", centre as image
 *   fractions), so one view can drive several panes whose images differ in size (compare).
 */

export interface Size {
  width: number
  height: number
}

export interface Point {
  x: number
  y: number
}

/** The image drawn at `scale` × natural size, top-left corner at (x, y) in viewport pixels. */
export interface Placement {
  scale: number
  x: number
  y: number
}

/**
 * What the user chose, independent of pane and image size: `zoom` is a multiple of the fit scale
 * (1 = fit), or 'actual' for 100 % (one image pixel per CSS pixel); (cx, cy) is the point of the
 * image, as fractions of its width and height, shown at the centre of the viewport.
 */
export interface ZoomView {
  zoom: number | 'actual'
  cx: number
  cy: number
}

/** 5 %: smaller is a speck. */
export const MIN_SCALE = 0.05
/** 1600 %: enough to count pixels of a 4K image. */
export const MAX_SCALE = 16

/** The default view: the whole image, centred. */
export const FIT_VIEW: ZoomView = { zoom: 1, cx: 0.5, cy: 0.5 }

/** 100 %, centred. */
export const ACTUAL_VIEW: ZoomView = { zoom: 'actual', cx: 0.5, cy: 0.5 }

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v))

const usable = (s: Size) => s.width > 0 && s.height > 0

/** Keeps a scale inside [MIN_SCALE, MAX_SCALE]. */
export const clampScale = (scale: number): number =>
  clamp(Number.isFinite(scale) ? scale : 1, MIN_SCALE, MAX_SCALE)

/**
 * The scale at which the whole image fits the viewport (contain), within the scale limits. An
 * unmeasured viewport or image (0 × 0, before layout or load) counts as 1.
 */
export function fitScale(natural: Size, viewport: Size): number {
  if (!usable(natural) || !usable(viewport)) return 1
  return clampScale(Math.min(viewport.width / natural.width, viewport.height / natural.height))
}

/** Whether a view is "fit" (the default; double-click goes from here to 100 %). */
export const isFit = (view: ZoomView): boolean => view.zoom === 1

/** The pixel scale a view means for one image in one viewport. */
export function scaleOf(view: ZoomView, natural: Size, viewport: Size): number {
  return view.zoom === 'actual' ? 1 : clampScale(view.zoom * fitScale(natural, viewport))
}

/**
 * Keeps the image findable: along an axis where it is smaller than the viewport it is centred;
 * where it is larger, no gap may open between its edge and the viewport's edge.
 */
export function clampPlacement(p: Placement, natural: Size, viewport: Size): Placement {
  const axis = (pos: number, length: number, room: number) => {
    const drawn = length * p.scale
    return drawn <= room ? (room - drawn) / 2 : clamp(pos, room - drawn, 0)
  }
  return {
    scale: p.scale,
    x: axis(p.x, natural.width, viewport.width),
    y: axis(p.y, natural.height, viewport.height),
  }
}

/**
 * Changes the scale so that the image point under `at` (viewport pixels) stays under it: what a
 * wheel zoom around the cursor does. Not clamped in position (see clampPlacement); the scale is.
 */
export function zoomAt(p: Placement, scale: number, at: Point): Placement {
  const next = clampScale(scale)
  const ix = (at.x - p.x) / p.scale
  const iy = (at.y - p.y) / p.scale
  return { scale: next, x: at.x - ix * next, y: at.y - iy * next }
}

/** Where a view puts an image in a viewport, clamped. */
export function placementOf(view: ZoomView, natural: Size, viewport: Size): Placement {
  const scale = scaleOf(view, natural, viewport)
  const raw = {
    scale,
    x: viewport.width / 2 - view.cx * natural.width * scale,
    y: viewport.height / 2 - view.cy * natural.height * scale,
  }
  return clampPlacement(raw, natural, viewport)
}

/**
 * The view a placement shows, so other panes (other image sizes) can show the same. `keepActual`
 * keeps a 100 % view pinned to 100 % (a pan at 100 % stays at 100 % when the window resizes).
 */
export function viewOf(p: Placement, natural: Size, viewport: Size, keepActual = false): ZoomView {
  if (!usable(natural)) return FIT_VIEW
  const fit = fitScale(natural, viewport)
  const cx = (viewport.width / 2 - p.x) / (natural.width * p.scale)
  const cy = (viewport.height / 2 - p.y) / (natural.height * p.scale)
  return {
    zoom: keepActual && p.scale === 1 ? 'actual' : p.scale / fit,
    cx: clamp(cx, 0, 1),
    cy: clamp(cy, 0, 1),
  }
}

/** Zooms a view by `factor` around a viewport point (the viewport centre when omitted). */
export function zoomViewBy(
  view: ZoomView,
  factor: number,
  natural: Size,
  viewport: Size,
  at: Point = { x: viewport.width / 2, y: viewport.height / 2 },
): ZoomView {
  const p = placementOf(view, natural, viewport)
  const zoomed = zoomAt(p, p.scale * factor, at)
  return viewOf(clampPlacement(zoomed, natural, viewport), natural, viewport)
}

/** Moves a view by a drag of (dx, dy) viewport pixels, clamped so the image stays in sight. */
export function panViewBy(
  view: ZoomView,
  dx: number,
  dy: number,
  natural: Size,
  viewport: Size,
): ZoomView {
  const p = placementOf(view, natural, viewport)
  const moved = clampPlacement({ ...p, x: p.x + dx, y: p.y + dy }, natural, viewport)
  return viewOf(moved, natural, viewport, view.zoom === 'actual')
}

/**
 * The wheel's zoom factor: one notch (deltaY ±100 pixels, or ±3 lines) is about ×1.2, a
 * trackpad's small deltas zoom smoothly. Up (negative delta) zooms in.
 */
export function wheelFactor(deltaY: number, deltaMode = 0): number {
  const pixels = deltaMode === 1 ? deltaY * 33 : deltaMode === 2 ? deltaY * 800 : deltaY
  return Math.exp(-clamp(pixels, -400, 400) * 0.0018)
}
