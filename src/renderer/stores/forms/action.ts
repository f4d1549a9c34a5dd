import type { StateCreator } from 'zustand'

import { DEFAULT_DRAFTS, type Drafts, type FormId } from './drafts'
import { type FormsState, PROMPT_HISTORY_LIMIT } from './initialState'

export interface FormsActions {
  patch<F extends FormId>(form: F, patch: Partial<Drafts[F]>): void
  /** Replaces a whole draft (apply settings, reset). */
  replace<F extends FormId>(form: F, draft: Drafts[F]): void
  reset(form: FormId): void
  remember(form: FormId, prompt: string): void
  forget(form: FormId, prompt: string): void
}

export type FormsStore = FormsState & FormsActions

export const createFormsActions: StateCreator<
  FormsStore,
  [['zustand/persist', unknown]],
  [],
  FormsActions
> = (set) => ({
  patch: (form, patch) =>
    set((s) => ({ drafts: { ...s.drafts, [form]: { ...s.drafts[form], ...patch } } })),
  replace: (form, draft) => set((s) => ({ drafts: { ...s.drafts, [form]: draft } })),
  reset: (form) =>
    set((s) => ({ drafts: { ...s.drafts, [form]: structuredClone(DEFAULT_DRAFTS[form]) } })),
  remember: (form, prompt) =>
    set((s) => {
      const text = prompt.trim()
      if (!text) return {}
      const list = [text, ...s.history[form].filter((p) => p !== text)]
      return { history: { ...s.history, [form]: list.slice(0, PROMPT_HISTORY_LIMIT) } }
    }),
  forget: (form, prompt) =>
    set((s) => ({
      history: { ...s.history, [form]: s.history[form].filter((p) => p !== prompt) },
    })),
})
