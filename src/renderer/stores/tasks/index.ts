import { create } from 'zustand'

import { createTasksActions, type TasksStore } from './action'
import { initialState } from './initialState'
import { createQueueActions } from './queue'

/** The renderer's one task store: the Tasks screen and every generation form read it (action.ts). */
export const useTasksStore = create<TasksStore>()((...args) => ({
  ...initialState,
  ...createTasksActions(...args),
  ...createQueueActions(...args),
}))

export type { TasksActions, TasksStore } from './action'
export * from './initialState'
export type { QueueActions } from './queue'
export * from './selectors'
