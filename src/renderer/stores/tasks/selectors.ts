import type { TaskView } from '@shared/tasks/views'

/** Tasks newest first (call inside useMemo: it builds a new array). */
export const sortTasks = (tasks: Record<string, TaskView>): TaskView[] =>
  Object.values(tasks).sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1))
