import { getImageModel, getNativeModel, getVideoModel } from '@shared/catalog'
import { createJSONStorage, type PersistOptions } from 'zustand/middleware'

import type { FormsStore } from './action'
import { DEFAULT_DRAFTS, type Drafts, type FormId, isQuality } from './drafts'
import { emptyHistory, type FormsState, PROMPT_HISTORY_LIMIT } from './initialState'

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

export const sanitizeHistory = (stored: unknown): Record<FormId, string[]> => {
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

/** Drafts and history in localStorage, read back through the sanitizers above. */
export const persistOptions: PersistOptions<FormsStore, FormsState> = {
  name: 'gen-studio.forms',
  version: 1,
  storage: createJSONStorage(() => localStorage),
  partialize: (s) => ({ drafts: s.drafts, history: s.history }),
  merge: (persisted, current) => {
    const p = (persisted ?? {}) as { drafts?: unknown; history?: unknown }
    return { ...current, drafts: sanitizeDrafts(p.drafts), history: sanitizeHistory(p.history) }
  },
}
