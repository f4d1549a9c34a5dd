import type { Result } from '@shared/result'
import type { Budgets, BudgetState } from '@shared/spending/types'
import type { StateCreator } from 'zustand'

import { api, call } from '../../api/client'
import type { DayRange, RangePreset } from './days'
import type { SpendingState } from './initialState'
import { selectRange } from './selectors'

export interface SpendingActions {
  /**
   * Keeps the budget current from `spending:changed` (one subscription however many badges and
   * screens watch) and loads it; `summary: true` also reloads the screen's summary on each change.
   * Returns the cleanup.
   */
  watch(opts?: { summary?: boolean }): () => void
  loadBudget(): Promise<void>
  receiveBudget(state: BudgetState): void
  /** Asks main for the range shown; a custom range with a problem asks nothing. */
  loadSummary(): Promise<void>
  setPreset(preset: RangePreset): void
  setCustom(patch: Partial<DayRange>): void
  setIncludeDemo(include: boolean): void
  saveBudgets(budgets: Budgets): Promise<Result<BudgetState>>
  exportCsv(): Promise<void>
  /** Writes an invoice CSV for one project (null: no project) over the range shown. */
  exportInvoice(project: string | null): Promise<void>
  /** "Raise the cap…": the Spending screen focuses its budget panel when it next shows. */
  requestBudgetFocus(): void
  /** True once after requestBudgetFocus (the screen takes it when it mounts). */
  takeBudgetFocus(): boolean
}

export type SpendingStore = SpendingState & SpendingActions

/** How long a burst of ledger changes (a batch settling) is gathered before one reload. */
export const SUMMARY_DEBOUNCE_MS = 250

/** The Spending screen's and the budget badges' actions: summary, budgets, export. */
export const createSpendingActions: StateCreator<SpendingStore, [], [], SpendingActions> = (
  set,
  get,
) => {
  let watchers = 0
  let summaryWatchers = 0
  let unsubscribe: (() => void) | null = null
  let timer: ReturnType<typeof setTimeout> | null = null
  /** Answers to older summary requests are dropped (the user switched range meanwhile). */
  let seq = 0

  const onChanged = (state: BudgetState) => {
    get().receiveBudget(state)
    if (summaryWatchers === 0) return
    if (timer) clearTimeout(timer)
    timer = setTimeout(() => {
      timer = null
      void get().loadSummary()
    }, SUMMARY_DEBOUNCE_MS)
  }

  /** One export at a time, for the range shown; where it went, or the error, is kept. */
  const exportWith = async (
    prepare: () => (() => Promise<Result<{ path: string; rows: number } | null>>) | null,
  ) => {
    const run = prepare()
    if (!run || get().exporting) return
    set({ exporting: true, exported: null, error: null })
    const r = await call(run)
    set(r.ok ? { exporting: false, exported: r.value } : { exporting: false, error: r.error })
  }

  return {
    watch(opts = {}) {
      watchers++
      if (opts.summary) summaryWatchers++
      if (watchers === 1) unsubscribe = api().on('spending:changed', onChanged)
      void get().loadBudget()
      if (opts.summary) void get().loadSummary()
      return () => {
        watchers--
        if (opts.summary) summaryWatchers--
        if (summaryWatchers === 0 && timer) {
          clearTimeout(timer)
          timer = null
        }
        if (watchers === 0) {
          unsubscribe?.()
          unsubscribe = null
        }
      }
    },

    async loadBudget() {
      const r = await call(() => api().budget.get({}))
      set(r.ok ? { budget: r.value, budgetError: null } : { budgetError: r.error })
    },

    receiveBudget: (budget) => set({ budget }),

    async loadSummary() {
      const { range } = selectRange(get())
      const mine = ++seq
      if (!range) {
        set({ loading: false })
        return
      }
      set({ loading: true })
      const includeDemo = get().includeDemo
      const r = await call(() => api().spending.summary({ ...range, includeDemo }))
      if (mine !== seq) return
      set(
        r.ok
          ? { summary: r.value, loading: false, error: null }
          : { loading: false, error: r.error },
      )
    },

    setPreset(preset) {
      set({ preset, exported: null })
      void get().loadSummary()
    },

    setCustom(patch) {
      set((s) => ({ custom: { ...s.custom, ...patch }, exported: null }))
      if (get().preset === 'custom') void get().loadSummary()
    },

    setIncludeDemo(includeDemo) {
      set({ includeDemo, exported: null })
      void get().loadSummary()
    },

    async saveBudgets(budgets) {
      set({ saving: true, budgetError: null })
      const r = await call(() => api().budget.set({ budgets }))
      set(r.ok ? { budget: r.value, saving: false } : { budgetError: r.error, saving: false })
      return r
    },

    exportCsv: () =>
      exportWith(() => {
        const { range } = selectRange(get())
        const includeDemo = get().includeDemo
        return range ? () => api().spending.exportCsv({ ...range, includeDemo }) : null
      }),

    exportInvoice: (project) =>
      exportWith(() => {
        const { range } = selectRange(get())
        return range ? () => api().spending.exportInvoice({ ...range, project }) : null
      }),

    requestBudgetFocus: () => set({ focusBudgets: true }),

    takeBudgetFocus() {
      if (!get().focusBudgets) return false
      set({ focusBudgets: false })
      return true
    },
  }
}
