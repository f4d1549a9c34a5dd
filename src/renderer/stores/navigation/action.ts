import type { StateCreator } from 'zustand'

import type { AreaId } from '../../areas'
import { type NavigationState, STORAGE_KEY } from './initialState'

export interface NavigationActions {
  go(area: AreaId): void
}

export type NavigationStore = NavigationState & NavigationActions

export const createNavigationActions: StateCreator<NavigationStore, [], [], NavigationActions> = (
  set,
) => ({
  go: (area) => {
    try {
      localStorage.setItem(STORAGE_KEY, area)
    } catch {
      // Storage full or disabled: navigation still works, it is just not remembered.
    }
    set({ area })
  },
})
