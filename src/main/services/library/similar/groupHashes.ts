import { popcount32 } from '@shared/library/phash'

import { type Chunk, masks, planChunks } from './chunkPlan'
import { borrowBuffer, returnBuffers } from './spareBuffers'
import { type Clock, inSteps, pause, startClock } from './steps'

/**
 * The duplicates grouping (SimilarIndex.groupsInSteps) over typed arrays: which hashes lie within
 * `d` bits of each other, joined into groups by union-find, in steps of at most STEP_MS
 * (steps.ts) so main's event loop keeps turning at 1,000,000 hashes (issue #33).
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

/** Read once (see SimilarIndex: an imported function is a getter call per use under CommonJS). */
const popcount = popcount32

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

/**
 * Writes zeros over a fresh typed array in steps, so its pages are mapped in order now, not one
 * fault each under the random writes that follow: one piece of 4,096 random writes into a fresh
 * 16 MiB table (or the buckets' members) took 50–110 ms of page faults at 1M hashes.
 */
function* touched<T extends Int32Array | Uint32Array>(clock: Clock, array: T): Generator<void, T> {
  yield* inSteps(clock, array.length, (from, to) => array.fill(0, from, to))
  return array
}

/**
 * Merges identical hashes in place: the first `m` pairs of `h` become the distinct hashes (a pair
 * is only ever written at or before the slot it was read from) and `uniqueOf` says which of them
 * each slot has; returns `m`. Through an open-addressing table in a typed array (a Map of 100k
 * keys took ~20 ms, this ~2 ms), in steps. The table holds distinct-hash number + 1 (0 = empty,
 * as a fresh buffer is), so it needs no fill: at 1M hashes `fill(-1)` wrote 8 MiB in one step.
 */
function* distinct(
  clock: Clock,
  h: Uint32Array,
  n: number,
  uniqueOf: Int32Array,
  table: Int32Array,
): Generator<void, number> {
  let bits = 0
  while (2 ** (bits + 1) <= table.length) bits++
  const mask = (1 << bits) - 1
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
          h[2 * m] = hi
          h[2 * m + 1] = lo
          uniqueOf[i] = m++
          break
        }
        if (h[2 * u] === hi && h[2 * u + 1] === lo) {
          uniqueOf[i] = u
          break
        }
        at = (at + 1) & mask
      }
    }
  })
  return m
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
 * Groups of slots, flat: group g is `slots[starts[g]]` to `slots[starts[g + 1] - 1]`, in slot
 * order, and the groups are in the order of their first slot. Two typed arrays rather than an
 * array per group: at 1M hashes a few hundred thousand may be grouped.
 */
export interface SlotGroups {
  slots: Int32Array
  starts: Int32Array
}

/** Entries the scratch buffer needs: the distinct-hash table (twice `n` or more) or the buckets. */
function scratchLength(n: number, chunks: Chunk[]): number {
  const widest = 2 ** Math.max(...chunks.map((c) => c.width)) + 2
  return Math.max(widest, 2 ** Math.ceil(Math.log2(Math.max(2, 2 * n))))
}

/**
 * Groups of slots (indexes into `hashes`, two Uint32 per slot) whose hashes are within `d` bits,
 * directly or through others; each group has at least two slots. Identical hashes are merged
 * first, so a picture saved 1,000 times costs one probe, not a million. `hashes` is the caller's
 * copy and is overwritten (its first pairs become the distinct hashes).
 *
 * Yields between steps of at most ~STEP_MS (the caller lets the event loop turn there; stopping
 * the generator cancels it); `progress` hears how far it is after each step. `cut`: the chunks to
 * probe by (default: planChunks' choice for the distinct hashes there are).
 *
 * Its typed arrays come to 20 bytes a hash and one scratch buffer (the hash table, then the
 * buckets' starts, then the counts by group: 16 MiB at 1M), 36 MiB at 1M. V8 counts them as
 * external memory, and 64 MiB more of it since the last full GC starts one, whose marking and
 * final pause then land in the steps (the 68 MiB a grouping took before did that at 1M). Nothing
 * on the JS heap grows with the hashes, and the result is two typed arrays.
 */
