import { create } from 'zustand'

import { createLibraryActions } from './action'
import { createLibraryFileActions } from './fileActions'
import { initialState } from './initialState'
import type { LibraryStore } from './types'

/**
 * The library screen's store: the filter, month counts (which give the grid its exact size), the
 * blocks of tiles loaded so far, selection, the open item and the undo toast. Pages are fetched
 * with keyset cursors (see anchorFor), so any position of a 100k library is one query away.
 */
export const useLibraryStore = create<LibraryStore>()((...args) => ({
  ...initialState,
  ...createLibraryActions(...args),
  ...createLibraryFileActions(...args),
}))

export * from './blocks'
export * from './initialState'
export * from './intents'
export * from './selectors'
export type { LibraryActions, LibraryFileActions, LibraryStore } from './types'
