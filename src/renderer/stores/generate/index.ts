import { create } from 'zustand'

import { createGenerateActions, type GenerateStore } from './action'
import { initialState } from './initialState'

/**
 * Per-session state of the generation screens: the reference files each form holds (paths and
 * thumbnails, never the bytes), the painted masks, and the task views the screens show. Not
 * persisted: tasks come back from main after a restart, files are chosen again.
 */
export const useGenerateStore = create<GenerateStore>()((...args) => ({
  ...initialState(),
  ...createGenerateActions(...args),
}))

export type { GenerateActions, GenerateStore } from './action'
export * from './initialState'
