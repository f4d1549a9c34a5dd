/**
 * sync/: keeping the index in line with the folder: attaching, watching and retrying the folder
 * (LibraryFolder.ts), reconciling the whole folder or reported paths (this file), and rows for
 * files that came without a usable sidecar (rowFromDisk.ts). It writes the index from what is
 * on disk and never changes a user's media file (only sidecars: a missing one, or the
 * measurements of a stale one); it never imports the parts that act for the user (files/,
 * organise/).
 */
import { promises as fs } from 'node:fs'
import { join } from 'node:path'

import { mediaExtOf } from '@shared/library/types'

import type { LibraryCore } from '../core/LibraryCore'
import { isLinkFree } from '../disk/fsUtil'
import { type DiskStamp, mapLimit, scanFolder, stampChanged } from '../disk/scan'
import { sidecarPathOf } from '../disk/sidecar'
import type { IndexRow } from '../index/LibraryIndex'
import type { LibraryReader } from '../reader/LibraryReader'
import type { IndexWriter } from '../writer/IndexWriter'
import { splitArrived } from './arrival'
import { ConflictMerger, isMediaConflictCopy } from './conflicts'
import { rowFromDisk } from './rowFromDisk'
import { syncEngineOf } from './syncStatus'
import { buildInWriter, restartInWriter, writeRows } from './writerSync'

/**
 * Indexed items from which a restart's stat walk runs on the reader threads. Starting them costs
 * a fixed ~50–100 ms (bench/library-index.ts: 10k items restarted in 313 ms on the threads against
 * 235–282 ms on main's thread; 100k in 1.24 s against 2.8 s).
 */
export const STAMPS_ON_THREADS_FROM = 20_000

/** A walk of the whole folder: every media file's stamp, and the paths that could not be read. */
type Scan = Awaited<ReturnType<typeof scanFolder>>

/**
 * Files read and written to the index together. A chunk's SQLite transaction (rows, seven indexes,
 * FTS5 with prefix indexes: ~50 µs a row) blocks main's thread: with 500 rows the longest block
 * while 30k items were indexed was 62 ms, with 2,000 it was 131 ms, for the same total time
 * (bench/library-index.ts, `build: longest block of main`).
 */
const RECONCILE_CHUNK = 500

/**
 * Keeps the index in line with the folder: the whole folder (start, Rescan, a drive coming back)
 * or the paths the watcher reported. Files are re-read only when their stamp (mtime and size of
 * the file and its sidecar) changed: an unchanged file costs one stat.
 */
export class LibraryReconciler {
  private readonly merger: ConflictMerger

  constructor(
    private readonly core: LibraryCore,
    /** The folder could not be scanned: look at it again and retry later (LibraryFolder). */
    private readonly onUnreadable: (error: Error) => Promise<void>,
    /**
     * Files still being written were left out, or conflict copies were kept: look at them again
     * once they settle, or after `afterMs` (LibraryFolder).
     */
    private readonly onWaiting: (relPaths: string[], afterMs?: number) => void = () => {},
  ) {
    this.merger = new ConflictMerger(core)
  }

  /**
   * Merges sync conflict copies (sync/conflicts.ts) and re-reads the items whose sidecars they
   * changed; a changed collection definition is announced so the collections list reloads.
   */
  async mergeConflicts(relPaths: readonly string[]): Promise<void> {
    // Stryker disable next-line ConditionalExpression: equivalent, merging no paths gives an empty outcome, which does nothing
    if (!relPaths.length) return
    const outcome = await this.merger.merge(relPaths)
    // Stryker disable next-line ConditionalExpression: equivalent, re-reading no paths reads, writes and announces nothing
    if (outcome.media.length) await this.paths(outcome.media, true)
    if (outcome.kept.length) this.onWaiting(outcome.kept, outcome.keptForMs + 100)
    if (outcome.collections) this.core.emit({ reason: 'updated', ids: [] })
  }

