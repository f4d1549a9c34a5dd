import { create } from 'zustand'

import { type BatchStore, createBatchActions } from './action'
import { initialState } from './initialState'

/**
 * Batches and wildcard lists as main reports them (the Tasks screen's Batches section, the grid
 * and the batch dialog's list manager). Never persisted here: main's journal is the truth.
 */
export const useBatchStore = create<BatchStore>()((...args) => ({
  ...initialState,
  ...createBatchActions(...args),
}))

export type { BatchActions, BatchStore } from './action'
export * from './initialState'
export * from './selectors'