export function* groupSlots(
  hashes: Uint32Array,
  n: number,
  d: number,
  progress?: GroupProgress,
  cut?: Chunk[],
): Generator<void, SlotGroups> {
  const clock = startClock()
  // Borrowed (spareBuffers.ts) and given back however the grouping ends.
  const int32 = (length: number) => new Int32Array(borrowBuffer(4 * length), 0, length)
  const uint32 = (length: number) => new Uint32Array(borrowBuffer(4 * length), 0, length)
  const uniqueOf = int32(n)
  let scratch = borrowBuffer(4 * scratchLength(n, cut ?? planChunks(n, d)))
  const used: ArrayBufferLike[] = [uniqueOf.buffer, scratch]
  try {
    const table = yield* touched(clock, new Int32Array(scratch, 0, scratch.byteLength >> 2))
    const m = yield* distinct(clock, hashes, n, uniqueOf, table)
    const unique = hashes.subarray(0, 2 * m)
    const parent = int32(m)
    used.push(parent.buffer)
    yield* inSteps(clock, m, (from, to) => {
      for (let u = from; u < to; u++) parent[u] = u
    })
    const chunks = cut ?? planChunks(m, d)
    if (4 * scratchLength(m, chunks) > scratch.byteLength) {
      scratch = borrowBuffer(4 * scratchLength(m, chunks))
      used.push(scratch)
    }
    const buckets: Buckets = {
      starts: new Uint32Array(scratch, 0, scratch.byteLength >> 2),
      members: yield* touched(clock, int32(m)),
      hiOf: yield* touched(clock, uint32(m)),
      loOf: yield* touched(clock, uint32(m)),
      parent,
    }
    used.push(buckets.members.buffer, buckets.hiOf.buffer, buckets.loOf.buffer)
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
    return yield* collect(clock, parent, uniqueOf, new Int32Array(scratch, 0, 2 * m))
  } finally {
    returnBuffers(...used)
  }
}

/**
 * The groups of two or more slots from the union-find, in steps: slots per root, then the groups
 * and their sizes, then the slots placed. `counts` (2m entries, zeroed here) holds the slots per
 * root, then where its group's next slot goes, and beside it the group number + 1 per root.
 */
function* collect(
  clock: Clock,
  parent: Int32Array,
  uniqueOf: Int32Array,
  counts: Int32Array,
): Generator<void, SlotGroups> {
  const n = uniqueOf.length
  const m = parent.length
  yield* inSteps(clock, 2 * m, (from, to) => counts.fill(0, from, to))
  const next = counts.subarray(0, m)
  const groupOf = counts.subarray(m, 2 * m)
  yield* inSteps(clock, n, (from, to) => {
    for (let i = from; i < to; i++) next[find(parent, uniqueOf[i]!)]!++
  })
  let groups = 0
  let grouped = 0
  yield* inSteps(clock, m, (from, to) => {
    for (let u = from; u < to; u++) {
      if (parent[u] !== u || next[u]! < 2) continue
      groups++
      grouped += next[u]!
    }
  })
  const slots = yield* touched(clock, new Int32Array(grouped))
  const starts = new Int32Array(groups + 1)
  let g = 0
  yield* inSteps(clock, n, (from, to) => {
    for (let i = from; i < to; i++) {
      const root = find(parent, uniqueOf[i]!)
      if (groupOf[root] === 0) {
        if (next[root]! < 2) continue
        // The group's first slot: its start, then where its next slot goes.
        starts[g + 1] = starts[g]! + next[root]!
        next[root] = starts[g]!
        groupOf[root] = ++g
      }
      slots[next[root]!++] = i
    }
  })
  return { slots, starts }
}
