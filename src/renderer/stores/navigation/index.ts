import { create } from 'zustand'

import { type AreaId, isAreaId } from '../../areas'

const STORAGE_KEY = 'gen-studio:area'

/** The area the user was last in (window UI state only), or Settings on a first start. */
function lastArea(): AreaId {
  try {
    const saved = localStorage.getItem(STORAGE_KEY)
    return isAreaId(saved) ? saved : 'settings'
  } catch {
    return 'settings'
  }
}

interface NavigationState {
  area: AreaId
  go(area: AreaId): void
}

/** Which area of the app frame is showing; reopening the app returns to the same one. */
export const useNavigationStore = create<NavigationState>()((set) => ({
  area: lastArea(),
  go: (area) => {
    try {
      localStorage.setItem(STORAGE_KEY, area)
    } catch {
      // Storage full or disabled: navigation still works, it is just not remembered.
    }
    set({ area })
  },
}))
