import { create } from 'zustand'

import { createPictureActions, type PictureStore } from './action'
import { initialState } from './initialState'

/** Local upscale jobs (issue #31), fed by `picture:job`: the viewer's progress and the Tasks list. */
export const usePictureStore = create<PictureStore>()((...args) => ({
  ...initialState(),
  ...createPictureActions(...args),
}))

export type { PictureActions, PictureStore } from './action'
export * from './initialState'
export * from './selectors'