  /** Files complete enough to index (sync/arrival.ts); the rest are read again later. */
  private async settled(
    root: string,
    entries: Array<[string, DiskStamp]>,
  ): Promise<Array<[string, DiskStamp]>> {
    const { ready, waiting } = await splitArrived(root, entries)
    for (const [rel] of entries) this.core.activity.waiting.delete(rel)
    for (const rel of waiting) this.core.activity.waiting.add(rel)
    if (waiting.length) this.onWaiting(waiting)
    return ready
  }

  /** Index rows for files on disk; unreadable ones are listed as scan problems. */
  async rowsFor(root: string, entries: Array<[string, DiskStamp]>): Promise<IndexRow[]> {
    // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent, with no entries the marker lookup only costs a stat: no row is made either way
    const synced = entries.length > 0 && (await syncEngineOf(root)) !== null
    const rows = await mapLimit(entries, 24, async ([rel, stamp]) => {
      try {
        return await rowFromDisk(root, rel, stamp, !synced)
      } catch (e) {
        this.core.scanProblems.push({ relPath: rel, message: (e as Error).message })
        return null
      }
    })
    const out = rows.filter((r): r is IndexRow => r !== null)
    await this.markPosters(out)
    return out
  }

  /** Videos whose poster frame is already in the thumbnail cache say so on their row. */
  private async markPosters(rows: IndexRow[]): Promise<void> {
    await Promise.all(
      rows.map(async (r) => {
        // Stryker disable next-line ConditionalExpression,LogicalOperator: equivalent, an image's poster flag is never read (indexRows.ts: hasThumb) and a video without sha256 asks for `<thumbs>/.webp`, never written
        if (r.media === 'video' && r.sidecar.sha256)
          r.poster = await this.core.thumbs.has(r.sidecar.sha256)
      }),
    )
  }

  /**
   * The first index of a folder (the index is empty): the reader threads list the folder and
   * read the sidecars while this thread writes what they have read, a chunk per tick in few
   * commits (`upsertBulk`), so the build takes about as long as the reading alone instead of
   * walk + read + write one after another (bench/library-index.ts, `index_vs_read`; 1.04× at
   * 100k items). Files the reader leaves to this thread (no sidecar,
   * a broken or outdated one) are read here afterwards. Returns false, having written whatever
   * arrived, when the thread failed: the caller then reconciles on this thread, which re-reads
   * only what is not indexed yet.
   */
  private async firstIndex(root: string, read: LibraryReader): Promise<boolean> {
    const core = this.core
    const index = core.idx()
    const ids: string[] = []
    try {
      for await (const message of read(root)) {
        // Only closing can end the build early: the folder changes only in attach, which runs in
        // the core's queue after the reconcile that called this (LibraryFolder.ts).
        if (core.closed) return true
        if (message.type === 'unreadable') {
          await this.onUnreadable(new Error(message.message))
          return true
        }
        if (message.type === 'rows') {
          await this.markPosters(message.rows)
          index.upsertBulk(message.rows)
          for (const r of message.rows) ids.push(r.sidecar.id)
          continue
        }
        if (message.type !== 'done') continue
        core.scanProblems = [...message.errors]
        // Like the watcher's path: conflict copies merged before the files they are copies of
        // (left in `others` by the reader) are read, and files still arriving wait.
        index.endBulk()
        // Stryker disable next-line ArrayDeclaration: equivalent, a path that is no conflict copy is passed over by the merge
        await this.mergeConflicts(message.conflicts ?? [])
        const others = await this.settled(root, message.others)
        // Stryker disable next-line EqualityOperator: equivalent, one more pass takes an empty slice, which reads and writes no rows
        for (let i = 0; i < others.length; i += RECONCILE_CHUNK) {
          const rows = await this.rowsFor(root, others.slice(i, i + RECONCILE_CHUNK))
          index.upsertBulk(rows)
          for (const r of rows) ids.push(r.sidecar.id)
        }
      }
    } catch (e) {
      core.log(`The library reader thread failed; reading on main's thread instead: ${String(e)}`)
      return false
    } finally {
      index.endBulk()
    }
    core.reconciled = true
    if (ids.length) core.emit({ reason: 'reset', ids: ids.slice(0, 1000) })
    core.emitStatus()
    return true
  }

