import { create } from 'zustand'

import type { AreaId } from '../../features/registry'

interface NavigationState {
  area: AreaId
  go(area: AreaId): void
}

/** Which area of the app frame is showing. */
export const useNavigationStore = create<NavigationState>()((set) => ({
  area: 'settings',
  go: (area) => set({ area }),
}))
