import {
  closeSync,
  type Dirent,
  fstatSync,
  openSync,
  readdirSync,
  readFileSync,
  statSync,
} from 'node:fs'
import { basename, join } from 'node:path'

import {
  classifyListing,
  type DiskStamp,
  type ScanProblem,
  unreadableFile,
  unreadableFolder,
} from '../disk/scan'
import { parseSidecar } from '../disk/sidecar'
import { conflictOriginal } from '../disk/syncNames'
import type { IndexRow } from '../index/LibraryIndex'
import type { ReaderMessage } from './LibraryReader'
import { rowFromSidecar } from './sidecarRow'

/** Rows per message: what one index transaction on main's thread takes (see sync/reconcile.ts). */
export const READ_CHUNK = 500

/** Where readLibrary's messages go; `send` resolves when the next one may be sent. */
export type ReaderSend = (message: ReaderMessage) => Promise<void>

/**
 * One reader's share of the folder when several threads read it at once: the files whose
 * `laneOf` is `lane`. `{ lane: 0, lanes: 1 }` is the whole folder.
 */
export interface ReaderLane {
  lane: number
  lanes: number
}

export const WHOLE_FOLDER: ReaderLane = { lane: 0, lanes: 1 }

/**
 * The lane that reads a file: FNV-1a of its path, modulo the lanes. Each lane lists every folder
 * itself and keeps its own files, so the share follows from the path alone: whatever order the
 * lanes list a folder in, and even when a file appears between their listings, no file is read
 * by two lanes and none by no lane.
 */
