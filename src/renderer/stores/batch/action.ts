import type { BatchView, WildcardList } from '@shared/batch/types'
import type { Result } from '@shared/result'
import type { StateCreator } from 'zustand'

import { api, call } from '../../api/client'
import type { BatchAction, BatchState } from './initialState'

export interface BatchActions {
  load(): Promise<void>
  /** Applies a batch view from main (`batch:updated`, or the answer of an action). */
  receive(view: BatchView): void
  /** Subscribes to `batch:updated` and loads the list; returns the unsubscribe function. */
  connect(): () => void
  /** Pause, resume or cancel one batch; the error, if any, is kept for that batch. */
  run(id: string, action: Exclude<BatchAction, 'export' | 'prioritize'>): Promise<boolean>
  /** "Run first" (or back to the usual order): the batch's queued tasks go before all others. */
  prioritize(id: string, first: boolean): Promise<boolean>
  loadWildcards(): Promise<void>
  saveWildcard(list: WildcardList): Promise<Result<WildcardList[]>>
  deleteWildcard(name: string): Promise<Result<WildcardList[]>>
}

export type BatchStore = BatchState & BatchActions

const without = <T>(map: Record<string, T>, id: string): Record<string, T> => {
  if (!(id in map)) return map
  const next = { ...map }
  delete next[id]
  return next
}

type SetBatch = Parameters<StateCreator<BatchStore, [], [], BatchActions>>[0]

/**
 * One action on one batch: busy while main answers, then the batch's new view, or the refusal
 * kept for that batch.
 */
async function steer(
  set: SetBatch,
  id: string,
  action: BatchAction,
  ask: () => Promise<Result<BatchView>>,
): Promise<boolean> {
  set((s) => ({ busy: { ...s.busy, [id]: action }, actionErrors: without(s.actionErrors, id) }))
  const r = await call(ask)
  set((s) => ({
    busy: without(s.busy, id),
    ...(r.ok
      ? { batches: { ...s.batches, [id]: r.value } }
      : { actionErrors: { ...s.actionErrors, [id]: r.error } }),
  }))
  return r.ok
}

/**
 * The batch store's actions: main's batch views kept current by `batch:updated`, per-batch action
 * errors and busy flags, and the wildcard lists (each save or delete bumps `wildcardsVersion` so
 * a price shown for the old lists is dropped).
 */
export const createBatchActions: StateCreator<BatchStore, [], [], BatchActions> = (set, get) => ({
  async load() {
    set({ loading: true })
    const r = await call(() => api().batch.list({}))
    if (!r.ok) return set({ loading: false, error: r.error })
    const batches: Record<string, BatchView> = {}
    for (const b of r.value) batches[b.id] = b
    set({ batches, loaded: true, loading: false, error: null })
  },

  receive(view) {
    // Main sends batch views in order; the last one received is the current one.
    set((s) => ({ batches: { ...s.batches, [view.id]: view } }))
  },

  connect() {
    const off = api().on('batch:updated', (v) => get().receive(v))
    void get().load()
    return off
  },

  run: (id, action) =>
    steer(set, id, action, () => {
      const batchApi = api().batch
      if (action === 'pause') return batchApi.pause({ id })
      return action === 'resume' ? batchApi.resume({ id }) : batchApi.cancel({ id })
    }),

  prioritize: (id, first) =>
    steer(set, id, 'prioritize', () => api().batch.prioritize({ id, first })),

  async loadWildcards() {
    const r = await call(() => api().wildcards.list({}))
    if (r.ok) set({ wildcards: r.value })
  },

  async saveWildcard(list) {
    const r = await call(() => api().wildcards.save(list))
    if (r.ok) set((s) => ({ wildcards: r.value, wildcardsVersion: s.wildcardsVersion + 1 }))
    return r
  },

  async deleteWildcard(name) {
    const r = await call(() => api().wildcards.delete({ name }))
    if (r.ok) set((s) => ({ wildcards: r.value, wildcardsVersion: s.wildcardsVersion + 1 }))
    return r
  },
})
