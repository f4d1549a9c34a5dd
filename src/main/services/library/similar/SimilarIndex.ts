import { type PHash, popcount32 } from '@shared/library/phash'

import { type GroupProgress, groupSlots } from './groupHashes'
import { borrowBuffer, returnBuffers } from './spareBuffers'

/** A match: the item and how many of the 64 bits differ. */
export interface HashHit {
  id: string
  distance: number
}

/** Largest distance `groups` accepts: beyond it the probes per chunk grow too fast. */
export const MAX_GROUP_DISTANCE = 15

/**
 * Read once: tests and benches load modules as CommonJS, where each use of an imported function
 * goes through a getter that V8 does not inline, 3× slower in the loops below (the built app is
 * one bundle, where it is a plain call either way).
 */
const popcount = popcount32

/** Hashes copied, or group members turned into ids, per step (< 1 ms). */
const IDS_PER_STEP = 32_768

/**
 * The index as a grouping under way began: its ids and hashes arrays then (clear() and growth
 * replace them, leaving these as they were), and what was in the first `n` slots before a change
 * (`keep`): the ids `remove` moved or dropped, and the hashes changed before the copy got there.
 */
interface Snapshot {
  ids: string[]
  hashes: Uint32Array
  n: number
  /** Slots below this are copied: later changes to them need no note of their hash. */
  copied: number
  idWas: Map<number, string>
  hashWas: Map<number, PHash>
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
  /** The groupings under way (see Snapshot): empty but for a few seconds at a time. */
  private readonly snapshots = new Set<Snapshot>()
  /** Bumped by every change: a cached answer (the duplicates groups) is current while it holds. */
  version = 0

  get size(): number {
    return this.ids.length
  }

  clear(): void {
    this.version++
    this.ids = []
    this.hashes = new Uint32Array(2 * 1024)
    this.slots.clear()
  }

  /** Notes what `slot` holds for the groupings under way, before it changes. */
  private keep(slot: number): void {
    for (const snap of this.snapshots) {
      if (slot >= snap.n) continue
      if (snap.ids === this.ids && !snap.idWas.has(slot)) snap.idWas.set(slot, this.ids[slot]!)
      if (snap.hashes === this.hashes && slot >= snap.copied && !snap.hashWas.has(slot))
        snap.hashWas.set(slot, { hi: this.hashes[2 * slot]!, lo: this.hashes[2 * slot + 1]! })
    }
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
    if (slot !== undefined) this.keep(slot)
    else {
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
    this.keep(slot)
    this.keep(last)
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
   * (union-find), each with at least two items, found by multi-index hashing (groupHashes.ts).
   */
  groups(maxDistance: number): string[][] {
    const steps = this.groupsInSteps(maxDistance)
    for (;;) {
      const step = steps.next()
      if (step.done) return step.value
    }
  }

  /**
   * `groups` in steps of at most a few ms (groupHashes.ts: STEP_MS), so main can run other work
   * between them (LibrarySimilar yields to the event loop at each step; dropping the generator
   * cancels it). Groups the index as it was at the start: the hashes are copied (a typed array),
   * the ids are not (1M of them were 8 MiB of pointers on the JS heap per grouping, whose growth
   * brought a full GC into a step at 1M items), `remove` notes the ones it moves meanwhile
   * instead. `progress` hears how far it is, 0..1.
   */
  *groupsInSteps(maxDistance: number, progress?: GroupProgress): Generator<void, string[][]> {
    const d = Math.max(0, Math.min(MAX_GROUP_DISTANCE, Math.floor(maxDistance)))
    const n = this.ids.length
    const snap: Snapshot = {
      ids: this.ids,
      hashes: this.hashes,
      n,
      copied: 0,
      idWas: new Map(),
      hashWas: new Map(),
    }
    this.snapshots.add(snap)
    let hashes: Uint32Array | undefined
    try {
      // The copy in pieces of IDS_PER_STEP: one go at 1M held main for several ms.
      hashes = new Uint32Array(borrowBuffer(8 * n), 0, 2 * n)
      while (snap.copied < n) {
        const to = Math.min(n, snap.copied + IDS_PER_STEP)
        hashes.set(snap.hashes.subarray(2 * snap.copied, 2 * to), 2 * snap.copied)
        snap.copied = to
        yield
      }
      for (const [slot, h] of snap.hashWas) {
        hashes[2 * slot] = h.hi
        hashes[2 * slot + 1] = h.lo
      }
      const { slots, starts } = yield* groupSlots(hashes, n, d, progress)
      const out: string[][] = []
      let done = 0
      for (let g = 0; g + 1 < starts.length; g++) {
        const ids: string[] = []
        for (let k = starts[g]!; k < starts[g + 1]!; k++)
          ids.push(snap.idWas.get(slots[k]!) ?? snap.ids[slots[k]!]!)
        out.push(ids)
        done += ids.length
        if (done >= IDS_PER_STEP) {
          done = 0
          yield
        }
      }
      return out
    } finally {
      this.snapshots.delete(snap)
      if (hashes) returnBuffers(hashes.buffer)
    }
  }

  /** Distance between two indexed items, or null when either has no hash. */
  distance(a: string, b: string): number | null {
    const x = this.get(a)
    const y = this.get(b)
    if (!x || !y) return null
    return popcount(x.hi ^ y.hi) + popcount(x.lo ^ y.lo)
  }
}
