import type { Clock } from '@main/adapters/clock/Clock'
import type { TaskJournal } from '@main/services/journal/TaskJournal'

/** Journal methods a test may make fail once (a disk or keychain fault in the middle of a step). */
export type JournalFault = (method: 'get' | 'update' | 'updateSoft', args: unknown[]) => void

/**
 * The task journal as the engine sees it in the test rig (test/support/taskFakes.ts): the real
 * journal, with two additions no src/ code knows of. `fault` runs before each read and write and
 * may throw (a failing disk). And a driver that keeps reading its task at one instant of the
 * virtual clock is a spin (a driver restarted at once, again and again): past `limit` reads the
 * journal throws, which ends the spin (every driver reads its task before doing anything and again
 * when it ends), and the task is listed in `spins` for the rig to fail the test. Without this, a
 * spinning driver never yields to the event loop and a test only ends at the runner's timeout.
 */
export interface JournalGuard {
  /** Tasks whose driver spun (filled by the journal). */
  spins: string[]
  /** Read at each call, so a test may set or clear it at any time. */
  readonly fault: JournalFault | null
}

export function guardTaskJournal(
  journal: TaskJournal,
  clock: Clock,
  guard: JournalGuard,
  limit = 2_000,
): TaskJournal {
  const reads = new Map<string, number>()
  const get = (id: string) => {
    const at = `${id}@${clock.now()}`
    const n = (reads.get(at) ?? 0) + 1
    reads.set(at, n)
    if (n > limit) {
      if (!guard.spins.includes(id)) guard.spins.push(id)
      throw new Error(`task ${id} was read ${n} times at one instant: its driver spins`)
    }
    guard.fault?.('get', [id])
    return journal.get(id)
  }
  return new Proxy(journal, {
    get(target, prop) {
      if (prop === 'get') return get
      const value: unknown = Reflect.get(target, prop, target)
      if (typeof value !== 'function') return value
      if (prop === 'update' || prop === 'updateSoft') {
        return (...args: unknown[]) => {
          guard.fault?.(prop, args)
          return (value as (...a: unknown[]) => unknown).apply(target, args)
        }
      }
      return (value as (...a: unknown[]) => unknown).bind(target)
    },
  })
}
