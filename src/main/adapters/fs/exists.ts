import { promises as fs } from 'node:fs'

/**
 * Whether something (a file or a folder) is at `path`: false for anything `access` refuses, so
 * callers use it to decide whether to make a thing, never to prove they may read it.
 */
export async function exists(path: string): Promise<boolean> {
  try {
    await fs.access(path)
    return true
  } catch {
    return false
  }
}
