import { invertMask } from './maskOps'

/**
 * The mask editor's undo and redo (issue #16), kept as the edits themselves rather than pixel
 * snapshots: a stroke is its points, size and tool, so a step costs bytes, not a copy of a mask
 * that may be 24 megapixels. Undo repaints the starting mask and replays what is left (drawOp),
 * the same calls the live stroke made, so the pixels come back exactly. The reducers are pure.
 */

export interface MaskPoint {
  x: number
  y: number
}

/** One edit: a brush or eraser stroke, a fill (Clear is a black fill), or an invert. */
export type MaskOp =
  | { kind: 'stroke'; paint: boolean; size: number; points: MaskPoint[] }
  | { kind: 'fill'; white: boolean }
  | { kind: 'invert' }

export interface MaskHistory {
  /** Edits on top of the starting mask, oldest first. */
  done: MaskOp[]
  /** Edits undone, the next redo last. */
  undone: MaskOp[]
}

/** Edits kept before the oldest are folded into the starting mask (replay stays quick). */
export const MAX_UNDO = 200
/** How many of the oldest edits are folded in at once (so folding is rare). */
export const FOLD = 100

export const emptyMaskHistory = (): MaskHistory => ({ done: [], undone: [] })

/**
 * Records an edit; redo is no longer possible. When the list grows past MAX_UNDO, its oldest FOLD
 * edits come back as `fold`: the caller paints them into its starting mask and forgets them.
 */
export function pushOp(h: MaskHistory, op: MaskOp): { history: MaskHistory; fold: MaskOp[] } {
  const done = [...h.done, op]
  if (done.length <= MAX_UNDO) return { history: { done, undone: [] }, fold: [] }
  return { history: { done: done.slice(FOLD), undone: [] }, fold: done.slice(0, FOLD) }
}

/** One step back; null when there is nothing to undo. */
export function undoOp(h: MaskHistory): MaskHistory | null {
  const op = h.done.at(-1)
  if (!op) return null
  return { done: h.done.slice(0, -1), undone: [...h.undone, op] }
}

/** One step forward again; null when there is nothing to redo. */
export function redoOp(h: MaskHistory): MaskHistory | null {
  const op = h.undone.at(-1)
  if (!op) return null
  return { done: [...h.done, op], undone: h.undone.slice(0, -1) }
}

/** Brush sizes the painter offers (its slider's range and step). */
export const BRUSH = { min: 4, max: 256, step: 4 } as const

/**
 * The next brush size for `]` (up) or `[` (down): steps grow with the size (4 px when small,
 * 16 px when large) so both ends are a few presses away; always on the slider's step.
 */
export function nextBrush(size: number, dir: 1 | -1): number {
  const step = size < 32 ? 4 : size < 128 ? 8 : 16
  const next = Math.round((size + dir * step) / BRUSH.step) * BRUSH.step
  return Math.min(BRUSH.max, Math.max(BRUSH.min, next))
}

/** The part of CanvasRenderingContext2D the mask draws with (a fake in tests). */
export interface MaskCtx {
  globalCompositeOperation: string
  fillStyle: string | CanvasGradient | CanvasPattern
  strokeStyle: string | CanvasGradient | CanvasPattern
  lineCap: CanvasLineCap
  lineJoin: CanvasLineJoin
  lineWidth: number
  beginPath(): void
  moveTo(x: number, y: number): void
  lineTo(x: number, y: number): void
  arc(x: number, y: number, r: number, start: number, end: number): void
  stroke(): void
  fill(): void
  fillRect(x: number, y: number, w: number, h: number): void
  getImageData(x: number, y: number, w: number, h: number): ImageData
  putImageData(data: ImageData, x: number, y: number): void
}

/** One segment of a stroke with a round end: what the painter draws for each pointer move. */
export function drawSegment(
  c: MaskCtx,
  from: MaskPoint,
  to: MaskPoint,
  paint: boolean,
  size: number,
): void {
  c.globalCompositeOperation = 'source-over'
  c.strokeStyle = c.fillStyle = paint ? '#fff' : '#000'
  c.lineCap = 'round'
  c.lineJoin = 'round'
  c.lineWidth = size
  c.beginPath()
  c.moveTo(from.x, from.y)
  c.lineTo(to.x, to.y)
  c.stroke()
  c.beginPath()
  c.arc(to.x, to.y, size / 2, 0, Math.PI * 2)
  c.fill()
}

/** Paints one edit onto a mask of `width` × `height`, exactly as it was painted live. */
export function drawOp(c: MaskCtx, op: MaskOp, width: number, height: number): void {
  if (op.kind === 'stroke') {
    op.points.forEach((p, i) => drawSegment(c, op.points[i - 1] ?? p, p, op.paint, op.size))
  } else if (op.kind === 'fill') {
    c.globalCompositeOperation = 'source-over'
    c.fillStyle = op.white ? '#fff' : '#000'
    c.fillRect(0, 0, width, height)
  } else {
    const img = c.getImageData(0, 0, width, height)
    invertMask(img.data)
    c.putImageData(img, 0, 0)
  }
}

/** The starting mask and then every edit in `ops`: the mask as the history says it is now. */
export function replay(
  c: MaskCtx,
  base: ImageData,
  ops: readonly MaskOp[],
  width: number,
  height: number,
): void {
  c.putImageData(base, 0, 0)
  for (const op of ops) drawOp(c, op, width, height)
}
