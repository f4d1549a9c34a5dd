import { randomBytes } from 'node:crypto'
import { promises as fs } from 'node:fs'
import { basename, join } from 'node:path'

import type { Trash } from './Trash'

/**
 * A trash that is just a folder: items are moved in under a unique name. Used by tests and the
 * browser e2e bridge in place of the OS trash, with the same contract (the file is moved, not
 * destroyed, and the call rejects if it could not be moved).
 */
export class FolderTrash implements Trash {
  constructor(readonly dir: string) {}

  async trashItem(path: string): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true })
    await fs.rename(path, join(this.dir, `${randomBytes(4).toString('hex')}-${basename(path)}`))
  }

  /** What is in the trash (names as stored). */
  async list(): Promise<string[]> {
    try {
      return (await fs.readdir(this.dir)).sort()
    } catch {
      return []
    }
  }
}
