import type { ParsedSettings } from '@shared/library/settings'
import type { LibraryItem } from '@shared/library/types'
import { create } from 'zustand'

/**
 * What the user asked to do with a library item on another screen: prefill a form with its
 * settings, or use the file as a reference image. The library emits; the generation forms take
 * the intent (and clear it) when they mount, so a reload never applies it twice.
 */
export interface LibraryIntent {
  type: 'reuse-settings' | 'use-as-reference'
  item: LibraryItem
  /** The item's settings in form terms (see settingsFromOurs). */
  settings: ParsedSettings
  /** When it was emitted (ms), so a stale intent can be ignored. */
  at: number
}

interface IntentsState {
  intent: LibraryIntent | null
  emit(intent: Omit<LibraryIntent, 'at'>): void
  /** Returns the pending intent of one of `types` and clears it. */
  take(types?: ReadonlyArray<LibraryIntent['type']>): LibraryIntent | null
}

export const useLibraryIntents = create<IntentsState>()((set, get) => ({
  intent: null,
  emit: (intent) => set({ intent: { ...intent, at: Date.now() } }),
  take(types) {
    const intent = get().intent
    if (!intent || (types && !types.includes(intent.type))) return null
    set({ intent: null })
    return intent
  },
}))
