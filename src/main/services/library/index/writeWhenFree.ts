import { writeIfFree } from '../../../adapters/sqlite/openDatabase'
import type { LibraryIndex } from './LibraryIndex'

/** How soon a write kept back by another connection's lock (the index writer's) is tried again, in ms. */
export const LOCKED_RETRY_MS = 250

/**
 * Runs a small write of the index now when the write lock is free, else again every
 * LOCKED_RETRY_MS until it is, or until `current()` has no index (the library closed). For the
 * cache rows main writes outside the library's queue (a video's poster flag, a sha256 taken from
 * a file) while the index writer process may hold the lock for a whole commit of a first index:
 * seconds at 1M items, which `busy_timeout` would have spent holding main's thread.
 */
export function writeWhenFree(
  current: () => LibraryIndex | null,
  work: (index: LibraryIndex) => void,
  log: (message: string) => void,
): void {
  const attempt = () => {
    const index = current()
    if (!index) return
    try {
      if (writeIfFree(index.db, () => work(index))) return
    } catch (e) {
      log(`An index write failed: ${String(e)}`)
      return
    }
    setTimeout(attempt, LOCKED_RETRY_MS).unref?.()
  }
  attempt()
}
