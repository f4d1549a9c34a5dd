/**
 * Perceptual hashes for "find similar" and the duplicates view: 64 bits that stay (almost) the
 * same when a picture is resized, re-encoded, slightly cropped or brightened, and differ in about
 * half their bits between unrelated pictures. Pure arithmetic on pixels someone already decoded
 * (main computes them from the grid thumbnail's raw pixels, so hashing costs no extra decode).
 *
 * The hash is a DCT pHash: the picture is averaged down to a 32×32 grey grid, its 2-D DCT taken,
 * and the 8×8 lowest frequencies (u, v in 0..7: the broadest shapes count) compared with the
 * median of the 63 non-constant ones, one bit each. Why the DCT rather than a 9×8 difference
 * hash, on the table in test/shared/library/phash.test.ts (drawn scenes with grain and noise
 * fields, 512²; PHASH_TABLE=1 prints it): resized, JPEG/WebP re-encoded and ±10–15% brightness
 * copies move the pHash by at most 8 bits (most by 0–2) and the dHash by up to 12; 3–4% crops
 * move the pHash ≤ 14 and the dHash ≤ 18; different pictures stay ≥ 24 bits apart with the
 * pHash and ≥ 26 with the dHash. So the pHash leaves the wider gap between the worst copy and
 * the closest stranger (16 vs 14 for copies, 10 vs 8 with crops). The dHash only sees left/right
 * steps, so smooth vertical gradients and horizontal stripes give it bits of noise; the DCT's low
 * frequencies describe the layout of the whole picture.
 *
 * Its known limit: a picture with no broad shapes (a centred radial gradient, fine regular
 * stripes) has every low frequency near zero, and noise picks the side of the median: its own
 * copies can land 10–28 bits away. They are then missed as duplicates, which is the safe side;
 * they still stay far (≥ 24) from other pictures.
 *
 * A hash is two unsigned 32-bit halves (`hi` = bits 0–31, `lo` = 32–63): Hamming distance is two
 * XORs and two popcounts on plain numbers, ~250× faster than BigInt (bench/similar.ts).
 */

/** A 64-bit perceptual hash as two unsigned 32-bit halves. */
export interface PHash {
  hi: number
  lo: number
}

/** Side of the grey grid the DCT runs on. */
export const GRID = 32
/** Frequencies kept per axis: 8 × 8 = 64 bits. */
const KEEP = 8

/**
 * Near-identical, the duplicates view's default: resized and re-encoded copies stay within this
 * many of the 64 bits (the table's worst case is 8). Two random hashes come this close with a
 * chance of ~3·10⁻¹⁰ if hashes were random: about one false pair among 100k pictures.
 */
export const DUPLICATE_DISTANCE = 8
/**
 * How far "Find similar" looks by default: slight crops (≤ 14 in the table) and edits, below the
 * closest unrelated pictures (24).
 */
export const SIMILAR_DISTANCE = 20

/** Bits set in a 32-bit integer (SWAR popcount; no loop, no BigInt). */
export function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333)
  x = (x + (x >>> 4)) & 0x0f0f0f0f
  return Math.imul(x, 0x01010101) >>> 24
}

/** Bits in which two hashes differ (0 = same, 64 = opposite). */
export const hamming = (a: PHash, b: PHash): number =>
  popcount32(a.hi ^ b.hi) + popcount32(a.lo ^ b.lo)

/** 16 hex digits, for logs and tests. */
export const phashHex = (h: PHash): string =>
  (h.hi >>> 0).toString(16).padStart(8, '0') + (h.lo >>> 0).toString(16).padStart(8, '0')

/** How the pixels are laid out: interleaved 8-bit channels (1 grey, 2 grey+alpha, 3 RGB, 4 RGBA). */
export interface PixelLayout {
  width: number
  height: number
  channels: number
}

/**
 * The picture averaged down to a GRID × GRID grey grid (luma; transparent parts count as white,
 * as the thumbnail shows them on a light tile). Each source pixel goes to the cell its position
 * falls in (a box filter); a picture smaller than the grid repeats its nearest pixel.
 */
export function greyGrid(pixels: Uint8Array, layout: PixelLayout): Float64Array {
  const { width, height, channels } = layout
  if (width < 1 || height < 1 || channels < 1 || channels > 4)
    throw new Error(`Cannot hash ${width}×${height}×${channels} pixels.`)
  if (pixels.length < width * height * channels) throw new Error('Too few pixels for the size.')
  const sums = new Float64Array(GRID * GRID)
  const counts = new Uint32Array(GRID * GRID)
  // Where each column of cells ends (the first x of the next cell), so a row is summed cell by
  // cell in a local variable: no per-pixel cell look-up or store. Each cell's row sum is an
  // integer (luma × 1000) added straight into `sums`: integers add exactly in any order, so the
  // grid, and the hash, stay those of the first version (test/shared/library/phashGrid.test.ts).
  const cellEnd = new Uint32Array(GRID)
  for (let x = 0; x < width; x++) cellEnd[Math.floor((x * GRID) / width)] = x + 1
  for (let y = 0; y < height; y++) {
    const row = Math.floor((y * GRID) / height) * GRID
    const rowStart = y * width * channels
    let p = rowStart
    for (let cx = 0; cx < GRID; cx++) {
      // One index walks the bytes (no x beside it): RGB, the thumbnails' usual layout, in ~0.3 ms
      // for 320², 3/4 of the first version's time.
      const cellStop = rowStart + cellEnd[cx]! * channels
      if (cellStop <= p) continue
      let sum = 0
      if (channels === 3) {
        for (; p < cellStop; p += 3)
          sum += 299 * pixels[p]! + 587 * pixels[p + 1]! + 114 * pixels[p + 2]!
      } else if (channels === 4) {
        // An opaque pixel's rounded luma × 1000 is exactly this integer (checked for all 256³
        // colours), so only translucent ones take the float path: ~5× faster on opaque RGBA.
        for (; p < cellStop; p += 4) {
          sum +=
            pixels[p + 3] === 255
              ? 299 * pixels[p]! + 587 * pixels[p + 1]! + 114 * pixels[p + 2]!
              : Math.round(1000 * greyAt(pixels, p, 4))
        }
      } else {
        for (; p < cellStop; p += channels) sum += Math.round(1000 * greyAt(pixels, p, channels))
      }
      sums[row + cx]! += sum
    }
  }
  const perCell = new Uint32Array(GRID)
  for (let x = 0; x < width; x++) perCell[Math.floor((x * GRID) / width)]!++
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
      // Fewer source pixels than cells: the nearest one.
      const sx = Math.min(width - 1, Math.floor(((cx + 0.5) * width) / GRID))
      const sy = Math.min(height - 1, Math.floor(((cy + 0.5) * height) / GRID))
      out[c] = pixelGrey(pixels, layout, sx, sy)
    }
  }
  return out
}

