import { create } from 'zustand'

import { createSimilarActions, type SimilarStore } from './action'
import { initialState } from './initialState'

/**
 * "Find similar" and the duplicates panel (issue #16): what was asked and main's answers
 * (`library:similar`, `library:duplicates`). Its own store, so the library store that several
 * features share gains no state for it.
 */
export const useSimilarStore = create<SimilarStore>()((...args) => ({
  ...initialState,
  ...createSimilarActions(...args),
}))

export type { SimilarActions, SimilarStore } from './action'
export * from './initialState'
