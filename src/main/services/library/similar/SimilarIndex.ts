import { type PHash, popcount32 } from '@shared/library/phash'

/** A match: the item and how many of the 64 bits differ. */
export interface HashHit {
  id: string
  distance: number
}

/** Largest distance `groups` accepts: beyond it the probes per chunk (radius 4+) grow too fast. */
export const MAX_GROUP_DISTANCE = 15

/** 16-bit masks with at most r bits set, for r = 0..3 (1, 17, 137, 697 masks). */
const PROBES: Uint16Array[] = (() => {
  const byRadius: number[][] = [[], [], [], []]
  for (let m = 0; m < 1 << 16; m++) {
    const bits = popcount32(m)
    for (let r = bits; r <= 3; r++) byRadius[r]!.push(m)
  }
  return byRadius.map((masks) => Uint16Array.from(masks))
})()

/**
 * Read once: tests and benches load modules as CommonJS, where each use of an imported function
 * goes through a getter that V8 does not inline, 3× slower in the loops below (the built app is
 * one bundle, where it is a plain call either way).
 */
const popcount = popcount32

/** Buckets per step of groupsInSteps: 16 steps per chunk, a few ms each at 100k hashes. */
const SLICE = 4096

/** The root of x's set, halving the path on the way. */
function find(parent: Int32Array, x: number): number {
  while (parent[x] !== x) {
    parent[x] = parent[parent[x]!]!
    x = parent[x]!
  }
  return x
}

/** One chunk's unique hashes in bucket order, and the union-find they are joined in. */
interface Buckets {
  /** Where each 16-bit value's bucket starts (65,537 entries). */
  starts: Uint32Array
  /** Unique-hash numbers in bucket order, with their halves beside them (adjacent in memory). */
  members: Int32Array
  hiOf: Uint32Array
  loOf: Uint32Array
  parent: Int32Array
}

/** Buckets the unique hashes by one 16-bit chunk (counting sort: bucket starts, then members). */
function fillBuckets(b: Buckets, unique: Uint32Array, chunk: number): void {
  const m = unique.length / 2
  const half = chunk >> 1
  const shift = (chunk & 1) * 16
  const value = (u: number) => (unique[2 * u + half]! >>> shift) & 0xffff
  const { starts, members, hiOf, loOf } = b
  starts.fill(0)
  for (let u = 0; u < m; u++) starts[value(u) + 1]!++
  for (let v = 0; v < 65536; v++) starts[v + 1]! += starts[v]!
  const next = starts.slice(0, 65536)
  for (let u = 0; u < m; u++) {
    const at = next[value(u)]!++
    members[at] = u
    hiOf[at] = unique[2 * u]!
    loOf[at] = unique[2 * u + 1]!
  }
}

/**
 * Joins every pair within `d` bits whose chunk values differ by one of `probes`, for the buckets
 * [from, to). Bucket by bucket, so the probed buckets stay in cache for all of a bucket's
 * members; a pair is looked at once (from the lower bucket, or the earlier member of the same
 * one). A plain function, not the generator: V8 optimises it (and re-optimises it after the
 * first match) far better, ~3× at 100k hashes.
 */
function probeBuckets(b: Buckets, from: number, to: number, probes: Uint16Array, d: number): void {
  const { starts, members, hiOf, loOf, parent } = b
  for (let own = from; own < to; own++) {
    const first = starts[own]!
    const last = starts[own + 1]!
    if (first === last) continue
    for (let p = 0; p < probes.length; p++) {
      const v = own ^ probes[p]!
      if (v < own) continue
      const end = starts[v + 1]!
      for (let a = first; a < last; a++) {
        const hi = hiOf[a]!
        const lo = loOf[a]!
        for (let k = v === own ? a + 1 : starts[v]!; k < end; k++) {
          if (popcount(hiOf[k]! ^ hi) + popcount(loOf[k]! ^ lo) > d) continue
          const x = find(parent, members[a]!)
          const y = find(parent, members[k]!)
          if (x !== y) parent[x] = y
        }
      }
    }
  }
}