function pixelGrey(pixels: Uint8Array, layout: PixelLayout, x: number, y: number): number {
  return greyAt(pixels, (y * layout.width + x) * layout.channels, layout.channels)
}

/** Luma of the pixel at byte `p`, over white where it is transparent. */
function greyAt(pixels: Uint8Array, p: number, channels: number): number {
  const v =
    channels >= 3
      ? 0.299 * pixels[p]! + 0.587 * pixels[p + 1]! + 0.114 * pixels[p + 2]!
      : pixels[p]!
  if (channels !== 2 && channels !== 4) return v
  const a = pixels[p + channels - 1]! / 255
  return v * a + 255 * (1 - a)
}

/** cos((2x + 1) u π / 2N) for u < KEEP, x < GRID: the only DCT rows the hash needs. */
const COS = (() => {
  const t = new Float64Array(KEEP * GRID)
  for (let u = 0; u < KEEP; u++)
    for (let x = 0; x < GRID; x++)
      t[u * GRID + x] = Math.cos(((2 * x + 1) * u * Math.PI) / (2 * GRID))
  return t
})()

/** The 8×8 lowest DCT-II coefficients of a GRID × GRID grid, row-major (v * 8 + u). */
export function lowDct(grid: Float64Array): Float64Array {
  const rows = new Float64Array(GRID * KEEP)
  for (let y = 0; y < GRID; y++) {
    for (let u = 0; u < KEEP; u++) {
      let s = 0
      for (let x = 0; x < GRID; x++) s += grid[y * GRID + x]! * COS[u * GRID + x]!
      rows[y * KEEP + u] = s
    }
  }
  const out = new Float64Array(KEEP * KEEP)
  for (let v = 0; v < KEEP; v++) {
    for (let u = 0; u < KEEP; u++) {
      let s = 0
      for (let y = 0; y < GRID; y++) s += rows[y * KEEP + u]! * COS[v * GRID + y]!
      out[v * KEEP + u] = s
    }
  }
  return out
}

/**
 * The 64-bit pHash of a grey grid: bit k (k = v * 8 + u) is set when that coefficient is above
 * the median of the 63 non-DC ones. The DC bit compares the mean brightness with that median; it
 * is kept so the layout stays 8 × 8 and costs little (it is the same for most pictures).
 */
export function phashOfGrid(grid: Float64Array): PHash {
  const dct = lowDct(grid)
  const ac = Array.from(dct.subarray(1)).sort((a, b) => a - b)
  const median = (ac[31]! + ac[30]!) / 2
  let hi = 0
  let lo = 0
  for (let k = 0; k < 64; k++) {
    if (!(dct[k]! > median)) continue
    if (k < 32) hi |= 1 << k
    else lo |= 1 << (k - 32)
  }
  return { hi: hi >>> 0, lo: lo >>> 0 }
}

/** The pHash of decoded 8-bit pixels (the thumbnail's raw output, or a decoded thumbnail file). */
export const phashOfPixels = (pixels: Uint8Array, layout: PixelLayout): PHash =>
  phashOfGrid(greyGrid(pixels, layout))

/**
 * A 9 × 8 difference hash of the same grid (each bit: is a cell darker than its right neighbour).
 * Not used by the app; kept beside the pHash so the test table shows why the pHash was chosen.
 */
export function dhashOfGrid(grid: Float64Array): PHash {
  const small = new Float64Array(9 * 8)
  const n = new Uint32Array(9 * 8)
  for (let y = 0; y < GRID; y++) {
    for (let x = 0; x < GRID; x++) {
      const c = Math.floor((y * 8) / GRID) * 9 + Math.floor((x * 9) / GRID)
      small[c]! += grid[y * GRID + x]!
      n[c]!++
    }
  }
  for (let c = 0; c < small.length; c++) small[c]! /= n[c]!
  let hi = 0
  let lo = 0
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) {
      const k = y * 8 + x
      if (!(small[y * 9 + x]! < small[y * 9 + x + 1]!)) continue
      if (k < 32) hi |= 1 << k
      else lo |= 1 << (k - 32)
    }
  }
  return { hi: hi >>> 0, lo: lo >>> 0 }
}