  /**
   * The first index in the writer process (writer/IndexWriter.ts): main's thread only hears its
   * progress, then reads what the writer left to it (files without a usable sidecar, conflict
   * copies) and has the writer write those too. False when the writer failed: the caller then
   * builds on this thread, which re-reads only what is not indexed yet.
   */
  private async firstIndexInWriter(root: string, writer: IndexWriter): Promise<boolean> {
    const core = this.core
    const built = await buildInWriter(core, writer, root)
    if (!built) return false
    // Stryker disable next-line BooleanLiteral: equivalent, all() returns at once on a closed library either way
    if (core.closed) return true
    if (built.type === 'unreadable') {
      await this.onUnreadable(new Error(built.message))
      return true
    }
    core.scanProblems = [...built.errors]
    await this.mergeConflicts(built.conflicts)
    const others = await this.settled(root, built.others)
    const ids = [...built.ids]
    // Stryker disable next-line EqualityOperator: equivalent, one more pass takes an empty slice, which reads and writes no rows
    for (let i = 0; i < others.length; i += RECONCILE_CHUNK) {
      const rows = await this.rowsFor(root, others.slice(i, i + RECONCILE_CHUNK))
      await writeRows(core, rows)
      for (const r of rows) ids.push(r.sidecar.id)
    }
    core.reconciled = true
    if (ids.length) core.emit({ reason: 'reset', ids: ids.slice(0, 1000) })
    core.emitStatus()
    return true
  }

  /**
   * The stat walk of a restart on the reader threads: the stamps scanFolder takes, with
   * synchronous stats in two lanes instead of ~200k round trips through libuv's pool and main's
   * event loop at 100k items (bench/library-index.ts, `restart_vs_stat`). Throws when the folder
   * itself cannot be listed; null when the threads failed, and the caller walks on this thread.
   */
  private async scanOnReader(root: string, read: LibraryReader): Promise<Scan | null> {
    const files = new Map<string, DiskStamp>()
    let unreadable: string | null = null
    try {
      for await (const message of read(root, 'stamps')) {
        if (message.type === 'stamps')
          for (const [rel, stamp] of message.files) files.set(rel, stamp)
        else if (message.type === 'done') {
          // Stryker disable next-line ArrayDeclaration: equivalent, a path that is no conflict copy is passed over by the merge
          const conflicts = message.conflicts ?? []
          return { files, errors: [...message.errors], conflicts }
        } else if (message.type === 'unreadable') {
          unreadable = message.message
          break
        }
      }
    } catch (e) {
      this.core.log(
        `The library reader thread failed; walking on main's thread instead: ${String(e)}`,
      )
      return null
    }
    if (unreadable !== null) throw new Error(unreadable)
    return null
  }