export function laneOf(relPath: string, lanes: number): number {
  if (lanes <= 1) return 0
  let h = 0x811c9dc5
  for (let i = 0; i < relPath.length; i++) {
    h ^= relPath.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return (h >>> 0) % lanes
}

const stampOf = (r: IndexRow): DiskStamp => ({
  fileMtime: r.fileMtime,
  fileSize: r.fileSize,
  sidecarMtime: r.sidecarMtime,
})

/** A file read: its row, or its stamp when main's thread has to make the row (see `others`). */
type Read = { row: IndexRow } | { other: [string, DiskStamp] } | null

/**
 * One file of a first index: the stat of the media file, and its sidecar opened once for both its
 * mtime (the stamp later restarts compare) and its text. The stamps are the ones scanFolder would
 * have taken, so a restart right after finds nothing changed.
 */
function readOne(root: string, relPath: string, hasSidecar: boolean, errors: ScanProblem[]): Read {
  const abs = join(root, relPath)
  let stamp: DiskStamp
  try {
    const st = statSync(abs)
    stamp = { fileMtime: Math.round(st.mtimeMs), fileSize: st.size, sidecarMtime: -1 }
  } catch (e) {
    errors.push({ relPath, message: unreadableFile(e) })
    return null
  }
  if (!hasSidecar) return { other: [relPath, stamp] }
  let text: string
  try {
    const fd = openSync(`${abs}.json`, 'r')
    try {
      stamp.sidecarMtime = Math.round(fstatSync(fd).mtimeMs)
      text = readFileSync(fd, 'utf8')
    } finally {
      closeSync(fd)
    }
  } catch {
    return { other: [relPath, stamp] }
  }
  try {
    const sidecar = parseSidecar(text)
    if (sidecar.bytes !== stamp.fileSize) return { other: [relPath, stamp] }
    return { row: rowFromSidecar(relPath, stamp, sidecar) }
  } catch {
    return { other: [relPath, stamp] }
  }
}

/**
 * Lists the folder tree below `root`, newest dated folders first, and hands each media file of
 * this lane to `visit` (awaited: a visit may wait for main to take a chunk). Returns the error of
 * the library folder itself when it cannot be listed; folders below it that cannot be listed go
 * to `errors` (from lane 0 only: every lane lists every folder).
 */
async function walkLane(
  root: string,
  { lane, lanes }: ReaderLane,
  errors: ScanProblem[],
  visit: (relPath: string, hasSidecar: boolean, hasCopy: boolean) => void | Promise<void>,
  conflicts: string[] = [],
): Promise<Error | null> {
  const folders = ['']
  while (folders.length) {
    const rel = folders.pop()!
    let entries: Dirent[]
    try {
      entries = readdirSync(rel ? join(root, rel) : root, { withFileTypes: true })
    } catch (e) {
      if (!rel) return e as Error
      // Every lane lists every folder; one of them reports it.
      if (lane === 0) errors.push(unreadableFolder(rel, e))
      continue
    }
    // By name, so the folders popped next are the newest (dated folders, YYYY/MM/DD): the grid
    // fills newest first while the index is built, and each chunk's rows sit close together in
    // the index instead of wherever the file system's listing order put them.
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    const { folders: below, media, conflicts: copies } = classifyListing(rel, entries)
    folders.push(...below)
    // Every lane lists every folder; lane 0 reports its conflict copies.
    if (lane === 0) conflicts.push(...copies)
    const copied = new Set(
      copies.map((c) => conflictOriginal(basename(c))).filter((o) => o?.endsWith('.json')),
    )
    for (const { relPath, hasSidecar } of media)
      if (laneOf(relPath, lanes) === lane)
        await visit(relPath, hasSidecar, copied.has(`${basename(relPath)}.json`))
  }
  return null
}

/**
 * Lists the library folder and reads every sidecar in it (this lane's share of them), sending the
 * rows in chunks of READ_CHUNK, then `done` with the files left to main's thread and the problems
 * met. Plain Node and JSON only: it runs on worker threads (workers/libraryReader.ts), where
 * Electron's docs rule out its own modules and native ones.
 *
 * The file system calls are synchronous: this thread has nothing else to do, and a warm small
 * file costs ~20 µs read this way against ~100 µs through the promise API, whose every call is a
 * round trip through libuv's four-thread pool (bench/library-index.ts: 10k sidecars read in
 * ~0.25 s instead of ~1.1 s). A cold disk wants several reads in flight, which the promise API got
 * from the pool; here it comes from several lanes (libraryReaderThread.ts, READER_LANES).
 * The thread yields to its event loop at every chunk, where `send` waits for main to take the
 * last one: no more than one chunk is read ahead of what main has written.
 */
export async function readLibrary(
  root: string,
  send: ReaderSend,
  lane: ReaderLane = WHOLE_FOLDER,
): Promise<void> {
  const errors: ScanProblem[] = []
  const others: Array<[string, DiskStamp]> = []
  const conflicts: string[] = []
  const rows = chunks<IndexRow>(READ_CHUNK, (chunk) => send({ type: 'rows', rows: chunk }))
  const visit = async (relPath: string, hasSidecar: boolean, hasCopy: boolean) => {
    const read = readOne(root, relPath, hasSidecar, errors)
    // A sidecar with a conflict copy beside it is read once merged, on main's thread.
    if (read && 'row' in read && hasCopy) others.push([relPath, stampOf(read.row)])
    else if (read && 'row' in read) await rows.add(read.row)
    else if (read) others.push(read.other)
  }
  const unreadable = await walkLane(root, lane, errors, visit, conflicts)
  if (unreadable) return send({ type: 'unreadable', message: unreadable.message })
  await rows.end()
  await send({ type: 'done', others, errors, conflicts })
}

/** Stamps per message of a restart's walk (a stamp is a path and three numbers). */
export const STAMP_CHUNK = 5000

/**
 * The stat walk of a restart (this lane's share): every media file stamped as scanFolder stamps
 * it (its mtime and size, its sidecar's mtime or -1), sent in chunks of STAMP_CHUNK, then `done`
 * with the problems met. Synchronous calls on a worker thread, as readLibrary.
 */
export async function stampLibrary(
  root: string,
  send: ReaderSend,
  lane: ReaderLane = WHOLE_FOLDER,
): Promise<void> {
  const errors: ScanProblem[] = []
  // A restart merges the conflict copies that arrived while the app was closed, as main's walk
  // (scanFolder) has it do.
  const conflicts: string[] = []
  const files = chunks<[string, DiskStamp]>(STAMP_CHUNK, (chunk) =>
    send({ type: 'stamps', files: chunk }),
  )
  const unreadable = await walkLane(
    root,
    lane,
    errors,
    async (relPath, hasSidecar) => {
      const abs = join(root, relPath)
      let stamp: DiskStamp
      try {
        const st = statSync(abs)
        stamp = {
          fileMtime: Math.round(st.mtimeMs),
          fileSize: st.size,
          sidecarMtime: hasSidecar ? sidecarMtimeOf(`${abs}.json`) : -1,
        }
      } catch (e) {
        errors.push({ relPath, message: unreadableFile(e) })
        return
      }
      await files.add([relPath, stamp])
    },
    conflicts,
  )
  if (unreadable) return send({ type: 'unreadable', message: unreadable.message })
  await files.end()
  await send({ type: 'done', others: [], errors, conflicts })
}

/** Collects items and sends them `size` at a time (`add` waits while a full chunk is sent). */
function chunks<T>(size: number, send: (chunk: T[]) => Promise<void>) {
  let items: T[] = []
  const flush = () => {
    const chunk = items
    items = []
    return send(chunk)
  }
  return {
    add: async (item: T) => {
      items.push(item)
      if (items.length >= size) await flush()
    },
    /** Sends what is left, if anything. */
    end: async () => {
      if (items.length) await flush()
    },
  }
}

/** A sidecar's mtime, -1 when it cannot be stated (scanFolder's rule). */
function sidecarMtimeOf(path: string): number {
  try {
    return Math.round(statSync(path).mtimeMs)
  } catch {
    return -1
  }
}
