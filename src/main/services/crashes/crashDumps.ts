import { readdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'

/** A minidump on disk. */
export interface CrashDump {
  path: string
  name: string
  bytes: number
  mtimeMs: number
}

/**
 * Every minidump under Crashpad's folder (it keeps them in `new/`, `pending/` and `completed/`,
 * or in `reports/` on macOS), newest first. Symbolic links are not followed.
 */
export async function listCrashDumps(dir: string, depth = 3): Promise<CrashDump[]> {
  const found: CrashDump[] = []
  const walk = async (folder: string, level: number): Promise<void> => {
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => [])
    for (const e of entries) {
      const path = join(folder, e.name)
      if (e.isDirectory() && level < depth) await walk(path, level + 1)
      else if (e.isFile() && e.name.endsWith('.dmp')) {
        const s = await stat(path).catch(() => null)
        if (s) found.push({ path, name: e.name, bytes: s.size, mtimeMs: s.mtimeMs })
      }
    }
  }
  await walk(dir, 0)
  return found.sort((a, b) => b.mtimeMs - a.mtimeMs || a.name.localeCompare(b.name))
}

/**
 * Keeps the newest dumps within both bounds (count and total bytes) and removes the rest, oldest
 * first. Returns what was removed.
 */
export async function pruneCrashDumps(
  dumps: readonly CrashDump[],
  bounds: { maxBytes: number; maxDumps: number },
): Promise<CrashDump[]> {
  const removed: CrashDump[] = []
  let total = 0
  for (const [i, dump] of dumps.entries()) {
    total += dump.bytes
    if (i >= bounds.maxDumps || total > bounds.maxBytes) {
      await rm(dump.path, { force: true })
      removed.push(dump)
    }
  }
  return removed
}