  /**
   * Brings the index in line with the whole folder: rows of vanished files go, new or changed
   * files are re-read.
   */
  async all(): Promise<void> {
    const core = this.core
    const root = core.dir()
    // Stryker disable next-line ArrayDeclaration: equivalent, a path that is no conflict copy is passed over by the merge
    let scanConflicts: string[] = []
    const read = core.options.reader
    const writer = core.options.writer
    const from = core.options.readerStampsFrom ?? STAMPS_ON_THREADS_FROM
    // Counted only where it decides something, and only up to what it decides.
    // Stryker disable next-line ConditionalExpression: equivalent, `indexed` is read only together with `read` or `writer`
    const indexed = read || writer ? core.idx().countUpTo(Math.max(from, 1)) : 0
    if (writer && indexed === 0 && (await this.firstIndexInWriter(root, writer))) return
    if (core.closed) return
    if (read && indexed === 0 && (await this.firstIndex(root, read))) return
    // Stryker disable next-line ArrayDeclaration: equivalent, both branches of the try assign it before it is read
    let removed: string[] = []
    let changed: Array<[string, DiskStamp]>
    try {
      // In the writer at any size: it never holds main's thread, where even 10k stamps compared
      // and walked on main held it for up to 200 ms (bench/library-index.ts).
      const found = writer && indexed > 0 ? await restartInWriter(core, writer, root) : null
      if (found) {
        core.scanProblems = [...found.errors]
        removed = found.removed
        changed = await this.settled(root, found.changed)
      } else {
        const onThreads = read && indexed >= from
        const scan =
          (onThreads && (await this.scanOnReader(root, read))) || (await scanFolder(root))
        core.scanProblems = [...scan.errors]
        const stamps = core.idx().stamps()
        const gone = [...stamps.keys()].filter((rel) => !scan.files.has(rel))
        changed = await this.settled(
          root,
          [...scan.files].filter(([rel, s]) => stampChanged(stamps.get(rel), s)),
        )
        removed = gone.length ? core.idx().removePaths(gone) : []
        scanConflicts = scan.conflicts
      }
    } catch (e) {
      await this.onUnreadable(e as Error)
      return
    }
    const ids: string[] = []
    // Stryker disable next-line EqualityOperator: equivalent, one more pass takes an empty slice, which reads and writes no rows
    for (let i = 0; i < changed.length; i += RECONCILE_CHUNK) {
      const rows = await this.rowsFor(root, changed.slice(i, i + RECONCILE_CHUNK))
      await writeRows(core, rows)
      ids.push(...rows.map((r) => r.sidecar.id))
    }
    const wasReconciled = core.reconciled
    core.reconciled = true
    if (removed.length || ids.length) {
      if (wasReconciled) core.activity.lastExternalChangeAt = core.now()
      core.emit({
        reason: removed.length && !ids.length ? 'removed' : 'reset',
        ids: [...removed, ...ids].slice(0, 1000),
      })
    }
    core.emitStatus()
    await this.mergeConflicts([...scanConflicts, ...(await this.merger.collectionCopies())])
  }

  /**
   * Re-reads only the given paths (from the watcher); folders are scanned, vanished paths removed.
   * `force`: files are read even when their stamp looks unchanged (a merged sidecar: the index
   * must hold what the merge wrote, whatever the mtimes a sync engine set).
   */
  async paths(relPaths: string[], force = false): Promise<void> {
    const core = this.core
    const root = core.dir()
    const index = core.idx()
    const stamps = index.stamps()
    // Stryker disable next-line ArrayDeclaration: equivalent, removing a path no row has removes nothing
    const removed: string[] = []
    // A folder and a file inside it can both be reported: one entry per path, or two passes race.
    const changed = new Map<string, DiskStamp>()
    for (const rel of new Set(relPaths)) {
      let st
      try {
        // A link (or a path through one) is as good as absent: the watcher reports changes
        // behind links the full scan never follows.
        if (!(await isLinkFree(root, rel))) {
          removed.push(rel)
          continue
        }
        st = await fs.lstat(join(root, rel))
      } catch {
        removed.push(rel)
        continue
      }
      if (st.isDirectory()) {
        // Stryker disable next-line ArrowFunction: equivalent, undefined and null both end the pass below
        const scan = await scanFolder(root, rel).catch(() => null)
        if (!scan) continue
        const under = [...stamps.keys()].filter(
          (k) => k.startsWith(`${rel}/`) && !scan.files.has(k),
        )
        removed.push(...under)
        for (const [k, v] of scan.files) changed.set(k, v)
        continue
      }
      if (!mediaExtOf(rel) || isMediaConflictCopy(rel)) continue
      let sidecarMtime = -1
      try {
        sidecarMtime = Math.round((await fs.stat(sidecarPathOf(join(root, rel)))).mtimeMs)
      } catch {
        // No sidecar.
      }
      changed.set(rel, { fileMtime: Math.round(st.mtimeMs), fileSize: st.size, sidecarMtime })
    }
    const fresh = await this.settled(
      root,
      [...changed].filter(([rel, s]) => force || stampChanged(stamps.get(rel), s)),
    )
    const removedIds = removed.length ? index.removePaths(removed) : []
    const rows = await this.rowsFor(root, fresh)
    index.upsert(rows)
    if (removedIds.length) core.emit({ reason: 'removed', ids: removedIds })
    if (rows.length) core.emit({ reason: 'added', ids: rows.map((r) => r.sidecar.id) })
    if (removedIds.length || rows.length) {
      core.activity.lastExternalChangeAt = core.now()
      core.emitStatus()
    }
  }
}
