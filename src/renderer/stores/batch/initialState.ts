import type { BatchView, WildcardList } from '@shared/batch/types'
import type { AppError } from '@shared/result'

/** What can be done to a running batch from the Tasks screen. */
export type BatchAction = 'pause' | 'resume' | 'cancel' | 'export' | 'prioritize'

export interface BatchState {
  /** Every batch main reported (not dismissed), by id. */
  batches: Record<string, BatchView>
  loaded: boolean
  loading: boolean
  /** A failure of loading the list. */
  error: AppError | null
  /** Actions in flight, so their buttons are disabled while main answers. */
  busy: Record<string, BatchAction>
  /** The last failed action per batch, shown on that batch. */
  actionErrors: Record<string, AppError>
  /** The named wildcard lists; null until first loaded. */
  wildcards: WildcardList[] | null
  /** Bumped whenever the lists change, so a priced plan that used them is known to be stale. */
  wildcardsVersion: number
}

export const initialState: BatchState = {
  batches: {},
  loaded: false,
  loading: false,
  error: null,
  busy: {},
  actionErrors: {},
  wildcards: null,
  wildcardsVersion: 0,
}
