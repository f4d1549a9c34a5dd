import type { OrganisePatch } from '@shared/library/organise'
import { settingsFromOurs } from '@shared/library/settings'
import type { LibraryFilter } from '@shared/library/types'
import type { AppError } from '@shared/result'
import type { StateCreator } from 'zustand'

import { api, call } from '../../api/client'
import { translate } from '../../i18n/translate'
import { useOrganiseStore } from '../organise'
import { anchorFor, BLOCK } from './blocks'
import { onLibraryChanged } from './changes'
import { useLibraryIntents } from './intents'
import { isCostSorted, tileAt } from './selectors'
import type { LibraryActions, LibraryStore } from './types'

/** Blocks being fetched, keyed `generation:block` (not state: nothing renders from it). */
const inflight = new Set<string>()

/**
 * The library screen's actions: filter, blocks of tiles fetched with keyset cursors (see
 * anchorFor, so any position of a 100k library is one query away), selection, the open item and
 * the undo toast.
 */
export const createLibraryActions: StateCreator<LibraryStore, [], [], LibraryActions> = (
  set,
  get,
) => {
  let refreshTimer: ReturnType<typeof setTimeout> | null = null

  const fail = (error: AppError) => set({ error })

  async function loadBlock(b: number, generation: number): Promise<void> {
    const key = `${generation}:${b}`
    if (inflight.has(key)) return
    inflight.add(key)
    try {
      const { filter, months, blocks } = get()
      const costSorted = isCostSorted(filter)
      // Months are newest-first positions: no use as anchors in a cost order, where a block is
      // reached from the nearest loaded block before it (its cursor carries the cost) or the start.
      const anchor = anchorFor(b, costSorted ? [] : months, (j) => {
        const tiles = blocks[j]
        const last = tiles?.length === BLOCK ? tiles[BLOCK - 1] : undefined
        if (!last) return null
        return costSorted
          ? { createdAt: last.createdAt, id: last.id, cost: last.costEstimate }
          : { createdAt: last.createdAt, id: last.id }
      })
      const result = await call(() =>
        api().library.query({ filter, after: anchor.after, limit: BLOCK, skip: anchor.skip }),
      )
      if (get().generation !== generation) return
      if (!result.ok) return fail(result.error)
      set((s) => {
        const stale = { ...s.stale }
        delete stale[b]
        return { blocks: { ...s.blocks, [b]: result.value.items }, stale }
      })
    } finally {
      inflight.delete(key)
    }
  }

  function scheduleRefresh() {
    if (refreshTimer) clearTimeout(refreshTimer)
    refreshTimer = setTimeout(() => {
      refreshTimer = null
      void get().refresh(true)
      const detailId = get().detailId
      if (detailId) void get().openDetail(detailId)
    }, 250)
  }

  return {
    init() {
      const offChanged = onLibraryChanged(scheduleRefresh)
      const offStatus = api().on('library:status', (status) => set({ status }))
      void call(() => api().library.status({})).then((r) => r.ok && set({ status: r.value }))
      void call(() => api().library.models({})).then((r) => r.ok && set({ models: r.value }))
      void get().refresh()
      return () => {
        offChanged()
        offStatus()
        if (refreshTimer) clearTimeout(refreshTimer)
      }
    },

    setFilter(patch) {
      const filter = { ...get().filter, ...patch }
      for (const k of Object.keys(filter) as Array<keyof LibraryFilter>) {
        const v = filter[k]
        if (v === undefined || v === '' || v === false || (Array.isArray(v) && v.length === 0))
          delete filter[k]
      }
      if (filter.sort === 'newest') delete filter.sort
      set({ filter, selection: new Set(), anchor: null, active: 0 })
      void get().refresh()
    },

    clearFilter() {
      const { sort } = get().filter
      set({ filter: sort ? { sort } : {}, selection: new Set(), anchor: null, active: 0 })
      void get().refresh()
    },

    showBatch(batchId) {
      const { sort } = get().filter
      set({
        filter: { batchId, ...(sort ? { sort } : {}) },
        selection: new Set(),
        anchor: null,
        active: 0,
        detailId: null,
        detail: null,
      })
      void get().refresh()
    },

    async refresh(keepBlocks = false) {
      const generation = get().generation + 1
      set((s) => ({ generation, stale: keepBlocks ? { ...s.stale, ...s.blocks } : {}, blocks: {} }))
      const [months, models] = await Promise.all([
        call(() => api().library.months({ filter: get().filter })),
        call(() => api().library.models({})),
      ])
      if (get().generation !== generation) return
      if (!months.ok) return fail(months.error)
      const total = months.value.reduce((n, m) => n + m.count, 0)
      set({ months: months.value, total, ...(models.ok ? { models: models.value } : {}) })
      // Make sure what is on screen reloads; the grid asks for more as it scrolls.
      const active = Math.min(get().active, Math.max(0, total - 1))
      get().ensure(Math.max(0, active - BLOCK), active + BLOCK)
    },

    ensure(start, end) {
      const { total, generation, blocks } = get()
      if (total === 0) return
      const first = Math.max(0, Math.floor(start / BLOCK))
      const last = Math.min(
        Math.floor((total - 1) / BLOCK),
        Math.floor(Math.max(start, end) / BLOCK),
      )
      for (let b = first; b <= last; b++) if (!blocks[b]) void loadBlock(b, generation)
    },

    tileAt: (pos) => tileAt(get(), pos),

    async select(pos, mode) {
      const s = get()
      const tile = s.tileAt(pos)
      if (!tile) return
      if (mode === 'only') return set({ selection: new Set([tile.id]), anchor: pos, active: pos })
      if (mode === 'toggle') {
        const next = new Set(s.selection)
        if (next.has(tile.id)) next.delete(tile.id)
        else next.add(tile.id)
        return set({ selection: next, anchor: pos, active: pos })
      }
      const from = s.anchor ?? pos
      const [a, b] = from <= pos ? [from, pos] : [pos, from]
      let ids: string[] = []
      let complete = true
      for (let i = a; i <= b; i++) {
        const t = s.tileAt(i)
        if (t) ids.push(t.id)
        else complete = false
      }
      if (!complete) {
        const all = await call(() => api().library.ids({ filter: s.filter }))
        if (all.ok) ids = all.value.slice(a, b + 1)
      }
      const next = mode === 'extend' ? new Set([...s.selection, ...ids]) : new Set(ids)
      set({ selection: next, active: pos })
    },

    async selectAll() {
      const all = await call(() => api().library.ids({ filter: get().filter }))
      if (!all.ok) return fail(all.error)
      set({ selection: new Set(all.value) })
    },

    clearSelection: () => set({ selection: new Set(), anchor: null }),
    setActive: (pos) => set({ active: pos }),

    async openDetail(id) {
      set({ detailId: id })
      const result = await call(() => api().library.get({ id }))
      if (get().detailId !== id) return
      if (result.ok) set({ detail: result.value })
      else set({ detailId: null, detail: null, error: result.error })
    },

    closeDetail: () => set({ detailId: null, detail: null }),

    async setFavourite(id, favourite) {
      const result = await call(() => api().library.setFavourite({ id, favourite }))
      if (!result.ok) return fail(result.error)
      set((s) => {
        const blocks = { ...s.blocks }
        for (const [b, tiles] of Object.entries(blocks)) {
          const i = tiles.findIndex((t) => t.id === id)
          if (i >= 0) {
            const copy = tiles.slice()
            copy[i] = { ...copy[i]!, favourite }
            blocks[Number(b)] = copy
          }
        }
        return { blocks, detail: s.detail?.id === id ? { ...s.detail, favourite } : s.detail }
      })
    },

    async setRating(id, rating) {
      const result = await useOrganiseStore.getState().rate([id], rating)
      if (result.ok) get().applyOrganise(result.value.before.map((b) => ({ id: b.id, rating })))
    },

    applyOrganise(patches) {
      if (!patches.length) return
      const byId = new Map(patches.map((p) => [p.id, p]))
      const fields = (p: OrganisePatch) => ({
        ...(p.rating !== undefined ? { rating: p.rating } : {}),
        ...(p.favourite !== undefined ? { favourite: p.favourite } : {}),
      })
      set((s) => {
        const blocks = { ...s.blocks }
        for (const [b, tiles] of Object.entries(blocks)) {
          if (!tiles.some((t) => byId.has(t.id))) continue
          blocks[Number(b)] = tiles.map((t) => {
            const p = byId.get(t.id)
            return p ? { ...t, ...fields(p) } : t
          })
        }
        const p = s.detail ? byId.get(s.detail.id) : undefined
        const detail = p && s.detail ? { ...s.detail, ...fields(p), ...lists(p) } : s.detail
        return { blocks, detail }
      })
    },

    async deleteIds(ids) {
      if (!ids.length) return
      set({ busy: true })
      const result = await call(() => api().library.delete({ ids }))
      set({ busy: false })
      if (!result.ok) return fail(result.error)
      const s = get()
      const detailGone = s.detailId !== null && ids.includes(s.detailId)
      set({
        toast: result.value,
        selection: new Set([...s.selection].filter((id) => !ids.includes(id))),
        ...(detailGone ? { detailId: null, detail: null } : {}),
      })
      await get().refresh(true)
    },

    async undoDelete() {
      const toast = get().toast
      if (!toast) return
      set({ toast: null })
      const result = await call(() => api().library.undoDelete({ token: toast.token }))
      if (!result.ok) return fail(result.error)
      set({
        notice: translate('common', 'libraryRestored', { count: result.value.length }),
      })
      await get().refresh(true)
    },

    dismissToast: () => set({ toast: null }),

    reuse(item, type) {
      useLibraryIntents.getState().emit({ type, item, settings: settingsFromOurs(item) })
    },

    setNotice: (notice) => set({ notice }),
    scrollTo: (pos) =>
      set((s) => ({ scrollRequest: { pos, seq: (s.scrollRequest?.seq ?? 0) + 1 }, active: pos })),
    setVisibleMonth: (index) => {
      if (get().visibleMonth !== index) set({ visibleMonth: index })
    },
    markMissingThumb: (id) => {
      if (!get().missingThumbs[id])
        set((s) => ({ missingThumbs: { ...s.missingThumbs, [id]: true } }))
    },
    clearError: () => set({ error: null }),
  }
}

/** The list fields of a patch that are present (tags, collections). */
const lists = (p: OrganisePatch) => ({
  ...(p.tags !== undefined ? { tags: p.tags } : {}),
  ...(p.collections !== undefined ? { collections: p.collections } : {}),
})
