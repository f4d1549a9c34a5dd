import type { Db } from '../../../adapters/sqlite/openDatabase'
import { type DiskStamp, type ScanProblem, stampChanged } from '../disk/scan'
import { bulkCommitRows } from '../index/bulkCommits'
import type { FileStamp, IndexRow, LibraryIndex } from '../index/LibraryIndex'
import { FIRST_STAMP_PAGE } from '../index/stampPages'
import { truncateWal } from '../index/walCheckpoints'
import type { LibraryReader } from '../reader/LibraryReader'
import { RESULT_IDS, type WriterEvent, type WriterJob, type WriterResult } from './IndexWriter'

/** What a job runs on, in the writer process: the index, the reader threads, the thumbnail cache. */
export interface WriterDeps {
  index: LibraryIndex
  read: LibraryReader
  /** Whether a video's poster frame is in the thumbnail cache (its row says so). */
  posterKnown: (sha256: string) => Promise<boolean>
}

/**
 * Pages of FTS5 segments merged per step after a build. Each step is its own transaction, so a
 * small edit on main waits for one step at most, never for the whole merge.
 */
const MERGE_PAGES = 500

/** Upper bound of merge steps after one build (each merges MERGE_PAGES pages or finds nothing). */
const MERGE_STEPS = 10_000

/**
 * SQLite's page cache while a first index is written, in KiB (the index's usual is 16 MiB). The
 * id, path and sha256 indexes take rows at random places, and past a few hundred thousand items
 * they outgrow 16 MiB, so every commit read pages back and wrote them again: the cost per item
 * grew with the library (23 → 32 µs per 100k-row slice by 400k rows; flat at 23 with this). Given
 * back when the build ends, so the writer does not keep it while it waits.
 */
export const BUILD_CACHE_KIB = 262_144

const stampOf = (r: IndexRow): DiskStamp => ({
  fileMtime: r.fileMtime,
  fileSize: r.fileSize,
  sidecarMtime: r.sidecarMtime,
})

/** Runs one job against the index in the writer process; `emit` carries its progress to main. */
export function runWriterJob(
  deps: WriterDeps,
  job: WriterJob,
  emit: (event: WriterEvent) => void,
): Promise<WriterResult> {
  if (job.type === 'build') return build(deps, job.root, emit)
  if (job.type === 'restart') return restart(deps, job.root)
  // The index was opened, and so migrated, when the process started (workers/indexWriter.ts).
  if (job.type === 'open') return Promise.resolve({ type: 'opened' })
  deps.index.upsert(job.rows)
  return Promise.resolve({ type: 'upserted', ids: job.rows.map((r) => r.sidecar.id) })
}

/**
 * The first index (or its resumption after a crash: rows already indexed with the same stamp are
 * skipped). The reader threads read while this thread writes, in few commits (`upsertBulk`);
 * then FTS5's segments are merged here, in steps, so no merge is ever left for main's writes,
 * and the WAL is emptied (`truncateWal`).
 */
async function build(
  { index, read, posterKnown }: WriterDeps,
  root: string,
  emit: (event: WriterEvent) => void,
): Promise<WriterResult> {
  const usualCache = index.db.pragma('cache_size', { simple: true }) as number
  index.db.pragma(`cache_size = -${BUILD_CACHE_KIB}`)
  const known: Map<string, FileStamp> | null = index.count() > 0 ? index.stamps() : null
  const fresh = (rel: string, stamp: DiskStamp) => !known || stampChanged(known.get(rel), stamp)
  let written = 0
  const ids: string[] = []
  try {
    for await (const message of read(root)) {
      if (message.type === 'unreadable') return message
      if (message.type === 'rows') {
        const rows = message.rows.filter((r) => fresh(r.relPath, stampOf(r)))
        // All of a chunk's videos asked at once: one wait for the file system per chunk, not
        // one per video (a ninth of the bench library) in turn.
        const videos = rows.filter((r) => r.media === 'video' && r.sidecar.sha256)
        const posters = await Promise.all(videos.map((r) => posterKnown(r.sidecar.sha256!)))
        videos.forEach((r, i) => (r.poster = posters[i]))
        // Commits grow with the index (bulkCommitRows): a 1M build's per-row cost stays flat.
        if (rows.length) index.upsertBulk(rows, bulkCommitRows((known?.size ?? 0) + written))
        written += rows.length
        for (const r of rows) if (ids.length < RESULT_IDS) ids.push(r.sidecar.id)
        emit({ type: 'progress', written })
        continue
      }
      if (message.type !== 'done') continue
      index.endBulk()
      mergeSegments(index.db)
      truncateWal(index.db)
      return {
        type: 'built',
        written,
        ids,
        others: message.others.filter(([rel, stamp]) => fresh(rel, stamp)),
        errors: message.errors,
        conflicts: message.conflicts ?? [],
      }
    }
  } finally {
    index.endBulk()
    if (index.db.open) {
      index.db.pragma(`cache_size = ${usualCache}`)
      index.db.pragma('shrink_memory')
    }
  }
  throw new Error('The library reader stopped before it finished.')
}

/**
 * A restart's reconcile: the reader threads stamp every file while this thread reads what the
 * index holds (a million stamps in a map), and the comparison and the deletes of vanished files
 * happen here, not on main's thread.
 */
async function restart({ index, read }: WriterDeps, root: string): Promise<WriterResult> {
  const files = new Map<string, DiskStamp>()
  const known = new Map<string, FileStamp>()
  let page: number | null = FIRST_STAMP_PAGE
  let errors: ScanProblem[] = []
  let done = false
  for await (const message of read(root, 'stamps')) {
    if (message.type === 'unreadable') return message
    if (message.type === 'stamps') for (const [rel, stamp] of message.files) files.set(rel, stamp)
    if (message.type === 'done') {
      errors = message.errors
      done = true
    }
    // A page of the index's own stamps per message: read while the threads walk (stampPages.ts).
    if (page !== null) page = index.stampPages.after(page, known)
  }
  if (!done) throw new Error('The library reader stopped before it finished.')
  while (page !== null) page = index.stampPages.after(page, known)
  const gone: string[] = []
  for (const rel of known.keys()) if (!files.has(rel)) gone.push(rel)
  const removed = gone.length ? index.removePaths(gone) : []
  const changed: Array<[string, DiskStamp]> = []
  for (const [rel, stamp] of files)
    if (stampChanged(known.get(rel), stamp)) changed.push([rel, stamp])
  return {
    type: 'restarted',
    changed,
    removedCount: removed.length,
    removed: removed.slice(0, RESULT_IDS),
    errors,
  }
}

/**
 * Merges the prompt index's segments step by step until FTS5 finds nothing left to merge: per
 * https://sqlite.org/fts5.html#the_merge_command, a 'merge' that changes the database by fewer
 * than two rows (`total_changes()`) had no work left.
 */
export function mergeSegments(db: Db): number {
  const merge = db.prepare("INSERT INTO items_fts(items_fts, rank) VALUES ('merge', ?)")
  const changes = db.prepare('SELECT total_changes()').pluck()
  let steps = 0
  while (steps < MERGE_STEPS) {
    const before = changes.get() as number
    merge.run(MERGE_PAGES)
    steps++
    if ((changes.get() as number) - before < 2) break
  }
  return steps
}
