import type { OrganisePatch } from '@shared/library/organise'
import { UNDO_WINDOW_MS } from '@shared/library/types'

import { useLibraryStore } from '../../../stores/library'
import { useOrganiseStore } from '../../../stores/organise'

/** The items a key or a button acts on: the selection, else the item at `fallback`. */
export function targetIds(fallback?: string): string[] {
  const { selection } = useLibraryStore.getState()
  if (selection.size) return [...selection]
  return fallback ? [fallback] : []
}

/** Rates items (undoable) and shows the stars on their tiles at once. */
export async function rateIds(ids: string[], rating: number): Promise<void> {
  if (!ids.length) return
  const r = await useOrganiseStore.getState().rate(ids, rating)
  if (r.ok)
    useLibraryStore.getState().applyOrganise(r.value.before.map((b) => ({ id: b.id, rating })))
}

/**
 * F on a selection: marks them all as favourites unless every loaded one already is, then
 * unmarks them all (one undoable step).
 */
export async function toggleFavourites(ids: string[]): Promise<void> {
  if (!ids.length) return
  const wanted = new Set(ids)
  const { blocks, detail } = useLibraryStore.getState()
  let allFavourite = true
  let seen = false
  for (const tiles of Object.values(blocks))
    for (const t of tiles)
      if (wanted.has(t.id)) {
        seen = true
        if (!t.favourite) allFavourite = false
      }
  if (!seen && detail && wanted.has(detail.id)) allFavourite = detail.favourite
  else if (!seen) allFavourite = false
  const favourite = !allFavourite
  const r = await useOrganiseStore.getState().setFavourites(ids, favourite)
  if (r.ok)
    useLibraryStore.getState().applyOrganise(r.value.before.map((b) => ({ id: b.id, favourite })))
}

/** Keys typed with a modifier belong to shortcuts (Ctrl+1, Alt+F…), not to organising. */
const plain = (e: { ctrlKey: boolean; metaKey: boolean; altKey: boolean }) =>
  !e.ctrlKey && !e.metaKey && !e.altKey

/**
 * The organising keys of the grid and the detail view: 0–5 rate, F toggles favourite, on `ids`.
 * True when the key was one of them (the caller prevents its default).
 */
export function organiseKey(
  e: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean },
  ids: string[],
): boolean {
  if (!plain(e) || !ids.length) return false
  if (/^[0-5]$/.test(e.key)) {
    void rateIds(ids, Number(e.key))
    return true
  }
  if (e.key === 'f' || e.key === 'F') {
    void toggleFavourites(ids)
    return true
  }
  return false
}

/**
 * Ctrl/Cmd+Z in the library: undoes the latest change, an organising one (ratings, tags,
 * favourites, collections) or a delete, whichever came last. False when there is nothing.
 */
export function undoLatest(): boolean {
  const library = useLibraryStore.getState()
  const organise = useOrganiseStore.getState()
  const top = organise.undoStack.at(-1)
  const deletedAt = library.toast ? library.toast.undoUntil - UNDO_WINDOW_MS : -Infinity
  if (top && top.at >= deletedAt) {
    void organise.undo().then((restored: OrganisePatch[] | null) => {
      if (restored) useLibraryStore.getState().applyOrganise(restored)
    })
    return true
  }
  if (library.toast) {
    void library.undoDelete()
    return true
  }
  return false
}
