import { DEFAULT_DRAFTS, type Drafts, type FormId } from './drafts'

/** How many prompts each form remembers. */
export const PROMPT_HISTORY_LIMIT = 50

export interface FormsState {
  drafts: Drafts
  /** Prompts that were submitted, newest first, per form. */
  history: Record<FormId, string[]>
}

export const emptyHistory = (): Record<FormId, string[]> => ({
  images: [],
  video: [],
  art: [],
  workbench: [],
})

export const initialState = (): FormsState => ({
  drafts: structuredClone(DEFAULT_DRAFTS),
  history: emptyHistory(),
})
