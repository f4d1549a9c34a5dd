import { type AreaId, isAreaId } from '../../areas'

/** Where the last area is remembered (window UI state only, not settings). */
export const STORAGE_KEY = 'gen-studio:area'

/** The area the user was last in, or Settings on a first start. */
function lastArea(): AreaId {
  try {
    const saved = localStorage.getItem(STORAGE_KEY)
    return isAreaId(saved) ? saved : 'settings'
  } catch {
    return 'settings'
  }
}

export interface NavigationState {
  area: AreaId
}

export const initialState = (): NavigationState => ({ area: lastArea() })
