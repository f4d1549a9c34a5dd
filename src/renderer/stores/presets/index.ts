import { create } from 'zustand'

import { createPresetsActions, type PresetsStore } from './action'
import { initialState } from './initialState'

/**
 * Named presets per form (issue #16): a cache of what main keeps in userData/presets.json.
 * Nothing is persisted here; main's file is the only copy.
 */
export const usePresetsStore = create<PresetsStore>()((...args) => ({
  ...initialState(),
  ...createPresetsActions(...args),
}))

export type { PresetsActions, PresetsStore } from './action'
export * from './initialState'
export * from './selectors'
