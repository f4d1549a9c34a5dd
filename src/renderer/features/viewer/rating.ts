import type { LibraryTile } from '@shared/library/types'

import { useLibraryStore } from '../../stores/library'

/** The library store's rating action, when it has one: `(id, stars 0–5)`. */
type RateFn = (id: string, rating: number) => unknown

/**
 * The library store's `setRating` if it exists. Ratings (`library:setRating`) are being added
 * alongside the viewer; until the action is there the viewer's 0–5 keys do nothing and the help
 * line does not mention them, rather than failing.
 */
export function rateAction(): RateFn | null {
  const action = (useLibraryStore.getState() as unknown as { setRating?: unknown }).setRating
  return typeof action === 'function' ? (action as RateFn) : null
}

/** A tile's rating 0–5, or null when tiles carry none (yet). */
export function ratingOf(tile: LibraryTile): number | null {
  const r = (tile as LibraryTile & { rating?: unknown }).rating
  return typeof r === 'number' && r >= 0 && r <= 5 ? Math.round(r) : null
}
