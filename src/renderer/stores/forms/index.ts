import { create } from 'zustand'
import { persist } from 'zustand/middleware'

import { createFormsActions, type FormsStore } from './action'
import { initialState } from './initialState'
import { persistOptions } from './persistence'

/**
 * Form drafts and prompt history, remembered per form in the renderer's localStorage so each form
 * opens with the last-used settings. Only form text lives here: never files, results or the
 * library index.
 */
export const useFormsStore = create<FormsStore>()(
  persist(
    (...args) => ({
      ...initialState(),
      ...createFormsActions(...args),
    }),
    persistOptions,
  ),
)

export type { FormsActions, FormsStore } from './action'
export * from './drafts'
export * from './initialState'
export { sanitizeDrafts } from './persistence'
