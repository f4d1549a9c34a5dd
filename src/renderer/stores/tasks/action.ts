import type { TaskView } from '@shared/tasks/views'
import type { StateCreator } from 'zustand'

import { api, call } from '../../api/client'
import { sharedSubscription } from '../sharedSubscription'
import type { TaskAction, TasksState } from './initialState'
import { mergeChanges, mergeList, without } from './merge'
import type { QueueActions } from './queue'

export interface TasksActions {
  /** Asks main for every task and merges the answer (see mergeList). */
  load(): Promise<void>
  /** Applies a `tasks:updated` event, or a view an action answered (`removed` may be omitted). */
  receive(update: { changed: readonly TaskView[]; removed?: readonly string[] }): void
  /**
   * Keeps the tasks current while any screen shows them (Tasks, every generation form): the first
   * caller subscribes to `tasks:updated` (once for the whole renderer), each caller loads the
   * list. Returns the release; the last release unsubscribes.
   */
  connect(): () => void
  run(id: string, action: TaskAction, quoteId?: string): Promise<boolean>
  openResult(id: string): Promise<void>
  closeViewer(): void
  clearActionError(id: string): void
}

export type TasksStore = TasksState & TasksActions & QueueActions

const feed = sharedSubscription()

/**
 * The renderer's one task feed: main's task views, fed by `tasks:updated` events, `tasks:list`
 * answers and action answers alike, all merged by `updatedAt` (merge.ts), so a late list answer
 * never undoes a newer event. Plus per-task action errors and busy flags for the task controls.
 */
export const createTasksActions: StateCreator<TasksStore, [], [], TasksActions> = (set, get) => ({
  async load() {
    set({ loading: true })
    const asked = get().tasks
    const r = await call(() => api().tasks.list({}))
    if (!r.ok) return set({ loading: false, error: r.error })
    set((s) => ({ ...mergeList(s, r.value, asked), loaded: true, loading: false, error: null }))
  },

  receive(update) {
    set((s) => mergeChanges(s, update.changed, update.removed))
  },

  connect() {
    const release = feed.join(() => api().on('tasks:updated', (u) => get().receive(u)))
    void get().load()
    return release
  },

  async run(id, action, quoteId) {
    set((s) => ({ busy: { ...s.busy, [id]: action }, actionErrors: without(s.actionErrors, id) }))
    const tasksApi = api().tasks
    const r = await call<unknown>(() => {
      switch (action) {
        case 'cancel':
          return tasksApi.cancel({ id })
        case 'retryAsNew':
          return tasksApi.retryAsNew({ id })
        case 'retryAnyway':
          return tasksApi.retryAsNew({ id, allowRepeat: true })
        case 'dismiss':
          return tasksApi.dismiss({ id })
        case 'resume':
          return tasksApi.resume({ id })
        case 'confirmQuote':
          return tasksApi.confirmQuote({ id, quoteId: quoteId ?? '' })
      }
    })
    set((s) => {
      const busy = without(s.busy, id)
      if (!r.ok) return { busy, actionErrors: { ...s.actionErrors, [id]: r.error } }
      const merged =
        action === 'dismiss' ? mergeChanges(s, [], [id]) : mergeChanges(s, [r.value as TaskView])
      return { busy, ...merged }
    })
    return r.ok
  },

  async openResult(id) {
    set((s) => ({ busy: { ...s.busy, [id]: 'open' }, actionErrors: without(s.actionErrors, id) }))
    const r = await call(() => api().tasks.openResult({ id }))
    set((s) => ({
      busy: without(s.busy, id),
      ...(r.ok
        ? { viewing: { taskId: id, results: r.value } }
        : { actionErrors: { ...s.actionErrors, [id]: r.error } }),
    }))
  },

  closeViewer: () => set({ viewing: null }),
  clearActionError: (id) => set((s) => ({ actionErrors: without(s.actionErrors, id) })),
})
