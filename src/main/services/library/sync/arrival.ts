/**
 * Whether a file that changed is complete enough to index, or still arriving (issue #28): a sync
 * engine or a copy may still be writing it, or its sidecar may still be on its way. An incomplete
 * file is never indexed; it is looked at again once it has had time to settle (LibraryFolder).
 */
import { promises as fs } from 'node:fs'
import { dirname, join } from 'node:path'

import { type DiskStamp, mapLimit } from '../disk/scan'
import { readSidecar, sidecarPathOf } from '../disk/sidecar'
import { isArrivingName } from '../disk/syncNames'

/**
 * How long a file must have been left alone (ms since its ctime) before a file that looks
 * incomplete (no sidecar, or not the size its sidecar says) is indexed anyway.
 */
export const SETTLE_MS = 1500

/**
 * How recently a sync engine's temporary file must have been written to count as a transfer under
 * way (Syncthing writes each block as it arrives, one a second even at 128 KiB/s; a transfer that
 * stopped leaves a stale one).
 */
export const TRANSFER_FRESH_MS = 5000

/**
 * Whether a folder is still being filled: changed in the last SETTLE_MS, or holding a temporary
 * file of a transfer written in the last TRANSFER_FRESH_MS. ctimes: a sync engine may set a
 * folder's or a file's mtime to the sender's, never its ctime.
 */
async function folderFilling(dir: string, now: number): Promise<boolean> {
  const st = await fs.stat(dir).catch(() => null)
  if (!st) return false
  if (now - st.ctimeMs < SETTLE_MS) return true
  const names = await fs.readdir(dir).catch(() => [] as string[])
  for (const name of names) {
    if (!isArrivingName(name)) continue
    const t = await fs.stat(join(dir, name)).catch(() => null)
    if (t && now - t.ctimeMs < TRANSFER_FRESH_MS) return true
  }
  return false
}

/**
 * Splits changed files into those complete enough to index and those still arriving:
 * - a file changed in the last SETTLE_MS (ctime: a sync engine keeps the sender's mtime, but the
 *   rename into place sets ctime) that is not the size its sidecar says;
 * - a file without a sidecar while one may still come: the file changed in the last SETTLE_MS,
 *   or its folder is still being filled (folderFilling). A sync engine delivers a result's two
 *   files in any order (Syncthing's default is random), often seconds apart.
 * The rest, and anything older, is read as it is (relative paths in `waiting`).
 */
export async function splitArrived(
  root: string,
  entries: Array<[string, DiskStamp]>,
): Promise<{ ready: Array<[string, DiskStamp]>; waiting: string[] }> {
  const now = Date.now()
  const waiting: string[] = []
  const filling = new Map<string, Promise<boolean>>()
  const folderBusy = (dir: string) => {
    let b = filling.get(dir)
    if (!b) filling.set(dir, (b = folderFilling(dir, now)))
    return b
  }
  const flags = await mapLimit(entries, 24, async ([rel, stamp]) => {
    const abs = join(root, rel)
    const st = await fs.stat(abs).catch(() => null)
    if (!st) return true
    const recent = now - st.ctimeMs < SETTLE_MS
    if (stamp.sidecarMtime >= 0) {
      if (!recent) return true
      const sidecar = await readSidecar(sidecarPathOf(abs)).catch(() => null)
      if (!sidecar || sidecar.bytes === stamp.fileSize) return true
    } else if (!recent && !(await folderBusy(dirname(abs)))) return true
    waiting.push(rel)
    return false
  })
  return { ready: entries.filter((_, i) => flags[i]), waiting }
}
