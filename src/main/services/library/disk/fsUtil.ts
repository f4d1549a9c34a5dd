import { randomBytes } from 'node:crypto'
import { promises as fs } from 'node:fs'
import { basename, dirname, join } from 'node:path'

import { fail } from '@shared/result'

/** A temp name in the same folder (same file system, so rename is atomic); hidden from scans. */
export const tempNameFor = (path: string): string =>
  join(dirname(path), `.${basename(path)}.${randomBytes(4).toString('hex')}.part`)

/** Creates `path` (which must not exist) with `data`, flushed to disk before it returns. */
export async function writeSynced(path: string, data: string | Uint8Array): Promise<void> {
  const handle = await fs.open(path, 'wx', 0o644)
  try {
    await handle.writeFile(data)
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/**
 * Writes bytes so that the final name only ever holds the complete file: temp file, fsync,
 * rename. Library files keep ordinary permissions (the user owns and shares them).
 */
export async function writeAtomic(path: string, data: string | Uint8Array): Promise<void> {
  await fs.mkdir(dirname(path), { recursive: true })
  const tmp = tempNameFor(path)
  try {
    await writeSynced(tmp, data)
    await fs.rename(tmp, path)
  } catch (e) {
    await fs.rm(tmp, { force: true })
    throw e
  }
}

/** Moves a file, copying across file systems (EXDEV) and removing the source only after. */
export async function moveFile(from: string, to: string): Promise<void> {
  try {
    await fs.rename(from, to)
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e
    const tmp = tempNameFor(to)
    try {
      await fs.copyFile(from, tmp)
      await fs.rename(tmp, to)
    } catch (e2) {
      await fs.rm(tmp, { force: true })
      throw e2
    }
    await fs.rm(from, { force: true })
  }
}

export const errnoOf = (e: unknown): string => (e as NodeJS.ErrnoException)?.code ?? ''

/**
 * Turns a file-system error into a storage failure whose message says what the user can do:
 * disk full, read-only or missing folder, permission. Anything else keeps the OS message.
 */
export function storageFailure(what: string, e: unknown, dir: string): never {
  const code = errnoOf(e)
  if (code === 'ENOSPC' || code === 'EDQUOT') {
    return fail('storage', `${what}: the disk is full.`, {
      action: `Free some space on the disk that holds ${dir}, then try again. Nothing was lost.`,
    })
  }
  if (code === 'EROFS' || code === 'EACCES' || code === 'EPERM') {
    return fail('storage', `${what}: the library folder is read-only.`, {
      action: `Make ${dir} writable or choose another library folder in Settings.`,
    })
  }
  if (code === 'ENOENT' || code === 'ENOTDIR') {
    return fail('storage', `${what}: the library folder is missing.`, {
      action: `Reconnect the drive that holds ${dir} or choose another library folder in Settings.`,
    })
  }
  return fail('storage', `${what}: ${(e as Error)?.message ?? String(e)}`, {
    action: 'Check the library folder in Settings.',
  })
}

/**
 * Whether `rel` names something inside `root` with no symbolic link on the way (the last part
 * included). The library never follows a link out of itself: a linked file or folder is not
 * indexed, watched, given a sidecar, exported or deleted. Throws ENOENT when a part is missing.
 */
export async function isLinkFree(root: string, rel: string): Promise<boolean> {
  let path = root
  for (const part of rel.split('/')) {
    if (!part || part === '.' || part === '..') return false
    path = join(path, part)
    if ((await fs.lstat(path)).isSymbolicLink()) return false
  }
  return true
}
