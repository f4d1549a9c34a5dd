import { create } from 'zustand'

import { createSpendingActions, type SpendingStore } from './action'
import { initialState } from './initialState'

/**
 * Spending and budgets as main reports them: the ledger summary of the range the Spending screen
 * shows, and the caps every generation form compares its estimate with. Never persisted here:
 * main keeps the ledger and the caps.
 */
export const useSpendingStore = create<SpendingStore>()((...args) => ({
  ...initialState(),
  ...createSpendingActions(...args),
}))

export type { SpendingActions, SpendingStore } from './action'
export { SUMMARY_DEBOUNCE_MS } from './action'
export * from './days'
export * from './initialState'
export * from './refusals'
export * from './selectors'
