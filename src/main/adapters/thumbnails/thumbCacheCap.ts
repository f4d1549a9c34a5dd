import { promises as fs } from 'node:fs'
import { join } from 'node:path'

import { DEFAULT_THUMB_CACHE_GIB, GIB } from '@shared/library/thumbCache'

/** Default size cap of the thumbnail cache (the Settings choice's default: shared/library/thumbCache.ts). */
export const THUMB_CACHE_CAP = DEFAULT_THUMB_CACHE_GIB * GIB

/** What an eviction keeps: this share of the cap, so evictions do not follow every new thumbnail. */
const KEEP_SHARE = 0.9

/** Time buckets of the eviction's histogram (its LRU granularity: the cache's time span / this). */
const BUCKETS = 4096

/** Files stat'ed at once by a walk (libuv's pool runs them between sharp's jobs). */
const STAT_AT_ONCE = 8

/** Shard folders of the cache (the first two hex digits of the hash); `drag/` is not one. */
const SHARD = /^[0-9a-f]{2}$/u

interface Entry {
  path: string
  mtimeMs: number
  size: number
}

/**
 * A size cap with least-recently-used eviction for the thumbnail cache (issue #33: a 1M-item
 * library has ~15 GB of thumbnails). Recency is the file's mtime, set when a thumbnail is made
 * and again whenever it is served (`touch`); atime is not used because relatime and noatime
 * mounts do not keep it. Memory stays bounded at any cache size: no list of files is held. The
 * total is learnt from one walk of the shards (the first time it is needed) and kept up to date
 * by `added`; over the cap, an eviction walks the shards twice: once to build a histogram of
 * bytes by mtime and find the oldest time to keep so that KEEP_SHARE of the cap remains, once
 * to delete every file older than that.
 */
export class ThumbCacheCap {
  private total: number | null = null
  private running: Promise<void> | null = null
  private measuring: Promise<void> | null = null

  constructor(
    private readonly dir: string,
    private cap: number = THUMB_CACHE_CAP,
    private readonly now: () => number = Date.now,
  ) {}

  get capBytes(): number {
    return this.cap
  }

  /**
   * A new cap (the Settings choice changed): when the cache is known to hold more, an eviction
   * starts, which the returned promise waits for (callers need not); before the cache was first
   * counted (start-up) nothing is walked: the next thumbnail made counts it against the new cap.
   */
  async setCap(bytes: number): Promise<void> {
    this.cap = bytes
    if (this.total !== null && this.total > this.cap) await this.evict()
  }

  /** Marks a thumbnail as just used (errors ignored: a file evicted meanwhile is made again). */
  async touch(path: string): Promise<void> {
    const t = new Date(this.now())
    await fs.utimes(path, t, t).catch(() => undefined)
  }

  /**
   * Counts a thumbnail just written and starts an eviction when the cache is over its cap;
   * resolves when that eviction is done (callers need not wait).
   */
  async added(bytes: number): Promise<void> {
    // The first count is one walk, however many thumbnails arrive while it runs (a first grid
    // makes three at once and one every few ms): each used to start a walk of its own, every
    // shard read again per thumbnail until one had finished. Files written during the walk are
    // counted if it reaches their shard after they were written; the total can miss those, a
    // few thumbnails, until an eviction walks again.
    if (this.total === null) await (this.measuring ??= this.measure())
    else this.total += bytes
    if (this.total! > this.capBytes) await this.evict()
  }

  /** Bytes in the cache as last counted (null before the first count). */
  get bytes(): number | null {
    return this.total
  }

  /** Removes the least recently used thumbnails until KEEP_SHARE of the cap remains. */
  evict(): Promise<void> {
    this.running ??= this.evictOnce().finally(() => (this.running = null))
    return this.running
  }

  private async measure(): Promise<void> {
    let total = 0
    await this.walk((e) => void (total += e.size))
    this.total = total
  }

  private async evictOnce(): Promise<void> {
    let lo = Infinity
    let hi = -Infinity
    await this.walk((e) => {
      lo = Math.min(lo, e.mtimeMs)
      hi = Math.max(hi, e.mtimeMs)
    })
    if (lo > hi) {
      this.total = 0
      return
    }
    const width = (hi - lo) / BUCKETS || 1
    const bucketOf = (t: number) => Math.min(BUCKETS - 1, Math.floor((t - lo) / width))
    const bytes = new Float64Array(BUCKETS)
    await this.walk((e) => void (bytes[bucketOf(e.mtimeMs)]! += e.size))
    // Newest first: keep whole buckets while they fit in the share of the cap that stays.
    const keep = this.capBytes * KEEP_SHARE
    let kept = 0
    let first = BUCKETS
    while (first > 0 && kept + bytes[first - 1]! <= keep) kept += bytes[--first]!
    let removed = 0
    await this.walk(async (e) => {
      if (bucketOf(e.mtimeMs) >= first) return
      await fs.rm(e.path, { force: true })
      removed += e.size
    })
    this.total = Math.max(0, (this.total ?? 0) - removed)
  }

  /**
   * Every thumbnail file in the shards, one shard at a time (a file gone meanwhile is skipped).
   * A shard's files are stat'ed STAT_AT_ONCE at a time: one by one, the 270k files of a full
   * 4 GiB cache took one pool round trip each in turn, and a walk ran three times per eviction.
   * All of it on libuv's pool; main only sees the answers. `visit` runs one file at a time.
   */
  private async walk(visit: (e: Entry) => void | Promise<void>): Promise<void> {
    const shards = await fs.readdir(this.dir).catch(() => [] as string[])
    for (const shard of shards) {
      if (!SHARD.test(shard)) continue
      const folder = join(this.dir, shard)
      const names = (await fs.readdir(folder).catch(() => [] as string[])).filter((n) =>
        n.endsWith('.webp'),
      )
      let next = 0
      let visiting = Promise.resolve()
      const worker = async () => {
        while (next < names.length) {
          const path = join(folder, names[next++]!)
          const st = await fs.stat(path).catch(() => null)
          if (st) {
            const entry = { path, mtimeMs: st.mtimeMs, size: st.size }
            visiting = visiting.then(() => visit(entry))
            await visiting
          }
        }
      }
      await Promise.all(Array.from({ length: Math.min(STAT_AT_ONCE, names.length) }, worker))
    }
  }
}
