import { create } from 'zustand'

import { createGenerateActions, type GenerateStore } from './action'
import { initialState } from './initialState'

/**
 * Per-session state of the generation screens: the reference files each form holds (paths and
 * thumbnails, never the bytes) and the painted masks. Not persisted: files are chosen again. The
 * tasks the screens show live in the one task store (stores/tasks).
 */
export const useGenerateStore = create<GenerateStore>()((...args) => ({
  ...initialState(),
  ...createGenerateActions(...args),
}))

export type { GenerateActions, GenerateStore } from './action'
export * from './initialState'
