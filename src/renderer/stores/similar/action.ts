import type { StateCreator } from 'zustand'

import { api, call } from '../../api/client'
import { DEFAULT_DUPLICATE_DISTANCE, type SimilarState } from './initialState'

export interface SimilarActions {
  /** Shows the images that look like this one (the strip above the grid). */
  findSimilar(item: { id: string; fileName: string }): Promise<void>
  /** Asks again (hashes made in the background since, an item deleted or restored). */
  refreshSimilar(): Promise<void>
  closeSimilar(): void
  openDuplicates(maxDistance?: number): Promise<void>
  refreshDuplicates(): Promise<void>
  closeDuplicates(): void
  /** Follows main's grouping progress while the panel is open; returns the unsubscribe. */
  watchDuplicatesProgress(): () => void
  /** Takes the other members out of the shown groups at once (their delete is on its way). */
  dropFromDuplicates(ids: readonly string[]): void
  clearError(): void
}

export type SimilarStore = SimilarState & SimilarActions

/**
 * Find similar and the duplicates panel. Deleting ("Keep this one") goes through the library
 * store's delete, so the usual undo toast and grid refresh apply; this store only asks main.
 */
export const createSimilarActions: StateCreator<SimilarStore, [], [], SimilarActions> = (
  set,
  get,
) => ({
  async findSimilar({ id, fileName }) {
    set({ similar: { id, fileName, view: null, loading: true }, error: null })
    await get().refreshSimilar()
  },

  async refreshSimilar() {
    const asked = get().similar
    if (!asked) return
    set({ similar: { ...asked, loading: true } })
    const result = await call(() => api().library.similar({ id: asked.id }))
    const now = get().similar
    if (now?.id !== asked.id) return
    if (!result.ok) return set({ similar: { ...now, loading: false }, error: result.error })
    set({ similar: { ...now, view: result.value, loading: false } })
  },

  closeSimilar: () => set({ similar: null }),

  async openDuplicates(maxDistance = get().duplicates?.maxDistance ?? DEFAULT_DUPLICATE_DISTANCE) {
    const view = get().duplicates?.maxDistance === maxDistance ? get().duplicates!.view : null
    set({ duplicates: { maxDistance, view, loading: true, progress: null }, error: null })
    await get().refreshDuplicates()
  },

  async refreshDuplicates() {
    const asked = get().duplicates
    if (!asked) return
    set({ duplicates: { ...asked, loading: true, progress: null } })
    const result = await call(() => api().library.duplicates({ maxDistance: asked.maxDistance }))
    const now = get().duplicates
    if (now?.maxDistance !== asked.maxDistance) return
    if (!result.ok) return set({ duplicates: { ...now, loading: false }, error: result.error })
    set({ duplicates: { ...now, view: result.value, loading: false } })
  },

  closeDuplicates: () => set({ duplicates: null }),

  watchDuplicatesProgress: () =>
    api().on('library:duplicatesProgress', ({ maxDistance, done }) => {
      const d = get().duplicates
      if (d?.loading && d.maxDistance === maxDistance) set({ duplicates: { ...d, progress: done } })
    }),

  dropFromDuplicates(ids) {
    const d = get().duplicates
    if (!d?.view) return
    const gone = new Set(ids)
    const groups = d.view.groups
      .map((g) => ({ members: g.members.filter((m) => !gone.has(m.tile.id)) }))
      .filter((g) => g.members.length > 1)
    const totalGroups = d.view.totalGroups - (d.view.groups.length - groups.length)
    set({ duplicates: { ...d, view: { ...d.view, groups, totalGroups } } })
  },

  clearError: () => set({ error: null }),
})
