import type { BatchView } from '@shared/batch/types'
import { TASK_STATES, type TaskState } from '@shared/tasks/states'

/** Batches newest first (call inside useMemo: it builds a new array). */
export const sortBatches = (batches: Record<string, BatchView>): BatchView[] =>
  Object.values(batches).sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1))

/** How many of a batch's requests are saved in the library (the progress the user cares about). */
export const savedOf = (b: BatchView): number => b.counts.saved ?? 0

/** The batch's tasks per state in the engine's order, without empty states. */
export const countsOf = (b: BatchView): Array<[TaskState, number]> =>
  TASK_STATES.flatMap((s) => {
    const n = b.counts[s] ?? 0
    return n > 0 ? [[s, n] as [TaskState, number]] : []
  })

/** A batch can be paused or cancelled only while it still has requests to send. */
export const isOpen = (b: BatchView): boolean => b.state === 'running' || b.state === 'paused'
