import { randomBytes } from 'node:crypto'
import { promises as fs } from 'node:fs'
import { dirname, join } from 'node:path'

/**
 * Writes a file so that readers see either the old or the new content, never a torn one:
 * temp file in the same folder, fsync, rename, then fsync the folder (where the OS allows it).
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const dir = dirname(path)
  await fs.mkdir(dir, { recursive: true })
  const tmp = join(dir, `.${randomBytes(6).toString('hex')}.tmp`)
  const handle = await fs.open(tmp, 'w', 0o600)
  try {
    await handle.writeFile(data)
    await handle.sync()
  } finally {
    await handle.close()
  }
  try {
    await fs.rename(tmp, path)
  } catch (e) {
    await fs.rm(tmp, { force: true })
    throw e
  }
  await syncDir(dir)
}

async function syncDir(dir: string): Promise<void> {
  if (process.platform === 'win32') return
  const handle = await fs.open(dir, 'r')
  try {
    await handle.sync()
  } catch {
    // Some file systems refuse fsync on directories; the rename itself is still atomic.
  } finally {
    await handle.close()
  }
}

/** A small JSON document on disk with atomic replace; a missing or corrupt file reads as null. */
export class JsonFile<T> {
  constructor(readonly path: string) {}

  async read(): Promise<T | null> {
    let text: string
    try {
      text = await fs.readFile(this.path, 'utf8')
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw e
    }
    try {
      return JSON.parse(text) as T
    } catch {
      // Keep the unreadable file for the user to inspect instead of silently overwriting it.
      await fs.rename(this.path, `${this.path}.corrupt-${Date.now()}`).catch(() => {})
      return null
    }
  }

  write(value: T): Promise<void> {
    return writeFileAtomic(this.path, `${JSON.stringify(value, null, 2)}\n`)
  }
}
