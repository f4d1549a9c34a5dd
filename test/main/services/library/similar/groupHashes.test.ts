import {
  type Chunk,
  cutInto,
  MAX_WIDTH,
  planChunks,
} from '@main/services/library/similar/chunkPlan'
import { groupSlots, type SlotGroups } from '@main/services/library/similar/groupHashes'
import { hamming, type PHash, popcount32 } from '@shared/library/phash'
import { describe, expect, it } from 'vitest'

/** sfc32: a seeded generator with 128 bits of state (honest 64-bit hashes from two draws). */
function seeded(seed: number): () => number {
  let a = 0x9e3779b9
  let b = 0x243f6a88
  let c = 0xb7e15162
  let d = seed
  const next = () => {
    const t = (((a + b) | 0) + (d = (d + 1) | 0)) | 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) | 0
    c = (c << 21) | (c >>> 11)
    c = (c + t) | 0
    return t >>> 0
  }
  for (let i = 0; i < 16; i++) next()
  return next
}

/** `h` with the given bits (0–63) flipped. */
function flip(h: PHash, bits: number[]): PHash {
  let { hi, lo } = h
  for (const b of bits) {
    if (b < 32) hi = (hi ^ (1 << b)) >>> 0
    else lo = (lo ^ (1 << (b - 32))) >>> 0
  }
  return { hi, lo }
}

const pack = (all: PHash[]) => {
  const out = new Uint32Array(2 * all.length)
  all.forEach((h, i) => {
    out[2 * i] = h.hi
    out[2 * i + 1] = h.lo
  })
  return out
}

/** Runs a grouping to its end without turns; its groups as lists, in the order it gives them. */
function run(steps: Generator<void, SlotGroups>): number[][] {
  for (;;) {
    const step = steps.next()
    if (step.done) {
      const { slots, starts } = step.value
      return Array.from({ length: starts.length - 1 }, (_, g) =>
        Array.from(slots.subarray(starts[g]!, starts[g + 1]!)),
      )
    }
  }
}

/** Groups as sorted lists of slots, sorted: comparable whatever the order. */
const canonical = (groups: ArrayLike<number>[]) =>
  groups.map((g) => Array.from(g).sort((x, y) => x - y)).sort((x, y) => x[0]! - y[0]!)

/** The plain scan: every pair compared, joined by union-find, groups of two or more. */
function bruteForce(all: PHash[], d: number): number[][] {
  const parent = all.map((_, i) => i)
  const find = (x: number): number => (parent[x] === x ? x : (parent[x] = find(parent[x]!)))
  for (let i = 0; i < all.length; i++)
    for (let j = i + 1; j < all.length; j++)
      if (hamming(all[i]!, all[j]!) <= d) parent[find(i)] = find(j)
  const groups = new Map<number, number[]>()
  all.forEach((_, i) => groups.set(find(i), [...(groups.get(find(i)) ?? []), i]))
  return canonical([...groups.values()].filter((g) => g.length > 1))
}

/**
 * Random hashes, each with a few neighbours at exactly d and d + 1 bits whose flipped bits sit
 * on both sides of every chunk edge of `cut` (where a wrong shift or mask would lose them),
 * byte-identical copies, and neighbours 0–15 bits away anywhere.
 */
function seededHashes(cut: Chunk[], d: number, rand: () => number): PHash[] {
  const all: PHash[] = []
  const edges = cut.map((c) => c.start).concat([32, 63])
  for (let i = 0; i < 120; i++) {
    const base = { hi: rand(), lo: rand() }
    all.push(base)
    const edge = edges[i % edges.length]!
    // d + 1 bits, then d of them: spread around the edge, wrapping within 0..63.
    const around = Array.from({ length: d + 1 }, (_, k) => (edge - (d >> 1) + k + 64) % 64)
    if (i % 3 === 0) all.push(flip(base, around))
    else if (i % 3 === 1) all.push(flip(base, around.slice(1)))
    else all.push({ ...base })
    const n = rand() % 16
    all.push(
      flip(
        base,
        Array.from({ length: n }, () => rand() % 64),
      ),
    )
  }
  return all
}

