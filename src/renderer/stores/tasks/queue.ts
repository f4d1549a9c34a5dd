import type { AppError, Result } from '@shared/result'
import type { TaskView } from '@shared/tasks/views'
import type { StateCreator } from 'zustand'

import { api, call } from '../../api/client'
import type { TasksState } from './initialState'
import { mergeChanges, without } from './merge'

/** The queue's controls: order, "Run next", remove and its undo (issue #29). */
export interface QueueActions {
  /** Puts the queued, never-sent tasks in this order (drag, Alt+Arrow); `moved` shows the error. */
  reorder(ids: readonly string[], moved: string): Promise<boolean>
  /** Moves a queued, never-sent task to the front of the queue. */
  runNext(id: string): Promise<boolean>
  /** Removes a queued, never-sent task (cancelled, ledger row void); the screen offers Undo. */
  remove(id: string): Promise<boolean>
  /** Undoes a removal: main admits the same request again, in its place. */
  restore(id: string): Promise<Result<TaskView>>
}

/**
 * The queue actions of the one task store: each answer (every queued task with its new place) is
 * merged like any task view; a refusal is kept on the task it concerned.
 */
export const createQueueActions: StateCreator<TasksState & QueueActions, [], [], QueueActions> = (
  set,
) => {
  /** Runs one queue call for task `id`; `removed` leaves the list when it succeeds. */
  async function act(
    id: string,
    ask: () => Promise<Result<TaskView[]>>,
    removed: string[] = [],
  ): Promise<boolean> {
    set((s) => ({ busy: { ...s.busy, [id]: 'queue' }, actionErrors: without(s.actionErrors, id) }))
    const r = await call(ask)
    set((s) => {
      const busy = without(s.busy, id)
      if (!r.ok) return { busy, actionErrors: { ...s.actionErrors, [id]: r.error as AppError } }
      return { busy, ...mergeChanges(s, r.value, removed) }
    })
    return r.ok
  }
  return {
    reorder: (ids, moved) => act(moved, () => api().tasks.reorder({ ids: [...ids] })),
    runNext: (id) => act(id, () => api().tasks.runNext({ id })),
    remove: (id) => act(id, () => api().tasks.remove({ id }), [id]),
    async restore(id) {
      const r = await call(() => api().tasks.restore({ id }))
      if (r.ok) set((s) => mergeChanges(s, [r.value]))
      return r
    },
  }
}
