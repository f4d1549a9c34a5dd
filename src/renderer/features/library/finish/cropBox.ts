/** A crop box in picture pixels. */
export interface Box {
  x: number
  y: number
  width: number
  height: number
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v))

/**
 * The box dragged from `a` to `b` (picture pixels) inside a `w` × `h` picture, whole pixels; with
 * a ratio the height follows the width (then both shrink to fit).
 */
export function boxFromDrag(
  a: { x: number; y: number },
  b: { x: number; y: number },
  w: number,
  h: number,
  ratio: [number, number] | null,
): Box {
  const ax = clamp(Math.round(a.x), 0, w)
  const ay = clamp(Math.round(a.y), 0, h)
  let dx = clamp(Math.round(b.x), 0, w) - ax
  let dy = clamp(Math.round(b.y), 0, h) - ay
  if (ratio) {
    const [rw, rh] = ratio
    const sy = dy < 0 ? -1 : 1
    const sx = dx < 0 ? -1 : 1
    let bw = Math.abs(dx)
    let bh = Math.round((bw * rh) / rw)
    const roomY = sy > 0 ? h - ay : ay
    const roomX = sx > 0 ? w - ax : ax
    if (bh > roomY) {
      bh = roomY
      bw = Math.round((bh * rw) / rh)
    }
    if (bw > roomX) {
      bw = roomX
      bh = Math.round((bw * rh) / rw)
    }
    dx = sx * bw
    dy = sy * bh
  }
  return {
    x: Math.min(ax, ax + dx),
    y: Math.min(ay, ay + dy),
    width: Math.max(1, Math.abs(dx)),
    height: Math.max(1, Math.abs(dy)),
  }
}

/** The box moved by (dx, dy), kept inside the picture. */
export const moveBox = (b: Box, dx: number, dy: number, w: number, h: number): Box => ({
  ...b,
  x: clamp(Math.round(b.x + dx), 0, w - b.width),
  y: clamp(Math.round(b.y + dy), 0, h - b.height),
})
