import { greyGrid, GRID, phashOfGrid, type PixelLayout } from '@shared/library/phash'
import { describe, expect, it } from 'vitest'

/**
 * greyGrid as it was when the stored hashes were made (issue #33 made it faster): every pixel
 * looked up in its cell's column. The app's grid must equal it to the bit, or the hashes in
 * users' indexes would no longer match the ones made from now on.
 */
function referenceGrid(pixels: Uint8Array, layout: PixelLayout): Float64Array {
  const { width, height, channels } = layout
  const grey = (x: number, y: number) => {
    const p = (y * width + x) * channels
    const v =
      channels >= 3
        ? 0.299 * pixels[p]! + 0.587 * pixels[p + 1]! + 0.114 * pixels[p + 2]!
        : pixels[p]!
    if (channels !== 2 && channels !== 4) return v
    const a = pixels[p + channels - 1]! / 255
    return v * a + 255 * (1 - a)
  }
  const sums = new Float64Array(GRID * GRID)
  const counts = new Uint32Array(GRID * GRID)
  const cellX = new Uint8Array(width)
  for (let x = 0; x < width; x++) cellX[x] = Math.floor((x * GRID) / width)
  const line = new Int32Array(GRID)
  for (let y = 0; y < height; y++) {
    line.fill(0)
    let p = y * width * channels
    if (channels === 3) {
      for (let x = 0; x < width; x++, p += 3)
        line[cellX[x]!]! += 299 * pixels[p]! + 587 * pixels[p + 1]! + 114 * pixels[p + 2]!
    } else {
      for (let x = 0; x < width; x++) line[cellX[x]!]! += Math.round(1000 * grey(x, y))
    }
    const row = Math.floor((y * GRID) / height) * GRID
    for (let cx = 0; cx < GRID; cx++) sums[row + cx]! += line[cx]!
  }
  const perCell = new Uint32Array(GRID)
  for (let x = 0; x < width; x++) perCell[cellX[x]!]!++
  for (let y = 0; y < height; y++) {
    const row = Math.floor((y * GRID) / height) * GRID
    for (let cx = 0; cx < GRID; cx++) counts[row + cx]! += perCell[cx]!
  }
  const out = new Float64Array(GRID * GRID)
  for (let cy = 0; cy < GRID; cy++) {
    for (let cx = 0; cx < GRID; cx++) {
      const c = cy * GRID + cx
      if (counts[c]) {
        out[c] = sums[c]! / counts[c]! / 1000
        continue
      }
      const sx = Math.min(width - 1, Math.floor(((cx + 0.5) * width) / GRID))
      const sy = Math.min(height - 1, Math.floor(((cy + 0.5) * height) / GRID))
      out[c] = grey(sx, sy)
    }
  }
  return out
}

describe('greyGrid', () => {
  it('gives the grid (and so the hash) the stored hashes were made with, for every layout and size', () => {
    let seed = 11
    const rand = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0
      return seed >>> 24
    }
    const sizes = [
      [320, 320],
      [320, 213],
      [180, 320],
      [33, 31],
      [32, 32],
      [20, 7],
      [1, 1],
      [319, 1],
      [97, 320],
    ]
    let checked = 0
    for (const [width, height] of sizes) {
      for (const channels of [1, 2, 3, 4]) {
        // Smooth structure plus grain, and a run of extremes (0 and 255) to test the sums.
        const pixels = new Uint8Array(width! * height! * channels)
        for (let i = 0; i < pixels.length; i++)
          pixels[i] = i % 97 < 5 ? (i & 1) * 255 : (((i * 7) % 251) + rand()) & 255
        const layout = { width: width!, height: height!, channels }
        const grid = greyGrid(pixels, layout)
        expect(Array.from(grid), `${width}×${height}×${channels}`).toEqual(
          Array.from(referenceGrid(pixels, layout)),
        )
        expect(phashOfGrid(grid)).toEqual(phashOfGrid(referenceGrid(pixels, layout)))
        checked++
      }
    }
    expect(checked).toBe(sizes.length * 4)
  })

  it('gives the same grid for RGBA whose pixels are mostly opaque (the fast path) or nearly so', () => {
    let seed = 5
    const rand = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0
      return seed >>> 24
    }
    // Alpha 255 everywhere (a PNG saved with an alpha channel it does not use), and opaque runs
    // beside alpha 254 and 0, where the float path must still be taken.
    for (const alphaOf of [() => 255, (i: number) => [255, 255, 254, 0, 128][(i >> 5) % 5]!]) {
      const [width, height] = [320, 213]
      const pixels = new Uint8Array(width * height * 4)
      for (let i = 0; i < width * height; i++) {
        for (let c = 0; c < 3; c++) pixels[i * 4 + c] = ((i * (3 + c)) % 251) + (rand() & 3)
        pixels[i * 4 + 3] = alphaOf(i)
      }
      const layout = { width, height, channels: 4 }
      expect(Array.from(greyGrid(pixels, layout))).toEqual(
        Array.from(referenceGrid(pixels, layout)),
      )
    }
  })
})
