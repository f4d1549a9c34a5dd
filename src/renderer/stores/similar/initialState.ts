import type { DuplicatesView, SimilarView } from '@shared/library/similar'
import type { AppError } from '@shared/result'

import { translate } from '../../i18n/translate'

/**
 * Duplicates view: how close counts as "the same picture" (Hamming bits of 64). `label` is read
 * when the choice is drawn, so it is in the interface language of that render.
 */
export const DUPLICATE_LEVELS = [
  {
    distance: 0,
    get label() {
      return translate('common', 'duplicatesIdentical')
    },
  },
  {
    distance: 8,
    get label() {
      return translate('common', 'duplicatesNearIdentical')
    },
  },
  {
    distance: 12,
    get label() {
      return translate('common', 'duplicatesLightlyEdited')
    },
  },
] as const
export const DEFAULT_DUPLICATE_DISTANCE = 8

export interface SimilarState {
  /** "Find similar": the item asked about and its answer; null when the strip is closed. */
  similar: { id: string; fileName: string; view: SimilarView | null; loading: boolean } | null
  /** The duplicates panel; null when it is closed. */
  duplicates: {
    maxDistance: number
    view: DuplicatesView | null
    loading: boolean
    /** How far main's grouping at this distance is while it runs (0..1); null: not heard yet. */
    progress: number | null
  } | null
  error: AppError | null
}

export const initialState: SimilarState = {
  similar: null,
  duplicates: null,
  error: null,
}
