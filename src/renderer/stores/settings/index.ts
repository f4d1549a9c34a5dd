import { create } from 'zustand'

import { createSettingsActions, type SettingsStore } from './action'
import { initialState } from './initialState'

/** Settings as main reports them. Never persisted in the renderer: main is the source of truth. */
export const useSettingsStore = create<SettingsStore>()((...args) => ({
  ...initialState,
  ...createSettingsActions(...args),
}))

export * from './selectors'
