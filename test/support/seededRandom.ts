/** A seeded generator of numbers in [0, 1) (mulberry32), so a failing seeded test reproduces. */
export function seededRandom(seed: number): () => number {
  return () => {
    let t = (seed = (seed + 0x6d2b79f5) >>> 0)
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32
  }
}
