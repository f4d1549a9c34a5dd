import type { NavigationState } from './initialState'

/** The area showing (for `useNavigationStore(selectArea)`). */
export const selectArea = (s: NavigationState) => s.area
