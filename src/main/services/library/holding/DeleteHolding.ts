/**
 * holding/: the undo area in front of the OS trash (`<library>/.trash/<token>/`). It moves files
 * and hands marked folders to the injected Trash; it never unlinks a user's file, never touches
 * the index, and imports only disk/.
 */
import { randomBytes } from 'node:crypto'
import { type Dirent, promises as fs } from 'node:fs'
import { dirname, join } from 'node:path'

import type { Trash } from '../../../adapters/trash/Trash'
import { HOLDING_DIR, sidecarPathOf } from '../disk/sidecar'

/**
 * Written into every holding folder this app creates. Only folders carrying it are ever handed to
 * the OS trash: a library folder that already had a `.trash/` of its own (another app's, the
 * user's) is never touched.
 */
export const HOLD_MARKER = '.gen-studio-hold'

interface Held {
  root: string
  relPaths: string[]
  undoUntil: number
  timer: ReturnType<typeof setTimeout>
}

/**
 * Delete with undo. A deleted file and its sidecar are first moved (a rename: instant, same disk)
 * into `<library>/.trash/<token>/`, keeping their relative paths; undo moves them back. When the
 * undo window closes (or the app quits, or on the next start after a crash) they are handed to
 * the OS trash through the injected Trash adapter, so the user can still recover them there. The
 * library never unlinks a user's file.
 */
export class DeleteHolding {
  private readonly held = new Map<string, Held>()

  constructor(
    private readonly trash: Trash,
    private readonly undoWindowMs: number,
    private readonly now: () => number = Date.now,
    private readonly onError: (message: string) => void = () => {},
  ) {}

  private dirOf(root: string, token: string): string {
    return join(root, HOLDING_DIR, token)
  }

  /** Moves the files into the holding area. On any failure, what was already moved is put back. */
  async hold(root: string, relPaths: string[]): Promise<{ token: string; undoUntil: number }> {
    const token = randomBytes(9).toString('base64url')
    const dir = this.dirOf(root, token)
    const moved: Array<[string, string]> = []
    try {
      await fs.mkdir(dir, { recursive: true })
      await fs.writeFile(join(dir, HOLD_MARKER), '')
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
    const undoUntil = this.now() + this.undoWindowMs
    const timer = setTimeout(() => void this.release(token), this.undoWindowMs)
    timer.unref?.()
    this.held.set(token, { root, relPaths, undoUntil, timer })
    return { token, undoUntil }
  }

  /**
   * Puts the files back where they were. Returns the restored paths, or null when the token is
   * unknown or expired (the files are already in the OS trash). A name taken meanwhile is kept
   * and the restored file gets a "(restored)" suffix instead.
   */
  async undo(token: string): Promise<{ root: string; relPaths: string[] } | null> {
    const h = this.held.get(token)
    if (!h) return null
    clearTimeout(h.timer)
    this.held.delete(token)
    const dir = this.dirOf(h.root, token)
    const restored: string[] = []
    for (const rel of h.relPaths) {
      let target = rel
      try {
        await fs.access(join(h.root, target))
        const dot = rel.lastIndexOf('.')
        target = `${rel.slice(0, dot)} (restored)${rel.slice(dot)}`
      } catch {
        // Free: restore under the original name.
      }
      await fs.mkdir(dirname(join(h.root, target)), { recursive: true })
      await fs.rename(join(dir, rel), join(h.root, target))
      await fs
        .rename(sidecarPathOf(join(dir, rel)), sidecarPathOf(join(h.root, target)))
        .catch(() => {})
      restored.push(target)
    }
    await fs.rm(join(dir, HOLD_MARKER), { force: true })
    await removeEmptyDirs(dir)
    return { root: h.root, relPaths: restored }
  }

  /** Hands one held delete to the OS trash. Failures keep the files in the holding area. */
  private async release(token: string): Promise<void> {
    const h = this.held.get(token)
    if (!h) return
    this.held.delete(token)
    clearTimeout(h.timer)
    await this.toTrash(this.dirOf(h.root, token))
  }

  private async toTrash(dir: string): Promise<void> {
    const marker = join(dir, HOLD_MARKER)
    for (const file of await listFiles(dir)) {
      if (file === marker) continue
      try {
        await this.trash.trashItem(file)
      } catch (e) {
        this.onError(`Could not move ${file} to the trash: ${(e as Error).message}`)
      }
    }
    await fs.rm(marker, { force: true })
    await removeEmptyDirs(dir)
  }

  /** Closes every undo window now (app quit). */
  async releaseAll(): Promise<void> {
    await Promise.all([...this.held.keys()].map((t) => this.release(t)))
  }

  /** Sends anything left in a library's holding area by an earlier run (crash) to the OS trash. */
  async sweep(root: string): Promise<void> {
    const base = join(root, HOLDING_DIR)
    let entries: Dirent[]
    try {
      entries = await fs.readdir(base, { withFileTypes: true })
    } catch {
      return
    }
    for (const entry of entries) {
      const token = entry.name
      if (!entry.isDirectory() || this.held.has(token)) continue
      // Ours only: a folder without the marker was not made by a delete in this app.
      const marked = await fs.lstat(join(base, token, HOLD_MARKER)).then(
        (st) => st.isFile(),
        () => false,
      )
      if (marked) await this.toTrash(join(base, token))
    }
    await fs.rmdir(base).catch(() => {})
  }

  isHeld(token: string): boolean {
    return this.held.has(token)
  }
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
