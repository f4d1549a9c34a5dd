import { createHash } from 'node:crypto'
import { createReadStream, type Dirent, promises as fs } from 'node:fs'
import { join } from 'node:path'

import { mediaExtOf } from '@shared/library/types'

import { t } from '../../../i18n'
import { conflictOriginal, isSyncTempName } from './syncNames'

/** What a media file looks like on disk right now. */
export interface DiskStamp {
  fileMtime: number
  fileSize: number
  /** -1 when there is no sidecar next to it. */
  sidecarMtime: number
}

/** True when a file or its sidecar differs from how it was indexed (or was never indexed): only those are read again. */
export const stampChanged = (old: DiskStamp | undefined, now: DiskStamp): boolean =>
  !old ||
  old.fileMtime !== now.fileMtime ||
  old.fileSize !== now.fileSize ||
  old.sidecarMtime !== now.sidecarMtime

/**
 * Names the library ignores: hidden files and folders (our `.trash`, temp `.part` files), partial
 * downloads, sync engines' temporary and marker files (syncNames.ts).
 */
export const isIgnoredName = (name: string): boolean => isSyncTempName(name)

/** Runs `fn` over `items` with at most `limit` in flight; results in input order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      out[i] = await fn(items[i]!)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return out
}

/** A problem with one path found while walking the folder; the rest still indexes. */
export interface ScanProblem {
  relPath: string
  message: string
}

/** A media file in a folder listing, and whether a sidecar is listed beside it. */
export interface MediaEntry {
  /** Path relative to the library root, `/`-separated. */
  relPath: string
  hasSidecar: boolean
}

/** A folder below the library folder that cannot be listed: reported, the rest still indexes. */
export const unreadableFolder = (relPath: string, e: unknown): ScanProblem => ({
  relPath,
  message: t('folderUnreadable', { detail: (e as Error).message }),
})

/**
 * One folder's listing (`rel`, relative to the library folder) as every walk reads it: its
 * subfolders and its media files, each with whether a sidecar is listed beside it. Hidden and
 * temporary names are skipped; Dirent types come from the listing itself (lstat-like), so a link
 * is neither a folder nor a file and is never followed.
 */
export function classifyListing(
  rel: string,
  entries: Dirent[],
): { folders: string[]; media: MediaEntry[]; conflicts: string[] } {
  const names = new Set(entries.map((e) => e.name))
  const folders: string[] = []
  const media: MediaEntry[] = []
  const conflicts: string[] = []
  for (const entry of entries) {
    if (isIgnoredName(entry.name)) continue
    const relPath = rel ? `${rel}/${entry.name}` : entry.name
    if (entry.isDirectory()) folders.push(relPath)
    else if (entry.isFile() && conflictOriginal(entry.name) !== null) {
      // A sidecar's copy is merged; a picture's or video's is kept aside, never indexed as an
      // item of its own (sync/conflicts.ts).
      if (conflictOriginal(entry.name)!.endsWith('.json') || mediaExtOf(entry.name))
        conflicts.push(relPath)
    } else if (entry.isFile() && mediaExtOf(entry.name))
      media.push({ relPath, hasSidecar: names.has(`${entry.name}.json`) })
  }
  return { folders, media, conflicts }
}

/**
 * Walks the library folder (or one subfolder of it), 16 folders at a time, never into links,
 * hidden or temporary names, and hands each folder's media files to `visit` (awaited before the
 * next batch of folders). Unreadable subfolders go to `errors`; an unreadable start folder throws.
 */
export async function walkMedia(
  root: string,
  under: string,
  visit: (media: MediaEntry[], conflicts: string[]) => Promise<void>,
  errors: ScanProblem[],
): Promise<void> {
  const dirs: string[] = [under]
  while (dirs.length) {
    const batch = dirs.splice(0, 16)
    await Promise.all(
      batch.map(async (rel) => {
        let entries: Dirent[]
        try {
          entries = await fs.readdir(rel ? join(root, rel) : root, { withFileTypes: true })
        } catch (e) {
          if (rel === under) throw e
          errors.push(unreadableFolder(rel, e))
          return
        }
        const { folders, media, conflicts } = classifyListing(rel, entries)
        dirs.push(...folders)
        await visit(media, conflicts)
      }),
    )
  }
}

/** Message of a file the walk listed but could not stat or read. */
export const unreadableFile = (e: unknown): string =>
  t('fileUnreadableDetail', { detail: (e as Error).message })

/**
 * Walks the library folder (or one subfolder of it) and stamps every media file and its sidecar;
 * lists the sync engine's conflict copies of sidecars it passes (sync/conflicts.ts merges them).
 * Unreadable subfolders are reported, not fatal: the rest of the library still indexes.
 */
export async function scanFolder(
  root: string,
  under = '',
): Promise<{ files: Map<string, DiskStamp>; errors: ScanProblem[]; conflicts: string[] }> {
  const files = new Map<string, DiskStamp>()
  const errors: ScanProblem[] = []
  const conflicts: string[] = []
  await walkMedia(
    root,
    under,
    (media, found) => {
      conflicts.push(...found)
      return mapLimit(media, 32, async ({ relPath, hasSidecar }) => {
        const abs = join(root, relPath)
        try {
          const st = await fs.stat(abs)
          let sidecarMtime = -1
          if (hasSidecar) {
            sidecarMtime = Math.round(
              (await fs.stat(`${abs}.json`).catch(() => null))?.mtimeMs ?? -1,
            )
          }
          files.set(relPath, {
            fileMtime: Math.round(st.mtimeMs),
            fileSize: st.size,
            sidecarMtime,
          })
        } catch (e) {
          errors.push({ relPath, message: unreadableFile(e) })
        }
      }).then(() => {})
    },
    errors,
  )
  return { files, errors, conflicts }
}

/** SHA-256 of a file, streamed (constant memory for large videos). */
export function hashFile(path: string): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const hash = createHash('sha256')
    createReadStream(path, { highWaterMark: 1024 * 1024 })
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolvePromise(hash.digest('hex')))
  })
}
