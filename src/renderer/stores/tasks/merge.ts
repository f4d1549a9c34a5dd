import type { TaskView } from '@shared/tasks/views'

/** The task map and the ids main said it removed (kept so a stale answer cannot bring them back). */
export interface HeldTasks {
  tasks: Record<string, TaskView>
  removed: Record<string, true>
}

/** True when `next` may replace `held`: nothing held yet, or it is at least as new. */
const newer = (held: TaskView | undefined, next: TaskView): boolean =>
  !held || held.updatedAt <= next.updatedAt

/**
 * Applies changed views and removals (a `tasks:updated` event, or one action's answer): a view
 * older than the one held is ignored, a removed id goes and is remembered as removed.
 */
export function mergeChanges(
  held: HeldTasks,
  changed: readonly TaskView[],
  removed: readonly string[] = [],
): HeldTasks {
  if (changed.length === 0 && removed.length === 0) return held
  const tasks = { ...held.tasks }
  for (const v of changed) {
    if (!held.removed[v.id] && newer(tasks[v.id], v)) tasks[v.id] = v
  }
  if (removed.length === 0) return { tasks, removed: held.removed }
  const gone = { ...held.removed }
  for (const id of removed) {
    delete tasks[id]
    gone[id] = true
  }
  return { tasks, removed: gone }
}

/**
 * Applies a `tasks:list` answer (every task main holds) that was asked for when `asked` was held.
 * It fills in and updates tasks like an event, but never overwrites a newer view and never brings
 * back a removed id; a task it no longer lists is dropped only if nothing changed it since the
 * question was sent (an event after that may have added it after main's answer was taken).
 */
export function mergeList(
  held: HeldTasks,
  list: readonly TaskView[],
  asked: Record<string, TaskView>,
): HeldTasks {
  const listed = new Set(list.map((v) => v.id))
  const merged = mergeChanges(held, list)
  const tasks = merged === held ? { ...held.tasks } : merged.tasks
  for (const [id, view] of Object.entries(tasks)) {
    if (!listed.has(id) && asked[id] === view) delete tasks[id]
  }
  return { tasks, removed: held.removed }
}

/** `map` without `id` (the same object when it has none): per-task errors and busy flags. */
export const without = <T>(map: Record<string, T>, id: string): Record<string, T> => {
  if (!(id in map)) return map
  const next = { ...map }
  delete next[id]
  return next
}
