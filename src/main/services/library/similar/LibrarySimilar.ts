/**
 * similar/: "find similar" and the duplicates view: perceptual hashes stored in the index
 * (similarSql.ts), the in-memory index of them and its groups (SimilarIndex.ts), and the
 * background walk that fills them (this file). It only reads items and writes hashes: it never
 * changes a user's file or another part's rows.
 */
import { join } from 'node:path'

import { DUPLICATE_DISTANCE, type PHash, SIMILAR_DISTANCE } from '@shared/library/phash'
import {
  type DuplicateGroup,
  type DuplicatesView,
  type HashProgress,
  MAX_DUPLICATE_GROUPS,
  type SimilarView,
} from '@shared/library/similar'
import type { LibraryChange, LibraryStatus, LibraryTile } from '@shared/library/types'
import { fail } from '@shared/result'

import { exists } from '../../../adapters/fs/exists'
import { type Db, writeIfFree } from '../../../adapters/sqlite/openDatabase'
import { t } from '../../../i18n'
import type { LibraryCore, LibraryServiceOptions } from '../core/LibraryCore'
import { errnoOf } from '../disk/fsUtil'
import { type TileRow, toTile } from '../index/indexRows'
import { LOCKED_RETRY_MS } from '../index/writeWhenFree'
import { DuplicateGroupings } from './duplicateGroupings'
import { SimilarIndex } from './SimilarIndex'
import { type ItemHash, prepareSimilarSql as prepare, type SimilarSql } from './similarSql'

/**
 * Rows read into the cache per step: ~2.7 ms each, a 100k library in 40 steps (~110 ms in all;
 * measured with 5,000: 5.3 ms median, 6.8 max).
 */
const LOAD_CHUNK = 2_500
/** Rows looked at per step of the background walk for images without a hash (~0.5 ms). */
const WALK_CHUNK = 1_000
/** Added ids resolved per step. */
const ADDED_CHUNK = 500
/** Stored for a file sharp cannot decode, so it is not tried again. */
const UNHASHABLE: PHash = { hi: -1, lo: -1 }

/** Lets other work (IPC, the grid's thumbnails) run between two steps. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * How long to wait before hashing: after the first reconcile (start-up has the machine first:
 * 3 s), and after an item is added (the grid usually asks for its thumbnail, and so its hash,
 * first: 2 s).
 */
export type LibrarySimilarOptions = NonNullable<LibraryServiceOptions['similar']>

interface Missing {
  sha256: string
  relPath: string
}

/**
 * "Find similar" and the duplicates view, part of LibraryService. Hashes live in the `phashes`
 * table (by sha256, index/indexSchema.ts) and, once asked for, in a SimilarIndex kept in line by
 * `library:changed`. Thumbnails bring them (one decode); older or unseen images are hashed by a
 * background walk, one at a time (one of the Thumbnailer's three slots), from the cached thumbnail
 * if any, else by making it; each step holds SQLite ~1–3 ms at most and yields to main.
 */
export class LibrarySimilar {
  private readonly index = new SimilarIndex()
  /** The cache load for `generation`; null: not asked for yet (or reset since). */
  private loaded: Promise<void> | null = null
  private generation = 0
  /** Where the walk for images without a hash goes on (rowid bound); null: the walk is done. */
  private walkBefore: number | null = Number.MAX_SAFE_INTEGER
  private readonly todo: Missing[] = []
  private added: string[] = []
  private readonly pendingHashes = new Map<string, PHash>()
  private flushQueued = false
  private timer: ReturnType<typeof setTimeout> | null = null
  private running: Promise<void> | null = null
  private stopped = false
  /** An image is being hashed by the worker right now. */
  private hashing = false
  private readonly unsubscribe: Array<() => void>
  /** The duplicates groupings: cached, shared, cancelled by another distance (duplicateGroupings.ts). */
  private readonly groupings = new DuplicateGroupings(
    this.index,
    () => this.stopped,
    (maxDistance, done) =>
      this.core.options.events.emit('library:duplicatesProgress', { maxDistance, done }),
  )
  private stmts: SimilarSql | null = null
  private readonly startDelayMs: number
  private readonly addedDelayMs: number

