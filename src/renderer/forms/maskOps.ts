/**
 * Pixel operations of the mask painter on RGBA data. The mask is opaque black (keep) with white
 * (repaint) strokes, the convention of the art models' infill (white = repaint); these work on
 * plain arrays so they are tested without a canvas.
 */

/** Whether any pixel is marked for repainting (red channel above half). */
export function hasPaint(data: Uint8ClampedArray): boolean {
  for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 0) > 127) return true
  return false
}

/** Share of pixels marked for repainting, 0..1. */
export function paintedShare(data: Uint8ClampedArray): number {
  let n = 0
  for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 0) > 127) n++
  return data.length === 0 ? 0 : n / (data.length / 4)
}

/** Swaps keep and repaint, and snaps every pixel to pure black or white (no grey edges left). */
export function invertMask(data: Uint8ClampedArray): void {
  for (let i = 0; i < data.length; i += 4) {
    const v = (data[i] ?? 0) > 127 ? 0 : 255
    data[i] = v
    data[i + 1] = v
    data[i + 2] = v
    data[i + 3] = 255
  }
}

/** Maps a pointer position on the displayed canvas to mask pixels. */
export function toMaskPoint(
  clientX: number,
  clientY: number,
  rect: { left: number; top: number; width: number; height: number },
  size: { width: number; height: number },
): { x: number; y: number } {
  const x = ((clientX - rect.left) / Math.max(rect.width, 1)) * size.width
  const y = ((clientY - rect.top) / Math.max(rect.height, 1)) * size.height
  return {
    x: Math.min(Math.max(x, 0), size.width),
    y: Math.min(Math.max(y, 0), size.height),
  }
}
