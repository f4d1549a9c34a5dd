import { promises as fs } from 'node:fs'
import { join } from 'node:path'

import type { IndexRow } from '../LibraryIndex'
import {
  type DiskStamp,
  mapLimit,
  type MediaEntry,
  type ScanProblem,
  unreadableFile,
  walkMedia,
} from '../scan'
import { parseSidecar } from '../sidecar'
import { rowFromSidecar } from '../sidecarRow'
import type { ReaderMessage } from './LibraryReader'

/** Rows per message: what one index transaction on main's thread takes (see reconcile.ts). */
export const READ_CHUNK = 500
/** Files read at once (each is a stat, then open, fstat, read and close of its sidecar). */
const READS_AT_ONCE = 32

/** Where readLibrary's messages go; `send` resolves when the next one may be sent. */
export type ReaderSend = (message: ReaderMessage) => Promise<void>

/** A file read: its row, or its stamp when main's thread has to make the row (see `others`). */
type Read = { row: IndexRow } | { other: [string, DiskStamp] } | null

/**
 * One file of a first index: the stat of the media file, and its sidecar opened once for both its
 * mtime (the stamp later restarts compare) and its text. The stamps are the ones scanFolder would
 * have taken, so a restart right after finds nothing changed.
 */
async function readOne(root: string, entry: MediaEntry, errors: ScanProblem[]): Promise<Read> {
  const abs = join(root, entry.relPath)
  let stamp: DiskStamp
  try {
    const st = await fs.stat(abs)
    stamp = { fileMtime: Math.round(st.mtimeMs), fileSize: st.size, sidecarMtime: -1 }
  } catch (e) {
    errors.push({ relPath: entry.relPath, message: unreadableFile(e) })
    return null
  }
  if (!entry.hasSidecar) return { other: [entry.relPath, stamp] }
  let text: string
  try {
    const file = await fs.open(`${abs}.json`, 'r')
    try {
      stamp.sidecarMtime = Math.round((await file.stat()).mtimeMs)
      text = await file.readFile('utf8')
    } finally {
      await file.close()
    }
  } catch {
    return { other: [entry.relPath, stamp] }
  }
  try {
    const sidecar = parseSidecar(text)
    if (sidecar.bytes !== stamp.fileSize) return { other: [entry.relPath, stamp] }
    return { row: rowFromSidecar(entry.relPath, stamp, sidecar) }
  } catch {
    return { other: [entry.relPath, stamp] }
  }
}

/**
 * Lists the library folder and reads every sidecar in it, sending the rows in chunks of
 * READ_CHUNK as they are read, then `done` with the files left to main's thread and the problems
 * met. Plain Node and JSON only: it runs on a worker thread (workers/libraryReader.ts), where
 * Electron's docs rule out its own modules and native ones.
 */
export async function readLibrary(root: string, send: ReaderSend): Promise<void> {
  const errors: ScanProblem[] = []
  const entries: MediaEntry[] = []
  try {
    await walkMedia(root, '', async (media) => void entries.push(...media), errors)
  } catch (e) {
    await send({ type: 'unreadable', message: (e as Error).message })
    return
  }
  const others: Array<[string, DiskStamp]> = []
  let rows: IndexRow[] = []
  // Sends go out one after another; every reader waits for the last one, so no more than one
  // chunk is read ahead of what the consumer has taken.
  let sent: Promise<void> = Promise.resolve()
  await mapLimit(entries, READS_AT_ONCE, async (entry) => {
    const read = await readOne(root, entry, errors)
    if (read && 'row' in read) rows.push(read.row)
    else if (read) others.push(read.other)
    if (rows.length >= READ_CHUNK) {
      const chunk = rows
      rows = []
      sent = sent.then(() => send({ type: 'rows', rows: chunk }))
    }
    await sent
  })
  if (rows.length) await send({ type: 'rows', rows })
  await send({ type: 'done', others, errors })
}
