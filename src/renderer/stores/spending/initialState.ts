import type { AppError } from '@shared/result'
import type { BudgetState, SpendSummary } from '@shared/spending/types'

import { type DayRange, presetRange, type RangePreset } from './days'

export interface SpendingState {
  /** Which range the Spending screen shows; presets are computed from "now" at each load. */
  preset: RangePreset
  /** The two days of the Custom range, as the date inputs hold them ('' while empty). */
  custom: DayRange
  /** The offline demo's activity is kept apart and shown only when asked for. */
  includeDemo: boolean
  /** The last summary main answered for the range shown (null until the first answer). */
  summary: SpendSummary | null
  loading: boolean
  error: AppError | null
  /** Caps and how far each is used; shared by the Spending screen and every form's badge. */
  budget: BudgetState | null
  budgetError: AppError | null
  saving: boolean
  exporting: boolean
  /** Where the last CSV export was written (null: none yet, or the dialog was cancelled). */
  exported: { path: string; rows: number } | null
  /** Set when another screen sends the user to the budget panel ("Raise the cap…"). */
  focusBudgets: boolean
}

export const initialState = (now = new Date()): SpendingState => ({
  preset: 'today',
  custom: presetRange('month', now),
  includeDemo: false,
  summary: null,
  loading: false,
  error: null,
  budget: null,
  budgetError: null,
  saving: false,
  exporting: false,
  exported: null,
  focusBudgets: false,
})