  constructor(
    private readonly core: LibraryCore,
    options: LibrarySimilarOptions = {},
  ) {
    this.startDelayMs = options.startDelayMs ?? 3_000
    this.addedDelayMs = options.addedDelayMs ?? 2_000
    this.unsubscribe = [
      core.thumbs.onHash((sha256, hash) => this.record(sha256, hash)),
      core.options.events.forward((event, payload) => {
        if (event === 'library:changed') this.changed(payload as LibraryChange)
        else if (event === 'library:status' && (payload as LibraryStatus).ready)
          this.kick(this.startDelayMs)
      }),
    ]
  }

  // ───────────────────────────── queries ─────────────────────────────

  /** Images that look like `id`, nearest first (ties: newest first). */
  async similar(id: string, maxDistance = SIMILAR_DISTANCE, limit = 100): Promise<SimilarView> {
    await this.ensureLoaded()
    this.catchUp()
    const hash = this.index.get(id) ?? (await this.hashNow(id))
    const hits = this.index.nearest(hash, maxDistance, limit, id)
    const tiles = this.tiles(hits.map((h) => h.id))
    const out = hits.flatMap((h) => {
      const tile = tiles.get(h.id)
      return tile ? [{ tile, distance: h.distance }] : []
    })
    out.sort((a, b) => a.distance - b.distance || b.tile.createdAt - a.tile.createdAt)
    return { sourceId: id, hits: out, ...this.progress() }
  }

  /** Groups of near-identical images, largest first; see SimilarIndex.groups. */
  async duplicates(maxDistance = DUPLICATE_DISTANCE): Promise<DuplicatesView> {
    await this.ensureLoaded()
    this.catchUp()
    const groups = await this.groupings.grouped(maxDistance)
    // Largest first; equal sizes keep the index's order (newest first as loaded).
    const ordered = [...groups.groups].sort((a, b) => b.length - a.length)
    const out: DuplicateGroup[] = []
    for (const ids of ordered) {
      if (out.length >= MAX_DUPLICATE_GROUPS) break
      const tiles = [...this.tiles(ids).values()]
      if (tiles.length < 2) continue
      tiles.sort(
        (a, b) =>
          (b.width ?? 0) * (b.height ?? 0) - (a.width ?? 0) * (a.height ?? 0) ||
          a.createdAt - b.createdAt,
      )
      const first = tiles[0]!
      out.push({
        members: tiles.map((tile) => ({
          tile,
          distance: this.index.distance(first.id, tile.id) ?? 0,
          sameFile: tile.sha256 === first.sha256,
        })),
      })
    }
    return {
      groups: out,
      totalGroups: groups.groups.length,
      maxDistance,
      ...this.progress(groups.version),
    }
  }

