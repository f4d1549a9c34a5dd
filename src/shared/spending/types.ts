/**
 * The spending ledger and budgets as both sides see them. The spec publishes prices but no
 * actual-charge field, so every amount here is what the app knew before sending: the estimate from
 * the price tables, or the price of the workbench quote the user accepted. `basis` says which; the
 * UI never calls either "charged".
 */
import type { BudgetRefusal } from '../result'

/** What a budget can be set for: images (generations and edits), video, the art models. */
export const BUDGET_KINDS = ['image', 'video', 'art'] as const
export type BudgetKind = (typeof BUDGET_KINDS)[number]

/** What the ledger groups by: the budget kinds, and text, which has no published rate. */
export const SPEND_KINDS = ['image', 'video', 'art', 'text'] as const
export type SpendKind = (typeof SPEND_KINDS)[number]

/**
 * Where an amount comes from: the price tables (`estimate`), a workbench quote the user accepted
 * (`quote`), or nothing, because the model has no published rate (`none`: text).
 */
export type LedgerBasis = 'estimate' | 'quote' | 'none'

/**
 * A row's state: `pending` from before its request is sent until the result arrives (a timeout
 * leaves it pending: it may be charged); `settled` once the result is saved; `failed` only on the
 * server's word (its `failed` or a definitive refusal); `void` when it was stopped before it was
 * ever sent. Budgets count `pending` and `settled`.
 */
export const LEDGER_STATUSES = ['pending', 'settled', 'failed', 'void'] as const
export type LedgerStatus = (typeof LEDGER_STATUSES)[number]

/** A day in the user's local calendar, `YYYY-MM-DD`. */
export type DayKey = string

/** One charge-bearing request as the Spending screen lists it. */
export interface LedgerEntryView {
  id: string
  /** The generation task (null for a chat reply). */
  taskId: string | null
  batchId: string | null
  kind: SpendKind
  model: string
  /** USD by `basis`; null when the model has no published rate. */
  amountUsd: number | null
  basis: LedgerBasis
  status: LedgerStatus
  createdAt: number
  day: DayKey
  /** The prompt, cut to 120 characters. */
  prompt: string
  /** Library items the request produced (for links from the Spending screen). */
  libraryIds: string[]
}

/** Money and counts for one group of ledger rows. */
export interface SpendTotals {
  /** Pending + settled USD (what budgets count). */
  usd: number
  /** Requests counted (pending and settled), priced or not. */
  count: number
  /** Of `count`, requests with no published rate (text): counted, never priced. */
  unpriced: number
}

export interface SpendSummary {
  from: DayKey
  to: DayKey
  includeDemo: boolean
  total: SpendTotals & {
    settledUsd: number
    pendingUsd: number
    /** Requests the server said failed (not counted in `usd`). */
    failed: number
    /** Of `usd`, the part that came from accepted quotes rather than the price tables. */
    quotedUsd: number
  }
  /** Every day of the range, oldest first (days with nothing are zeros). */
  byDay: Array<SpendTotals & { day: DayKey }>
  byModel: Array<SpendTotals & { model: string; kind: SpendKind }>
  byKind: Array<SpendTotals & { kind: SpendKind }>
  /**
   * By project (the one active when each request was admitted), highest first; `project: null`
   * is the requests made with no project active. Only groups with a request in the range.
   */
  byProject: Array<SpendTotals & { project: string | null }>
  /** The most expensive requests of the range, highest first. */
  top: LedgerEntryView[]
  /** Images kept (favourites made in the range) and what the range's images cost per kept one. */
  kept: { images: number; imageUsd: number; perKeptUsd: number | null }
}

export interface PeriodCaps {
  dailyUsd: number | null
  monthlyUsd: number | null
}

/** The user's caps; null means no cap. Kept in settings.json. */
export interface Budgets extends PeriodCaps {
  perKind: Partial<Record<BudgetKind, PeriodCaps>>
  /**
   * A project's own caps, by project name (issue #29): what is committed in that project (the
   * project active when each request was admitted) may not cross them. Absent in older files.
   */
  perProject?: Record<string, PeriodCaps>
  /** Warn (an OS notification) when a cap is this far used: 0.8 = 80 %. */
  warnAt: number
}

export const NO_BUDGETS: Budgets = { dailyUsd: null, monthlyUsd: null, perKind: {}, warnAt: 0.8 }

/** How far one cap is used right now. */
export interface BudgetUse {
  period: 'day' | 'month'
  kind: BudgetKind | null
  /** Set for a project's own cap (its kind is null: it counts every kind of that project). */
  project?: string
  capUsd: number
  spentUsd: number
  remainingUsd: number
  /** spent / cap (can exceed 1 after an override). */
  fraction: number
}

export interface BudgetState {
  budgets: Budgets
  /** Today and this month, in the user's calendar. */
  day: DayKey
  month: string
  /** Committed today and this month over every kind, whether capped or not. */
  spentTodayUsd: number
  spentMonthUsd: number
  /** One entry per cap that is set. */
  uses: BudgetUse[]
}

export type { BudgetRefusal }

/** What one kept image (a library favourite) of a model cost over the last `days` days. */
export interface KeptCost {
  model: string
  days: number
  /** Settled amounts of that model's requests (estimates or accepted quotes). */
  spentUsd: number
  /** Favourites made from that model's results in the same days. */
  kept: number
  /** spentUsd / kept; null when nothing was kept or nothing settled (no figure to show). */
  perKeptUsd: number | null
}