/**
 * Every image's perceptual hash in memory, for "find similar" and the duplicates view: the ids in
 * one array and the hashes as Uint32 pairs in one typed array (slot i at 2i, 2i + 1), so a query
 * is a linear scan of XOR + popcount over 800 KB for 100k images (0.3 ms, as fast as a bare
 * loop: `npm run bench -- similar`), with no BK-tree or multi-index to keep balanced on every
 * change. Removing swaps the last slot in. Kept in line with the library by LibrarySimilar.
 */
export class SimilarIndex {
  private ids: string[] = []
  private hashes = new Uint32Array(2 * 1024)
  private readonly slots = new Map<string, number>()
  /** Bumped by every change: a cached answer (the duplicates groups) is current while it holds. */
  version = 0

  get size(): number {
    return this.ids.length
  }

  clear(): void {
    this.version++
    this.ids = []
    this.slots.clear()
  }

  /** Adds or replaces an item's hash. */
  set(id: string, hash: PHash): void {
    let slot = this.slots.get(id)
    if (
      slot !== undefined &&
      this.hashes[2 * slot] === hash.hi &&
      this.hashes[2 * slot + 1] === hash.lo
    )
      return
    this.version++
    if (slot === undefined) {
      slot = this.ids.length
      if (2 * slot + 2 > this.hashes.length) {
        const grown = new Uint32Array(this.hashes.length * 2)
        grown.set(this.hashes)
        this.hashes = grown
      }
      this.ids.push(id)
      this.slots.set(id, slot)
    }
    this.hashes[2 * slot] = hash.hi
    this.hashes[2 * slot + 1] = hash.lo
  }

  remove(id: string): void {
    const slot = this.slots.get(id)
    if (slot === undefined) return
    this.version++
    const last = this.ids.length - 1
    if (slot !== last) {
      const moved = this.ids[last]!
      this.ids[slot] = moved
      this.slots.set(moved, slot)
      this.hashes[2 * slot] = this.hashes[2 * last]!
      this.hashes[2 * slot + 1] = this.hashes[2 * last + 1]!
    }
    this.ids.pop()
    this.slots.delete(id)
  }

  get(id: string): PHash | null {
    const slot = this.slots.get(id)
    return slot === undefined
      ? null
      : { hi: this.hashes[2 * slot]!, lo: this.hashes[2 * slot + 1]! }
  }

  /**
   * Items within `maxDistance` of `hash`, nearest first, at most `limit`; ties keep slot order
   * (the load order: newest first). `exclude` (the item asked about) is left out.
   */
  nearest(hash: PHash, maxDistance: number, limit: number, exclude?: string): HashHit[] {
    const h = this.hashes
    const n = this.ids.length
    const { hi, lo } = hash
    const found: number[] = []
    const histogram = new Uint32Array(65)
    for (let i = 0; i < n; i++) {
      const d = popcount(h[2 * i]! ^ hi) + popcount(h[2 * i + 1]! ^ lo)
      if (d > maxDistance) continue
      found.push(i, d)
      histogram[d]!++
    }
    // Counting sort by distance, stopping at `limit`.
    const starts = new Uint32Array(66)
    for (let d = 0; d <= 64; d++) starts[d + 1] = starts[d]! + histogram[d]!
    const slots = new Int32Array(found.length / 2)
    const distances = new Uint8Array(found.length / 2)
    for (let k = 0; k < found.length; k += 2) {
      const at = starts[found[k + 1]!]!++
      slots[at] = found[k]!
      distances[at] = found[k + 1]!
    }
    const out: HashHit[] = []
    for (let k = 0; k < slots.length && out.length < limit; k++) {
      const id = this.ids[slots[k]!]!
      if (id !== exclude) out.push({ id, distance: distances[k]! })
    }
    return out
  }

