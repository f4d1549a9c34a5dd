import type { DuplicatesView, SimilarView } from '@shared/library/similar'
import type { AppError } from '@shared/result'

/** Duplicates view: how close counts as "the same picture" (Hamming bits of 64). */
export const DUPLICATE_LEVELS = [
  { distance: 0, label: 'Identical pictures only' },
  { distance: 8, label: 'Near-identical (resized, re-saved)' },
  { distance: 12, label: 'Also lightly edited (more false matches)' },
] as const
export const DEFAULT_DUPLICATE_DISTANCE = 8

export interface SimilarState {
  /** "Find similar": the item asked about and its answer; null when the strip is closed. */
  similar: { id: string; fileName: string; view: SimilarView | null; loading: boolean } | null
  /** The duplicates panel; null when it is closed. */
  duplicates: { maxDistance: number; view: DuplicatesView | null; loading: boolean } | null
  error: AppError | null
}

export const initialState: SimilarState = {
  similar: null,
  duplicates: null,
  error: null,
}