describe('groupHashes', () => {
  it('plans cuts that cover the 64 bits and meet the pigeonhole rule', () => {
    for (const n of [2, 1_000, 100_000, 1_000_000, 10_000_000]) {
      for (let d = 0; d <= 15; d++) {
        const cut = planChunks(n, d)
        let start = 0
        for (const c of cut) {
          expect(c.start).toBe(start)
          expect(c.width).toBeLessThanOrEqual(MAX_WIDTH)
          expect(c.radius).toBeGreaterThanOrEqual(0)
          start += c.width
        }
        expect(start).toBe(64)
        expect(cut.reduce((s, c) => s + c.radius + 1, 0)).toBeGreaterThanOrEqual(d + 1)
      }
    }
    // The cost model's choices at the sizes the bench measures (see the file's comment).
    expect(planChunks(100_000, 8).map((c) => c.radius)).toEqual([2, 1, 1, 1])
    expect(planChunks(1_000_000, 8).map((c) => [c.width, c.radius])).toEqual([
      [22, 2],
      [21, 2],
      [21, 2],
    ])
  })

  it('finds the same groups as the plain scan, for every cut and distance, edges included', () => {
    for (let m = 3; m <= 8; m++) {
      for (const d of [0, 1, 4, 7, 8, 9, 12, 15]) {
        const cut = cutInto(m, d)
        const all = seededHashes(cut, d, seeded(1000 * m + d))
        const found = run(groupSlots(pack(all), all.length, d, undefined, cut))
        // Already in canonical order: groups by first slot, slots ascending (what callers keep).
        expect(found, `${m} chunks, distance ${d}`).toEqual(bruteForce(all, d))
      }
    }
  })

  it('finds the same groups as the plain scan with its own plan', () => {
    const all = seededHashes(planChunks(360, 8), 8, seeded(77))
    expect(run(groupSlots(pack(all), all.length, 8))).toEqual(bruteForce(all, 8))
  })

  it('finds the pairs the plain scan finds among 600k hashes, where it cuts in three', () => {
    // Brute force over all pairs is out of reach here: every planted pair (d and d + 1 bits,
    // across the cut's edges) and the plain scan of 300 sampled hashes against all of them.
    const rand = seeded(9)
    const n = 600_000
    const cut = planChunks(n, 8)
    expect(cut).toHaveLength(3)
    const planted = seededHashes(cut, 8, rand)
    const packed = new Uint32Array(2 * n)
    packed.set(pack(planted))
    for (let i = 2 * planted.length; i < 2 * n; i++) packed[i] = rand()
    const groups = run(groupSlots(packed.slice(), n, 8))
    const groupOf = new Int32Array(n).fill(-1)
    groups.forEach((g, i) => g.forEach((slot) => (groupOf[slot] = i)))
    const at = (i: number): PHash => ({ hi: packed[2 * i]!, lo: packed[2 * i + 1]! })
    const samples = Array.from({ length: 100 }, (_, k) => (k < planted.length ? k : rand() % n))
    for (const a of samples) {
      const { hi, lo } = at(a)
      const apart: number[] = []
      for (let b = 0; b < n; b++) {
        if (b === a || popcount32(packed[2 * b]! ^ hi) + popcount32(packed[2 * b + 1]! ^ lo) > 8)
          continue
        if (groupOf[a]! < 0 || groupOf[a] !== groupOf[b]) apart.push(b)
      }
      expect(apart, `within 8 bits of ${a} but not in its group`).toEqual([])
    }
    // Every member of a group is within 8 bits of another member (no stray joins).
    for (const g of groups.filter((x) => x.length <= 50))
      for (const a of g) expect(g.some((b) => b !== a && hamming(at(a), at(b)) <= 8)).toBe(true)
  }, 60_000)

  it('keeps its typed arrays to 20 bytes a hash and one scratch buffer, reused by the next (300k hashes)', () => {
    // V8 counts typed arrays as external memory and starts a full GC, marking and pausing in the
    // steps, after 64 MiB more of it: at 1M the grouping took 68 MiB and got one.
    const rand = seeded(11)
    const n = 300_000
    const hashes = new Uint32Array(2 * n)
    for (let i = 0; i < 2 * n; i++) hashes[i] = rand()
    ;(globalThis as { gc?: () => void }).gc?.()
    const before = process.memoryUsage().arrayBuffers
    let peak = before
    const steps = groupSlots(hashes, n, 8)
    while (!steps.next().done) peak = Math.max(peak, process.memoryUsage().arrayBuffers)
    // The scratch: the larger of the buckets' starts and the hash table (a power of two ≥ 2n).
    const buckets = 2 ** Math.max(...planChunks(n, 8).map((c) => c.width)) + 2
    const scratch = 4 * Math.max(buckets, 2 ** Math.ceil(Math.log2(2 * n)))
    expect(peak - before).toBeLessThanOrEqual(20 * n + scratch + 2 ** 20)
    // The next grouping (the distance changed) reuses them: only its result is new.
    for (let i = 0; i < 2 * n; i++) hashes[i] = rand()
    const again = process.memoryUsage().arrayBuffers
    peak = again
    const next = groupSlots(hashes, n, 7)
    while (!next.next().done) peak = Math.max(peak, process.memoryUsage().arrayBuffers)
    expect(peak - again).toBeLessThanOrEqual(2 ** 20)
  }, 60_000)

  it('holds main for at most one short step at a time (a 1 ms timer watches, 300k hashes)', async () => {
    const rand = seeded(5)
    const n = 300_000
    const hashes = new Uint32Array(2 * n)
    for (let i = 0; i < 2 * n; i++) hashes[i] = rand()
    // The monitor: CPU the process used between two ticks of a 1 ms timer is the time main was
    // held (wall gaps on a shared machine also count the time other processes had the cores).
    const gaps: number[] = []
    let last = process.cpuUsage()
    const monitor = setInterval(() => {
      const used = process.cpuUsage(last)
      last = process.cpuUsage()
      gaps.push((used.user + used.system) / 1000)
    }, 1)
    const progress: number[] = []
    const steps = groupSlots(hashes, n, 8, (p) => progress.push(p))
    let step = steps.next()
    let count = 1
    while (!step.done) {
      await new Promise<void>((resolve) => setImmediate(resolve))
      step = steps.next()
      count++
    }
    clearInterval(monitor)
    gaps.sort((x, y) => x - y)
    const p99 = gaps[Math.floor(gaps.length * 0.99)]!
    expect(count).toBeGreaterThan(20)
    expect(gaps.length).toBeGreaterThan(count / 4)
    expect(
      p99,
      `p99 ${p99} ms, worst ${gaps.at(-1)} ms over ${gaps.length} ticks`,
    ).toBeLessThanOrEqual(10)
    expect(progress.at(-1)).toBe(1)
    expect(progress).toEqual([...progress].sort((x, y) => x - y))
  }, 60_000)
})
