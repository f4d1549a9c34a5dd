import { popcount32 } from '@shared/library/phash'

/**
 * The duplicates grouping (SimilarIndex.groupsInSteps) over typed arrays: which hashes lie within
 * `d` bits of each other, joined into groups by union-find, in steps of at most STEP_MS so main's
 * event loop keeps turning at 1,000,000 hashes (issue #33).
 *
 * Pairs are found by multi-index hashing with the general pigeonhole rule: cut the 64 bits into
 * chunks and give chunk i a radius rᵢ with Σ(rᵢ + 1) > d; two hashes within d bits then differ by
 * at most rᵢ bits in at least one chunk i. Each hash is compared only with the hashes whose chunk
 * value is one of its own's neighbours within that radius. The cut is chosen per call by the
 * cost below: at 100k hashes and d = 8, four 16-bit chunks with radii 2, 1, 1, 1 (one chunk pays
 * 137 probes, three pay 17); at 1M, three chunks of 21–22 bits with radius 2 each, whose
 * buckets hold < 1 hash on average (four 16-bit chunks would compare each hash with ~1,400
 * others; three, with ~170).
 */

/** Longest a step may hold main (the goal is ≤ 10 ms; this leaves room for a slow clock read). */
export const STEP_MS = 3

/** Widest chunk: its bucket starts are a Uint32Array of 2^width + 2 (16 MiB at 22 bits). */
export const MAX_WIDTH = 22

/** Entries a linear pass (dedupe, bucket fill, labels) handles between two looks at the clock. */
const PIECE = 4_096

/** Read once (see SimilarIndex: an imported function is a getter call per use under CommonJS). */
const popcount = popcount32

/** One chunk of the cut: bits [start, start + width) of the 64 (hi = 0–31, lo = 32–63). */
export interface Chunk {
  start: number
  width: number
  radius: number
}

