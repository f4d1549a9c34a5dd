/**
 * Tiling for the local upscaler (issue #31): the picture is cut into square tiles, each read with
 * a margin of context around it, upscaled, and only its core written into the output. Memory is
 * then one tile's tensors plus the output, whatever the input size, and the margin (wider than
 * the model's receptive field) keeps seams out of the result.
 */

/** Core side of a tile, in input pixels: big enough that the margins cost ~9 % more pixels (and few model calls), small enough for ~0.4 GB of tensors. */
export const TILE = 384
/** Context read around each tile’s core, in input pixels: wider than the RDN’s receptive field (its 3×3 convolutions see ~8 px), checked by the seam test. */
export const TILE_MARGIN = 8

export interface Tile {
  /** The core: where its output goes (in input pixels). */
  x: number
  y: number
  w: number
  h: number
  /** The region read: the core plus the margin, clipped to the picture. */
  rx: number
  ry: number
  rw: number
  rh: number
}

/** Every tile of a `width` × `height` picture, row by row. */
export function planTiles(
  width: number,
  height: number,
  tile = TILE,
  margin = TILE_MARGIN,
): Tile[] {
  const out: Tile[] = []
  for (let y = 0; y < height; y += tile)
    for (let x = 0; x < width; x += tile) {
      const w = Math.min(tile, width - x)
      const h = Math.min(tile, height - y)
      const rx = Math.max(0, x - margin)
      const ry = Math.max(0, y - margin)
      out.push({
        x,
        y,
        w,
        h,
        rx,
        ry,
        rw: Math.min(width, x + w + margin) - rx,
        rh: Math.min(height, y + h + margin) - ry,
      })
    }
  return out
}

/** Pixels the model reads for a whole picture (cores plus margins): what an estimate divides. */
export const pixelsRead = (tiles: readonly Tile[]): number =>
  tiles.reduce((n, t) => n + t.rw * t.rh, 0)

/** Copies a tile's read region out of an RGB picture. */
export function readRegion(src: Uint8Array, width: number, t: Tile): Uint8Array {
  const out = new Uint8Array(t.rw * t.rh * 3)
  for (let row = 0; row < t.rh; row++) {
    const from = ((t.ry + row) * width + t.rx) * 3
    out.set(src.subarray(from, from + t.rw * 3), row * t.rw * 3)
  }
  return out
}

/** Writes the core of an upscaled tile (`scale` × its read region) into the RGB output. */
export function writeCore(
  out: Uint8Array,
  outWidth: number,
  up: Uint8Array,
  t: Tile,
  scale: number,
): void {
  const upW = t.rw * scale
  const offX = (t.x - t.rx) * scale
  const offY = (t.y - t.ry) * scale
  const rowBytes = t.w * scale * 3
  for (let row = 0; row < t.h * scale; row++) {
    const from = ((offY + row) * upW + offX) * 3
    const to = ((t.y * scale + row) * outWidth + t.x * scale) * 3
    out.set(up.subarray(from, from + rowBytes), to)
  }
}
