/**
 * holding/: the library's trash in front of the OS trash (`<library>/.trash/<token>/`). It moves
 * files and hands marked folders to the injected Trash once they have been there TRASH_KEEP_MS;
 * it never unlinks a user's file, never touches the index, and imports only disk/.
 */
import { randomBytes } from 'node:crypto'
import { type Dirent, promises as fs, type Stats } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'

import { TRASH_KEEP_MS, type TrashEntry } from '@shared/library/trash'
import { mediaExtOf } from '@shared/library/types'

import type { Trash } from '../../../adapters/trash/Trash'
import { t } from '../../../i18n'
import { HOLDING_DIR, sidecarPathOf } from '../disk/sidecar'

/**
 * Written into every holding folder this app creates, with when and what was deleted (JSON; an
 * older version wrote it empty). Only folders carrying it are ever handed to the OS trash or
 * restored: a library folder that already had a `.trash/` of its own (another app's, the user's)
 * is never touched.
 */
export const HOLD_MARKER = '.gen-studio-hold'

/** What a marker records. */
interface Marker {
  deletedAt: number
  relPaths: string[]
}

/**
 * Delete with undo, then a library trash (issue #28). A deleted file and its sidecar are moved (a
 * rename: instant, same disk) into `<library>/.trash/<token>/`, keeping their relative paths,
 * with a marker saying when and what. The folder is inside the library, so a sync engine carries
 * the delete to every machine as a move and each of them can list and restore it (`undo`, which
 * reads the marker, not this run's memory). After `keepMs` (30 days) `sweep` hands the files to
 * the OS trash through the injected Trash adapter. The library never unlinks a user's file.
 */
export class DeleteHolding {
  constructor(
    private readonly trash: Trash,
    /** How long the renderer offers Undo: only the receipt's `undoUntil` says so. */
    private readonly undoWindowMs: number,
    private readonly now: () => number = Date.now,
    private readonly onError: (message: string) => void = () => {},
    private readonly keepMs: number = TRASH_KEEP_MS,
  ) {}

  private dirOf(root: string, token: string): string {
    return join(root, HOLDING_DIR, token)
  }

  /** Moves the files into the trash. On any failure, what was already moved is put back. */
  async hold(root: string, relPaths: string[]): Promise<{ token: string; undoUntil: number }> {
    const token = randomBytes(9).toString('base64url')
    const dir = this.dirOf(root, token)
    const moved: Array<[string, string]> = []
    const deletedAt = this.now()
    try {
      await fs.mkdir(dir, { recursive: true })
      const marker: Marker = { deletedAt, relPaths }
      await fs.writeFile(join(dir, HOLD_MARKER), JSON.stringify(marker))
      for (const rel of relPaths) {
        const from = join(root, rel)
        const to = join(dir, rel)
        await fs.mkdir(dirname(to), { recursive: true })
        await fs.rename(from, to)
        moved.push([from, to])
        try {
          await fs.rename(sidecarPathOf(from), sidecarPathOf(to))
          moved.push([sidecarPathOf(from), sidecarPathOf(to)])
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e
        }
      }
    } catch (e) {
      for (const [from, to] of moved.reverse()) await fs.rename(to, from).catch(() => {})
      await fs.rm(dir, { recursive: true, force: true }).catch(() => {})
      throw e
    }
    return { token, undoUntil: deletedAt + this.undoWindowMs }
  }

  /**
   * What a marked trash folder holds, or null when `token` names none (never made by this app,
   * already restored or purged, possibly on another machine).
   */
  async entry(root: string, token: string): Promise<TrashEntry | null> {
    if (!/^[\w-]{1,64}$/.test(token)) return null
    const dir = this.dirOf(root, token)
    let text: string
    let st: Stats
    try {
      st = await fs.lstat(join(dir, HOLD_MARKER))
      if (!st.isFile()) return null
      text = await fs.readFile(join(dir, HOLD_MARKER), 'utf8')
    } catch {
      return null
    }
    const marker = parseMarker(text)
    const deletedAt = marker?.deletedAt ?? Math.round(st.mtimeMs)
    const relPaths = marker?.relPaths ?? (await mediaIn(dir))
    return { token, deletedAt, purgeAt: deletedAt + this.keepMs, relPaths }
  }

