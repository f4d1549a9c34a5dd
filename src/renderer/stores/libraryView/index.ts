import { create } from 'zustand'

import { createLibraryViewActions, type LibraryViewStore } from './action'
import { initialState } from './initialState'

/**
 * How the library is being looked at, apart from what it holds (stores/library): the viewer's
 * position, the items in compare, and the grid's tile size. Separate so the viewer and compare
 * features add no state to the library store that several screens' work shares.
 */
export const useLibraryViewStore = create<LibraryViewStore>()((...args) => ({
  ...initialState(),
  ...createLibraryViewActions(...args),
}))

export { type LibraryViewActions, type LibraryViewStore, MAX_COMPARE } from './action'
export * from './initialState'
