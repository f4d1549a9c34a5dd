import { randomBytes } from 'node:crypto'
import { promises as fs } from 'node:fs'
import { basename, dirname, join } from 'node:path'

import { defineKeys } from '@shared/i18n/keys'
import { fail } from '@shared/result'

import { t } from '../../../i18n'

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

/** What could not be written, as main's words for it (the start of a storage failure). */
const WRITES = defineKeys('main', {
  favourite: 'libWriteFavourite',
  collections: 'libWriteCollections',
  collectionDelete: 'libWriteCollectionDelete',
  setting: 'libWriteSetting',
  export: 'libWriteExport',
  zip: 'libWriteZip',
  poster: 'libWritePoster',
  result: 'libWriteResult',
  delete: 'libWriteDelete',
  restore: 'libWriteRestore',
})
export type LibraryWrite = keyof typeof WRITES

/**
 * Turns a file-system error into a storage failure whose message says what the user can do:
 * disk full, read-only or missing folder, permission. Anything else keeps the OS message.
 */
export function storageFailure(write: LibraryWrite, e: unknown, dir: string): never {
  const code = errnoOf(e)
  const what = t(WRITES[write])
  if (code === 'ENOSPC' || code === 'EDQUOT') {
    return fail('storage', t('libDiskFull', { what }), { action: t('libDiskFullAction', { dir }) })
  }
  if (code === 'EROFS' || code === 'EACCES' || code === 'EPERM') {
    return fail('storage', t('libReadOnly', { what }), { action: t('libReadOnlyAction', { dir }) })
  }
  if (code === 'ENOENT' || code === 'ENOTDIR') {
    return fail('storage', t('libMissing', { what }), { action: t('libMissingAction', { dir }) })
  }
  return fail('storage', t('libOtherError', { what, detail: (e as Error)?.message ?? String(e) }), {
    action: t('libCheckFolderAction'),
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
