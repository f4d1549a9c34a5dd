import {
  pixelsRead,
  planTiles,
  readRegion,
  TILE,
  TILE_MARGIN,
  writeCore,
} from '@main/services/picture/upscale/tiles'
import { describe, expect, it } from 'vitest'

/** Nearest-neighbour ×s: a stand-in model whose right answer is known for any tiling. */
function nearest(rgb: Uint8Array, w: number, h: number, s: number): Uint8Array {
  const out = new Uint8Array(w * s * h * s * 3)
  for (let y = 0; y < h * s; y++)
    for (let x = 0; x < w * s; x++)
      for (let c = 0; c < 3; c++)
        out[(y * w * s + x) * 3 + c] = rgb[(Math.floor(y / s) * w + Math.floor(x / s)) * 3 + c]!
  return out
}

describe('upscale tiles (issue #31)', () => {
  it('cover every pixel exactly once, with margins clipped to the picture', () => {
    const w = 900
    const h = 500
    const seen = new Uint8Array(w * h)
    const tiles = planTiles(w, h)
    expect(tiles).toHaveLength(Math.ceil(w / TILE) * Math.ceil(h / TILE))
    for (const t of tiles) {
      expect(t.rx).toBe(Math.max(0, t.x - TILE_MARGIN))
      expect(t.rx + t.rw).toBe(Math.min(w, t.x + t.w + TILE_MARGIN))
      for (let y = t.y; y < t.y + t.h; y++) for (let x = t.x; x < t.x + t.w; x++) seen[y * w + x]!++
    }
    expect(seen.every((n) => n === 1)).toBe(true)
    expect(pixelsRead(tiles)).toBeGreaterThan(w * h)
  })

  it.each([2, 4])('put each upscaled core in its place (×%i): tiled equals whole', (s) => {
    const w = 800
    const h = 437
    const rgb = new Uint8Array(w * h * 3)
    for (let i = 0; i < rgb.length; i++) rgb[i] = (i * 7919) % 251
    const out = new Uint8Array(w * s * h * s * 3)
    for (const t of planTiles(w, h))
      writeCore(out, w * s, nearest(readRegion(rgb, w, t), t.rw, t.rh, s), t, s)
    expect(Buffer.from(out).equals(Buffer.from(nearest(rgb, w, h, s)))).toBe(true)
  })
})
