import { create } from 'zustand'

import { createNavigationActions, type NavigationStore } from './action'
import { initialState } from './initialState'

/** Which area of the app frame is showing; reopening the app returns to the same one. */
export const useNavigationStore = create<NavigationStore>()((...args) => ({
  ...initialState(),
  ...createNavigationActions(...args),
}))

export type { NavigationActions, NavigationStore } from './action'
export * from './initialState'
export * from './selectors'