/** Values of at most `radius` set bits below bit `width` (every chunk-neighbour's XOR mask). */
function masks(width: number, radius: number): Uint32Array {
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

/** The value of one chunk of the hash (hi, lo). */
function chunkValue(hi: number, lo: number, c: Chunk): number {
  const mask = c.width === 32 ? 0xffffffff : (1 << c.width) - 1
  if (c.start >= 32) return ((lo >>> (c.start - 32)) & mask) >>> 0
  if (c.start + c.width <= 32) return ((hi >>> c.start) & mask) >>> 0
  return (((hi >>> c.start) | (lo << (32 - c.start))) & mask) >>> 0
}

/** The root of x's set, halving the path on the way. */
function find(parent: Int32Array, x: number): number {
  while (parent[x] !== x) {
    parent[x] = parent[parent[x]!]!
    x = parent[x]!
  }
  return x
}

/** One chunk's distinct hashes in bucket order, and the union-find they are joined in. */
interface Buckets {
  /** Where each chunk value's bucket starts (2^width + 2 entries: see fillBuckets). */
  starts: Uint32Array
  /** Distinct-hash numbers in bucket order, with their halves beside them (adjacent in memory). */
  members: Int32Array
  hiOf: Uint32Array
  loOf: Uint32Array
  parent: Int32Array
}

/** Where the probe of one chunk goes on: the bucket, and the member within it. */
interface Cursor {
  own: number
  a: number
}

/**
 * Joins every pair within `d` bits whose chunk values differ by one of `probes`, from `at` on,
 * until every bucket is done (true) or `until` (a performance.now() time) has passed (false, `at`
 * says where to go on). A pair is looked at once: from the lower bucket, or from the earlier
 * member of the same one. Member by member, so one crowded bucket cannot hold main for long; the
 * few buckets a member probes stay in cache for the next member of its bucket. A plain function,
 * not a generator: V8 optimises it far better (~3× at 100k hashes).
 */
function probe(b: Buckets, at: Cursor, probes: Uint32Array, d: number, until: number): boolean {
  const { starts, members, hiOf, loOf, parent } = b
  const buckets = starts.length - 2
  let work = 0
  for (let own = at.own; own < buckets; own++) {
    const last = starts[own + 1]!
    let a = own === at.own ? Math.max(at.a, starts[own]!) : starts[own]!
    if (a >= last) {
      if ((++work & 4095) === 0 && performance.now() > until) {
        at.own = own + 1
        at.a = 0
        return false
      }
      continue
    }
    for (; a < last; a++) {
      const hi = hiOf[a]!
      const lo = loOf[a]!
      for (let p = 0; p < probes.length; p++) {
        const v = (own ^ probes[p]!) >>> 0
        if (v < own) continue
        const end = starts[v + 1]!
        for (let k = v === own ? a + 1 : starts[v]!; k < end; k++) {
          if (popcount(hiOf[k]! ^ hi) + popcount(loOf[k]! ^ lo) > d) continue
          const x = find(parent, members[a]!)
          const y = find(parent, members[k]!)
          if (x !== y) parent[x] = y
        }
      }
      if ((++work & 63) === 0 && performance.now() > until) {
        at.own = own
        at.a = a + 1
        return false
      }
    }
  }
  at.own = buckets
  return true
}

/** When the current step ends (performance.now() time); reset after every yield. */
interface Clock {
  until: number
}

/** Ends the step: yields, then gives the next one its STEP_MS. */
function* pause(clock: Clock): Generator<void> {
  yield
  clock.until = performance.now() + STEP_MS
}

/**
 * Runs `body` over [0, total) in pieces of PIECE, ending the step whenever it has had its time.
 * The loops live in plain functions (`body`): V8 optimises those, while a loop in a generator
 * runs interpreted for a long while (a 4M-entry pass took 200 ms there, ~10 ms here).
 */
function* inSteps(
  clock: Clock,
  total: number,
  body: (from: number, to: number) => void,
): Generator<void> {
  for (let from = 0; from < total; from += PIECE) {
    body(from, Math.min(total, from + PIECE))
    if (performance.now() > clock.until) yield* pause(clock)
  }
}

/** The distinct hashes (as pairs) and, per slot, which of them it has: see `distinct`. */
interface Distinct {
  unique: Uint32Array
  uniqueOf: Int32Array
}

/**
 * The distinct hashes through an open-addressing table in a typed array (a Map of 100k keys
 * took ~20 ms, this ~2 ms), in steps. The table holds distinct-hash number + 1 (0 = empty), so it
 * needs no fill before the first step: at 1M hashes `fill(-1)` wrote its 8 MiB in one go, and the
 * first touch of each fresh page (a fault each) came with it.
 */
function* distinct(clock: Clock, h: Uint32Array, n: number): Generator<void, Distinct> {
  const unique = new Uint32Array(2 * n)
  const uniqueOf = new Int32Array(n)
  let bits = 4
  while (1 << bits < 2 * n) bits++
  const mask = (1 << bits) - 1
  const table = new Int32Array(1 << bits)
  let m = 0
  yield* inSteps(clock, n, (from, to) => {
    for (let i = from; i < to; i++) {
      const hi = h[2 * i]!
      const lo = h[2 * i + 1]!
      let at = (Math.imul(hi ^ Math.imul(lo, 0x85ebca6b), 0x9e3779b1) >>> (32 - bits)) & mask
      for (;;) {
        const u = table[at]! - 1
        if (u < 0) {
          table[at] = m + 1
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
  })
  return { unique: unique.subarray(0, 2 * m), uniqueOf }
}

/**
 * Buckets the distinct hashes by one chunk (a counting sort), in steps. Counts go two places up,
 * so after the prefix sum `starts[v + 1]` is where bucket v begins, and placing each member there
 * (and moving it on) leaves `starts[v]` at its start and `starts[v + 1]` at its end: no second
 * 16 MiB array of positions.
 */
function* fillBuckets(clock: Clock, b: Buckets, unique: Uint32Array, c: Chunk): Generator<void> {
  const m = unique.length / 2
  const { starts, members, hiOf, loOf } = b
  const size = 2 ** c.width
  yield* inSteps(clock, size + 2, (from, to) => starts.fill(0, from, to))
  yield* inSteps(clock, m, (from, to) => {
    for (let u = from; u < to; u++) starts[chunkValue(unique[2 * u]!, unique[2 * u + 1]!, c) + 2]!++
  })
  yield* inSteps(clock, size, (from, to) => {
    for (let v = from; v < to; v++) starts[v + 2]! += starts[v + 1]!
  })
  yield* inSteps(clock, m, (from, to) => {
    for (let u = from; u < to; u++) {
      const at = starts[chunkValue(unique[2 * u]!, unique[2 * u + 1]!, c) + 1]!++
      members[at] = u
      hiOf[at] = unique[2 * u]!
      loOf[at] = unique[2 * u + 1]!
    }
  })
}

/** What a grouping reports between its steps: how far it is, 0..1. */
export type GroupProgress = (done: number) => void

/**
 * Groups of slots (indexes into `hashes`, two Uint32 per slot) whose hashes are within `d` bits,
 * directly or through others; each group has at least two slots, in slot order. Identical hashes
 * are merged first, so a picture saved 1,000 times costs one probe, not a million. Yields between
 * steps of at most ~STEP_MS (the caller lets the event loop turn there; stopping the generator
 * cancels it); `progress` hears how far it is after each step. `cut`: the chunks to probe by
 * (default: planChunks' choice for the distinct hashes there are).
 */
export function* groupSlots(
  hashes: Uint32Array,
  n: number,
  d: number,
  progress?: GroupProgress,
  cut?: Chunk[],
): Generator<void, Int32Array[]> {
  const clock: Clock = { until: performance.now() + STEP_MS }
  const { unique, uniqueOf } = yield* distinct(clock, hashes, n)
  const m = unique.length / 2
  const parent = new Int32Array(m)
  yield* inSteps(clock, m, (from, to) => {
    for (let u = from; u < to; u++) parent[u] = u
  })
  const chunks = cut ?? planChunks(m, d)
  const widest = 2 ** Math.max(...chunks.map((c) => c.width))
  const buckets: Buckets = {
    starts: new Uint32Array(widest + 2),
    members: new Int32Array(m),
    hiOf: new Uint32Array(m),
    loOf: new Uint32Array(m),
    parent,
  }
  for (let i = 0; i < chunks.length; i++) {
    const c = chunks[i]!
    const view = { ...buckets, starts: buckets.starts.subarray(0, 2 ** c.width + 2) }
    yield* fillBuckets(clock, view, unique, c)
    const probes = masks(c.width, c.radius)
    const at: Cursor = { own: 0, a: 0 }
    while (!probe(view, at, probes, d, clock.until)) {
      progress?.((i + at.own / 2 ** c.width) / chunks.length)
      yield* pause(clock)
    }
    progress?.((i + 1) / chunks.length)
  }
  // Slots per root, then the groups of two or more (no list for the many alone).
  const size = new Int32Array(m)
  yield* inSteps(clock, n, (from, to) => {
    for (let i = from; i < to; i++) size[find(parent, uniqueOf[i]!)]!++
  })
  // Group number + 1 per root (0 = none yet): no fill of m entries in one step.
  const groupOf = new Int32Array(m)
  const groups: number[][] = []
  yield* inSteps(clock, n, (from, to) => {
    for (let i = from; i < to; i++) {
      const root = find(parent, uniqueOf[i]!)
      if (size[root]! < 2) continue
      if (groupOf[root] === 0) groupOf[root] = groups.push([])
      groups[groupOf[root]! - 1]!.push(i)
    }
  })
  return groups.map((g) => Int32Array.from(g))
}
