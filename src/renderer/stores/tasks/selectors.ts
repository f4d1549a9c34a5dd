import type { TaskKind } from '@shared/tasks/states'
import type { TaskView } from '@shared/tasks/views'

/** Tasks newest first (call inside useMemo: it builds a new array). */
export const sortTasks = (tasks: Record<string, TaskView>): TaskView[] =>
  Object.values(tasks).sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1))

/**
 * A generation screen's results: the newest `limit` tasks of its kinds (call inside useMemo). The
 * screens and the Tasks screen read the same store, so they never disagree about a task.
 */
export const recentOfKinds = (
  tasks: Record<string, TaskView>,
  kinds: readonly TaskKind[],
  limit: number,
): TaskView[] =>
  sortTasks(tasks)
    .filter((t) => kinds.includes(t.kind))
    .slice(0, limit)