  /** Every delete in the library's trash, newest first. */
  async list(root: string): Promise<TrashEntry[]> {
    const names = await fs.readdir(join(root, HOLDING_DIR)).catch(() => [] as string[])
    const entries = await Promise.all(names.map((t) => this.entry(root, t)))
    return entries
      .filter((e): e is TrashEntry => e !== null)
      .sort((a, b) => b.deletedAt - a.deletedAt)
  }

  /**
   * Puts the files of a delete back where they were, from this machine or another. Returns the
   * restored paths, or null when the trash has no such delete (restored or purged already). A
   * name taken meanwhile is kept and the restored file gets a "(restored)" suffix instead; a
   * file of the delete that is no longer there (restored elsewhere) is skipped.
   */
  async undo(root: string, token: string): Promise<{ root: string; relPaths: string[] } | null> {
    const entry = await this.entry(root, token)
    if (!entry) return null
    const dir = this.dirOf(root, token)
    const restored: string[] = []
    for (const rel of entry.relPaths) {
      if (!(await isFile(join(dir, rel)))) continue
      let target = rel
      try {
        await fs.access(join(root, target))
        const dot = rel.lastIndexOf('.')
        target = `${rel.slice(0, dot)} (restored)${rel.slice(dot)}`
      } catch {
        // Free: restore under the original name.
      }
      await fs.mkdir(dirname(join(root, target)), { recursive: true })
      await fs.rename(join(dir, rel), join(root, target))
      await fs
        .rename(sidecarPathOf(join(dir, rel)), sidecarPathOf(join(root, target)))
        .catch(() => {})
      restored.push(target)
    }
    if (!(await listFiles(dir)).some((f) => f !== join(dir, HOLD_MARKER)))
      await fs.rm(join(dir, HOLD_MARKER), { force: true })
    await removeEmptyDirs(dir)
    return { root, relPaths: restored }
  }

  private async toTrash(dir: string): Promise<void> {
    const marker = join(dir, HOLD_MARKER)
    for (const file of await listFiles(dir)) {
      if (file === marker) continue
      try {
        await this.trash.trashItem(file)
      } catch (e) {
        this.onError(t('trashMoveFailed', { file, detail: (e as Error).message }))
      }
    }
    if (!(await listFiles(dir)).some((f) => f !== marker)) await fs.rm(marker, { force: true })
    await removeEmptyDirs(dir)
  }

  /**
   * Hands every delete that has been in the library's trash for `keepMs` to the OS trash (at
   * attach, and periodically while the app runs). Younger ones stay, restorable everywhere.
   */
  async sweep(root: string): Promise<void> {
    for (const entry of await this.list(root))
      if (entry.purgeAt <= this.now()) await this.toTrash(this.dirOf(root, entry.token))
    await fs.rmdir(join(root, HOLDING_DIR)).catch(() => {})
  }
}

function parseMarker(text: string): Marker | null {
  try {
    const v = JSON.parse(text) as Partial<Marker>
    if (typeof v.deletedAt !== 'number' || !Array.isArray(v.relPaths)) return null
    const relPaths = v.relPaths.filter(
      (p): p is string =>
        typeof p === 'string' && !p.split('/').some((s) => s === '' || s === '.' || s === '..'),
    )
    return { deletedAt: v.deletedAt, relPaths }
  } catch {
    return null
  }
}

const isFile = (p: string) =>
  fs.lstat(p).then(
    (s) => s.isFile(),
    () => false,
  )

/** The media files of a trash folder whose marker lists none (older versions): relative paths. */
async function mediaIn(dir: string): Promise<string[]> {
  const files = await listFiles(dir)
  return files
    .filter((f) => mediaExtOf(f) !== null)
    .map((f) => relative(dir, f).split(sep).join('/'))
}

async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = []
  let entries: Dirent[]
  try {
    entries = await fs.readdir(dir, { withFileTypes: true })
  } catch {
    return out
  }
  for (const e of entries) {
    const p = join(dir, e.name)
    // A link is listed, never followed: trashing it removes the link, not what it points at.
    if (e.isDirectory()) out.push(...(await listFiles(p)))
    else out.push(p)
  }
  return out
}

/** Removes a folder tree only where it is empty (rmdir refuses non-empty folders). */
async function removeEmptyDirs(dir: string): Promise<void> {
  let entries: Dirent[]
  try {
    entries = await fs.readdir(dir, { withFileTypes: true })
  } catch {
    return
  }
  for (const e of entries) if (e.isDirectory()) await removeEmptyDirs(join(dir, e.name))
  await fs.rmdir(dir).catch(() => {})
}
