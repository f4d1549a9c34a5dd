/**
 * A small seeded generator (mulberry32) so identifiers, fault decisions and native seeds repeat
 * from one run to the next with the same --seed: failures found in tests can be replayed.
 */
export class Prng {
  private state: number

  constructor(seed: number) {
    this.state = seed >>> 0 || 0x9e3779b9
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  /** An unsigned 32-bit integer. */
  uint32(): number {
    return Math.floor(this.next() * 4294967296) >>> 0
  }

  /** `bytes` random bytes as lowercase hex. */
  hex(bytes: number): string {
    let out = ''
    for (let i = 0; i < bytes; i++)
      out += Math.floor(this.next() * 256)
        .toString(16)
        .padStart(2, '0')
    return out
  }
}

/** FNV-1a over a string: a stable 32-bit hash for deterministic content (colours, text). */
export function hash32(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h >>> 0
}
