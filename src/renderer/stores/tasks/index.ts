import { create } from 'zustand'

import { createTasksActions, type TasksStore } from './action'
import { initialState } from './initialState'

/** The Tasks screen's store (see action.ts). */
export const useTasksStore = create<TasksStore>()((...args) => ({
  ...initialState,
  ...createTasksActions(...args),
}))

export type { TasksActions, TasksStore } from './action'
export * from './initialState'
export * from './selectors'