  /** Stops the background work and the listeners (before the index closes). */
  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    for (const off of this.unsubscribe) off()
    await this.running
    this.flush()
  }

  // ───────────────────────────── the cache ─────────────────────────────

  private db(): Db | null {
    const db = this.core.index?.db
    if (!db?.open) return null
    if (this.stmts?.db !== db) this.stmts = prepare(db)
    return db
  }

  private async ensureLoaded(): Promise<void> {
    for (;;) {
      const generation = this.generation
      this.loaded ??= this.load(generation)
      await this.loaded
      if (generation === this.generation) return
    }
  }

  /** Reads every stored hash of an image into the cache, newest first, a chunk per step. */
  private async load(generation: number): Promise<void> {
    let before = Number.MAX_SAFE_INTEGER
    while (generation === this.generation && !this.stopped && this.db()) {
      const s = this.stmts!
      const floor = s.floorOf.get(before, LOAD_CHUNK - 1) as number | undefined
      const rows = s.hashesIn.all(before, floor ?? 0) as Array<{
        id: string
        hi: number
        lo: number
      }>
      for (const r of rows) this.index.set(r.id, { hi: r.hi, lo: r.lo })
      if (floor === undefined) return
      before = floor
      await turn()
    }
  }

  private changed(change: LibraryChange): void {
    if (change.reason === 'removed') for (const id of change.ids) this.index.remove(id)
    else if (change.reason === 'added') {
      this.added.push(...change.ids)
      this.kick(this.addedDelayMs)
    } else if (change.reason === 'reset') {
      // Many rows changed (a rescan, another folder): read the cache again when next asked.
      this.generation++
      this.loaded = null
      this.index.clear()
      this.added = []
      this.todo.length = 0
      this.walkBefore = Number.MAX_SAFE_INTEGER
      this.kick(this.startDelayMs)
    }
  }

  /** Before an answer: every hash that arrived and every item added so far is in the cache. */
  private catchUp(): void {
    this.flush()
    this.resolveAdded(Number.POSITIVE_INFINITY)
  }

  /** Puts up to `max` added items in the cache (stored hash) or on the list to hash. */
  private resolveAdded(max = ADDED_CHUNK): void {
    if (!this.added.length || !this.db()) return
    for (const id of this.added.splice(0, Math.min(max, this.added.length))) {
      const row = this.stmts!.byId.get(id) as ItemHash | undefined
      if (!row || row.media !== 'image') continue
      if (row.hi === null) this.todo.push({ sha256: row.sha256, relPath: row.rel_path })
      else if (row.hi >= 0 && this.loaded) this.index.set(id, { hi: row.hi, lo: row.lo! })
    }
  }

  /** A hash arrived (a thumbnail was made, or the walk hashed an image): stored at the next turn. */
  private record(sha256: string, hash: PHash): void {
    this.pendingHashes.set(sha256, hash)
    this.queueFlush(0)
  }

  private queueFlush(afterMs: number): void {
    if (this.flushQueued) return
    this.flushQueued = true
    const run = () => {
      // A failed write (disk full, index closing) loses nothing: the walk hashes them again.
      try {
        this.flush()
      } catch {
        this.pendingHashes.clear()
      }
    }
    if (afterMs > 0) setTimeout(run, afterMs).unref?.()
    else setImmediate(run)
  }

  /**
   * Writes the hashes that arrived in one transaction and puts them in the cache. While the index
   * writer holds the lock (a first index commits 10,000 rows at once) they wait and are tried again.
   */
  private flush(): void {
    this.flushQueued = false
    if (!this.pendingHashes.size || !this.db()) return
    const entries = [...this.pendingHashes]
    this.pendingHashes.clear()
    const s = this.stmts!
    const stored = writeIfFree(s.db, () => {
      for (const [sha256, h] of entries) {
        s.upsert.run(sha256, h.hi, h.lo)
        // Not loaded yet: the load reads them from the table.
        if (h.hi < 0 || !this.loaded) continue
        for (const id of s.idsBySha.all(sha256) as string[]) this.index.set(id, h)
      }
    })
    if (stored) return
    for (const [sha256, h] of entries)
      if (!this.pendingHashes.has(sha256)) this.pendingHashes.set(sha256, h)
    this.queueFlush(LOCKED_RETRY_MS)
  }

  // ───────────────────────────── hashing ─────────────────────────────

  /** An item asked about before the walk reached it: hashed now. */
  private async hashNow(id: string): Promise<PHash> {
    const row = this.db() ? (this.stmts!.byId.get(id) as ItemHash | undefined) : undefined
    if (!row) return fail('not_found', t('libItemGone'))
    if (row.media !== 'image') return fail('unsupported', t('similarNoVideos'))
    if (row.hi === null) {
      await this.hashOne({ sha256: row.sha256, relPath: row.rel_path })
      this.flush()
    }
    const after = this.stmts!.byId.get(id) as ItemHash | undefined
    if (!after || after.hi === null || after.hi < 0)
      return fail('unsupported', t('similarUndecodable', { name: row.rel_path.split('/').pop() }), {
        action: t('similarUndecodableAction'),
      })
    const hash = { hi: after.hi, lo: after.lo! }
    this.index.set(id, hash)
    return hash
  }

  private kick(delayMs: number): void {
    if (this.stopped || this.running || this.timer || this.core.indexing !== null) return
    this.timer = setTimeout(() => {
      this.timer = null
      // Background work never throws into main: what failed is found again by the next walk.
      this.running = this.work()
        .catch(() => undefined)
        .finally(() => {
          this.running = null
          if (this.added.length || this.todo.length) this.kick(this.addedDelayMs)
        })
    }, delayMs)
    this.timer.unref?.()
  }

  /** Added items, then the walk, one at a time; never beside a first index's writer (#33). */
  private async work(): Promise<void> {
    while (!this.stopped && this.db() && this.core.indexing === null) {
      this.resolveAdded()
      const next = this.todo.shift()
      if (next) {
        this.hashing = true
        await this.hashOne(next).finally(() => (this.hashing = false))
        await turn()
      } else if (this.walkBefore !== null) {
        this.walkStep()
        await turn()
      } else if (!this.added.length) return
    }
  }

  /** The next WALK_CHUNK rows of the walk: images whose content has no hash go on the list. */
  private walkStep(): void {
    const s = this.stmts!
    const before = this.walkBefore!
    const floor = s.floorOf.get(before, WALK_CHUNK - 1) as number | undefined
    const rows = s.missingIn.all(before, floor ?? 0) as Array<{ sha256: string; rel_path: string }>
    const seen = new Set(this.todo.map((t) => t.sha256))
    for (const r of rows) {
      if (seen.has(r.sha256)) continue
      seen.add(r.sha256)
      this.todo.push({ sha256: r.sha256, relPath: r.rel_path })
    }
    this.walkBefore = floor ?? null
  }

  /**
   * Hashes one image: from its cached thumbnail (a 320 px WebP), else by making the thumbnail
   * (one decode for both). A file gone from the folder is skipped, not marked; one sharp cannot
   * decode is marked so the walk does not try it again.
   */
  private async hashOne(m: Missing): Promise<void> {
    if (!m.sha256 || (this.db() && this.stmts!.hasHash.get(m.sha256) !== undefined)) return
    if (this.pendingHashes.has(m.sha256)) return
    const thumbs = this.core.thumbs
    try {
      if (await thumbs.has(m.sha256)) {
        try {
          return this.record(m.sha256, await thumbs.phashOfThumb(m.sha256))
        } catch {
          // A damaged cache file: the original decides below.
        }
      }
      const root = this.core.root
      if (!root || !this.core.usable) return
      const abs = join(root, m.relPath)
      if (!(await exists(abs))) return
      this.record(m.sha256, await thumbs.phashOf(abs, m.sha256))
    } catch (e) {
      if (!errnoOf(e)) this.record(m.sha256, UNHASHABLE)
    }
  }

  /** Also analysing while groups of an older `version` (joined mid-run) are all there is. */
  private progress(version = this.index.version): HashProgress {
    return {
      analysing:
        this.hashing ||
        this.walkBefore !== null ||
        this.todo.length + this.added.length + this.pendingHashes.size > 0 ||
        version !== this.index.version,
      pending: this.todo.length + this.added.length + (this.hashing ? 1 : 0),
    }
  }

  private tiles(ids: string[]): Map<string, LibraryTile> {
    const out = new Map<string, LibraryTile>()
    if (!this.db()) return out
    for (const id of ids) {
      const row = this.stmts!.tile.get(id) as TileRow | undefined
      if (row) out.set(id, toTile(row))
    }
    return out
  }
}
