import { readdirSync } from 'node:fs'
import { constants, setPriority } from 'node:os'

/** The index writer's priority: the OS's "below normal" (nice 10 on Linux and macOS). */
export const BACKGROUND_PRIORITY = constants.priority.PRIORITY_BELOW_NORMAL

/**
 * Puts the calling process below normal priority, so that on a machine whose cores are all busy
 * the OS runs main's thread (the window, the IPC answers) before the index writer's bulk work.
 * Without it main waited for a core behind the writer and its reader threads: during a 1M first
 * index main's own work was at most 32 ms of CPU at once, but its longest block was 62 ms of wall
 * (bench/library-index.ts). On an idle core nothing changes: the OS still runs the writer at once.
 *
 * On Linux the nice value belongs to each thread, not to the process ("under the current
 * Linux/NPTL implementation of POSIX threads, the nice value is a per-thread attribute",
 * https://man7.org/linux/man-pages/man2/setpriority.2.html), and a new thread takes its creator's.
 * So it is called before the writer starts its reader threads, and it also lowers the threads
 * the runtime started before the writer's own code ran (/proc/self/task lists them; setpriority
 * takes a thread id there). Elsewhere `setPriority(0, …)` sets the whole process (Windows:
 * BELOW_NORMAL_PRIORITY_CLASS, https://nodejs.org/api/os.html#ossetprioritypid-priority).
 * Lowering one's own priority needs no privilege; should the OS refuse, the writer runs as before.
 */
export function runInBackground(): void {
  const lower = (id: number) => {
    try {
      setPriority(id, BACKGROUND_PRIORITY)
    } catch {
      // Refused (a sandbox, a thread that just ended): that thread keeps its priority.
    }
  }
  lower(0)
  if (process.platform !== 'linux') return
  let threads: string[] = []
  try {
    threads = readdirSync('/proc/self/task')
  } catch {
    return
  }
  for (const tid of threads) lower(Number(tid))
}
