/**
 * The cut of the 64 bits into chunks for the duplicates grouping's multi-index hashing
 * (groupHashes.ts, whose comment says how a cut finds every pair): the pigeonhole radii for a
 * distance, and the cheapest cut for a number of hashes.
 */

/** Widest chunk: its bucket starts are a Uint32Array of 2^width + 2 (16 MiB at 22 bits). */
export const MAX_WIDTH = 22

/** One chunk of the cut: bits [start, start + width) of the 64 (hi = 0–31, lo = 32–63). */
export interface Chunk {
  start: number
  width: number
  radius: number
}

/** Values of at most `radius` set bits below bit `width` (every chunk-neighbour's XOR mask). */
export function masks(width: number, radius: number): Uint32Array {
  const out: number[] = []
  const build = (from: number, left: number, mask: number) => {
    out.push(mask)
    if (left === 0) return
    for (let b = from; b < width; b++) build(b + 1, left - 1, (mask | (1 << b)) >>> 0)
  }
  build(0, radius, 0)
  return Uint32Array.from(out)
}

/** How many masks `masks(width, radius)` has: Σ C(width, k) for k ≤ radius. */
function maskCount(width: number, radius: number): number {
  let sum = 0
  let c = 1
  for (let k = 0; k <= radius; k++) {
    sum += c
    c = (c * (width - k)) / (k + 1)
  }
  return sum
}

/**
 * The 64 bits cut into `m` near-equal chunks (the wider first) with the radii that just meet the
 * pigeonhole rule for distance `d`: Σ(rᵢ + 1) = max(m, d + 1), the extra radius on the widest.
 */
export function cutInto(m: number, d: number): Chunk[] {
  const total = Math.max(m, d + 1)
  const chunks: Chunk[] = []
  let start = 0
  for (let i = 0; i < m; i++) {
    const width = Math.floor(64 / m) + (i < 64 % m ? 1 : 0)
    const radius = Math.floor(total / m) + (i < total % m ? 1 : 0) - 1
    chunks.push({ start, width, radius })
    start += width
  }
  return chunks
}

/**
 * The cheapest cut for `n` distinct hashes and distance `d` among 3 to 8 chunks (3 is the
 * fewest whose buckets fit in MAX_WIDTH bits), costed as probes × (bucket look-ups +
 * comparisons with the hashes found there).
 */
export function planChunks(n: number, d: number): Chunk[] {
  let best: Chunk[] = []
  let bestCost = Infinity
  for (let m = Math.ceil(64 / MAX_WIDTH); m <= 8; m++) {
    const chunks = cutInto(m, d)
    let cost = 0
    for (const c of chunks) {
      const buckets = 2 ** c.width
      cost += maskCount(c.width, c.radius) * (Math.min(n, buckets) + (n * n) / buckets / 2)
    }
    if (cost < bestCost) {
      bestCost = cost
      best = chunks
    }
  }
  return best
}
