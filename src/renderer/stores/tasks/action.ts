import type { TasksUpdate, TaskView } from '@shared/tasks/views'
import type { StateCreator } from 'zustand'

import { api, call } from '../../api/client'
import type { TaskAction, TasksState } from './initialState'

export interface TasksActions {
  load(): Promise<void>
  /** Applies a `tasks:updated` event. */
  receive(update: TasksUpdate): void
  /** Subscribes to `tasks:updated` and loads the list; returns the unsubscribe function. */
  connect(): () => void
  run(id: string, action: TaskAction, quoteId?: string): Promise<boolean>
  openResult(id: string): Promise<void>
  closeViewer(): void
  clearActionError(id: string): void
}

export type TasksStore = TasksState & TasksActions

const without = <T>(map: Record<string, T>, id: string): Record<string, T> => {
  if (!(id in map)) return map
  const next = { ...map }
  delete next[id]
  return next
}

/**
 * The Tasks screen's actions: main's task views, kept current by `tasks:updated` (a newer view
 * replaces an older one, never the reverse), plus per-task action errors and busy flags.
 */
export const createTasksActions: StateCreator<TasksStore, [], [], TasksActions> = (set, get) => ({
  async load() {
    set({ loading: true })
    const r = await call(() => api().tasks.list({}))
    if (!r.ok) return set({ loading: false, error: r.error })
    const tasks: Record<string, TaskView> = {}
    for (const t of r.value) tasks[t.id] = t
    // Keep anything an event delivered meanwhile if it is newer.
    for (const t of Object.values(get().tasks)) {
      if (tasks[t.id] && tasks[t.id]!.updatedAt < t.updatedAt) tasks[t.id] = t
    }
    set({ tasks, loaded: true, loading: false, error: null })
  },

  receive(update) {
    set((s) => {
      const tasks = { ...s.tasks }
      for (const v of update.changed) {
        const old = tasks[v.id]
        if (!old || old.updatedAt <= v.updatedAt) tasks[v.id] = v
      }
      for (const id of update.removed) delete tasks[id]
      return { tasks }
    })
  },

  connect() {
    const off = api().on('tasks:updated', (u) => get().receive(u))
    void get().load()
    return off
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
      const tasks = { ...s.tasks }
      if (action === 'dismiss') delete tasks[id]
      else {
        const v = r.value as TaskView
        if (!tasks[v.id] || tasks[v.id]!.updatedAt <= v.updatedAt) tasks[v.id] = v
      }
      return { busy, tasks }
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