  /**
   * Groups of near-identical items: the connected parts of the graph "within `maxDistance`"
   * (union-find), each with at least two items. Pairs are found by multi-index hashing: the 64
   * bits are four 16-bit chunks, and two hashes within d bits agree within ⌊d/4⌋ bits on at least
   * one chunk (pigeonhole), so each hash is compared only with the hashes in its chunks' buckets
   * and their neighbours up to that radius, not with all 100k. Identical hashes (the same file,
   * or copies) are merged first, so a picture saved 1,000 times costs one probe, not a million.
   */
  groups(maxDistance: number): string[][] {
    const steps = this.groupsInSteps(maxDistance)
    for (;;) {
      const step = steps.next()
      if (step.done) return step.value
    }
  }

  /**
   * `groups` in slices of a few ms (SLICE buckets of one chunk each, 69 steps in all), so main can
   * run other work between them (LibrarySimilar yields to the event loop at each step). Works on
   * a copy of the index taken at the start: changes meanwhile do not disturb it.
   */
  *groupsInSteps(maxDistance: number): Generator<void, string[][]> {
    const d = Math.max(0, Math.min(MAX_GROUP_DISTANCE, Math.floor(maxDistance)))
    const ids = this.ids.slice()
    const n = ids.length
    const { unique, uniqueOf } = this.uniqueHashes()
    yield
    const m = unique.length / 2
    const parent = new Int32Array(m)
    for (let u = 0; u < m; u++) parent[u] = u
    const probes = PROBES[Math.floor(d / 4)]!
    const buckets: Buckets = {
      starts: new Uint32Array(65537),
      members: new Int32Array(m),
      hiOf: new Uint32Array(m),
      loOf: new Uint32Array(m),
      parent,
    }
    for (let chunk = 0; chunk < 4; chunk++) {
      fillBuckets(buckets, unique, chunk)
      yield
      for (let own = 0; own < 65536; own += SLICE) {
        probeBuckets(buckets, own, own + SLICE, probes, d)
        yield
      }
    }
    const byRoot = new Map<number, string[]>()
    for (let i = 0; i < n; i++) {
      const root = find(parent, uniqueOf[i]!)
      const list = byRoot.get(root)
      if (list) list.push(ids[i]!)
      else byRoot.set(root, [ids[i]!])
    }
    return [...byRoot.values()].filter((g) => g.length > 1)
  }

  /**
   * The distinct hashes (as pairs) and, per slot, which of them it has: an open-addressing table
   * in a typed array (a Map of 100k keys took ~20 ms, this ~2 ms).
   */
  private uniqueHashes(): { unique: Uint32Array; uniqueOf: Int32Array } {
    const n = this.ids.length
    const h = this.hashes
    const unique = new Uint32Array(2 * n)
    const uniqueOf = new Int32Array(n)
    let bits = 4
    while (1 << bits < 2 * n) bits++
    const mask = (1 << bits) - 1
    const table = new Int32Array(1 << bits).fill(-1)
    let m = 0
    for (let i = 0; i < n; i++) {
      const hi = h[2 * i]!
      const lo = h[2 * i + 1]!
      let at = (Math.imul(hi ^ Math.imul(lo, 0x85ebca6b), 0x9e3779b1) >>> (32 - bits)) & mask
      for (;;) {
        const u = table[at]!
        if (u < 0) {
          table[at] = m
          unique[2 * m] = hi
          unique[2 * m + 1] = lo
          uniqueOf[i] = m++
          break
        }
        if (unique[2 * u] === hi && unique[2 * u + 1] === lo) {
          uniqueOf[i] = u
          break
        }
        at = (at + 1) & mask
      }
    }
    return { unique: unique.subarray(0, 2 * m), uniqueOf }
  }

  /** Distance between two indexed items, or null when either has no hash. */
  distance(a: string, b: string): number | null {
    const x = this.get(a)
    const y = this.get(b)
    if (!x || !y) return null
    return popcount(x.hi ^ y.hi) + popcount(x.lo ^ y.lo)
  }
}
