import { getImageModel, getNativeModel, getVideoModel } from '@shared/catalog'
import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'

import { DEFAULT_DRAFTS, type Drafts, type FormId, isQuality } from './drafts'

/** How many prompts each form remembers. */
export const PROMPT_HISTORY_LIMIT = 50

export interface FormsState {
  drafts: Drafts
  /** Prompts that were submitted, newest first, per form. */
  history: Record<FormId, string[]>
  patch<F extends FormId>(form: F, patch: Partial<Drafts[F]>): void
  /** Replaces a whole draft (apply settings, reset). */
  replace<F extends FormId>(form: F, draft: Drafts[F]): void
  reset(form: FormId): void
  remember(form: FormId, prompt: string): void
  forget(form: FormId, prompt: string): void
}

const emptyHistory = (): Record<FormId, string[]> => ({
  images: [],
  video: [],
  art: [],
  workbench: [],
})

/**
 * A draft read back from localStorage may come from an older build: unknown keys are dropped,
 * missing ones take the default, and a model that no longer exists falls back to the default, so
 * a stale draft can never break a form.
 */
export function sanitizeDrafts(stored: unknown): Drafts {
  const out = structuredClone(DEFAULT_DRAFTS)
  if (typeof stored !== 'object' || stored === null) return out
  const s = stored as Record<string, Record<string, unknown> | undefined>
  for (const form of Object.keys(out) as FormId[]) {
    const src = s[form]
    if (typeof src !== 'object' || src === null) continue
    const target = out[form] as unknown as Record<string, unknown>
    for (const [k, def] of Object.entries(target)) {
      const v = src[k]
      if (v === undefined) continue
      if (Array.isArray(def) ? Array.isArray(v) : typeof v === typeof def) target[k] = v
    }
  }
  if (!getImageModel(out.images.model)) out.images.model = DEFAULT_DRAFTS.images.model
  if (!isQuality(out.images.quality)) out.images.quality = 'auto'
  if (!getVideoModel(out.video.model)) out.video.model = DEFAULT_DRAFTS.video.model
  for (const form of ['art', 'workbench'] as const) {
    const d = out[form]
    if (!getNativeModel(d.variant)) d.variant = DEFAULT_DRAFTS[form].variant
    d.characters = d.characters
      .filter((c) => typeof c === 'object' && c !== null)
      .map((c) => ({
        prompt: typeof c.prompt === 'string' ? c.prompt : '',
        negativePrompt: typeof c.negativePrompt === 'string' ? c.negativePrompt : '',
        position: typeof c.position === 'string' ? c.position : 'C3',
      }))
  }
  return out
}

const sanitizeHistory = (stored: unknown): Record<FormId, string[]> => {
  const out = emptyHistory()
  if (typeof stored !== 'object' || stored === null) return out
  for (const form of Object.keys(out) as FormId[]) {
    const list = (stored as Record<string, unknown>)[form]
    if (Array.isArray(list)) {
      out[form] = list
        .filter((p): p is string => typeof p === 'string')
        .slice(0, PROMPT_HISTORY_LIMIT)
    }
  }
  return out
}

/**
 * Form drafts and prompt history, remembered per form in the renderer's localStorage so each form
 * opens with the last-used settings. Only form text lives here: never files, results or the
 * library index.
 */
export const useFormsStore = create<FormsState>()(
  persist(
    (set) => ({
      drafts: structuredClone(DEFAULT_DRAFTS),
      history: emptyHistory(),
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
    }),
    {
      name: 'gen-studio.forms',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ drafts: s.drafts, history: s.history }),
      merge: (persisted, current) => {
        const p = (persisted ?? {}) as { drafts?: unknown; history?: unknown }
        return { ...current, drafts: sanitizeDrafts(p.drafts), history: sanitizeHistory(p.history) }
      },
    },
  ),
)

export * from './drafts'
