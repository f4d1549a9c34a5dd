import type { LibraryFilter, LibraryTile } from '@shared/library/types'

import { BLOCK } from './blocks'
import type { LibraryState } from './initialState'

/** The tile at a grid position: from the current blocks, or the previous ones until they arrive. */
export const tileAt = (
  s: Pick<LibraryState, 'blocks' | 'stale'>,
  pos: number,
): LibraryTile | undefined => {
  const b = Math.floor(pos / BLOCK)
  return s.blocks[b]?.[pos % BLOCK] ?? s.stale[b]?.[pos % BLOCK]
}

/** Whether anything narrows the grid (the sort order alone does not). */
export const isFiltered = (filter: LibraryFilter): boolean =>
  Object.keys(filter).some((k) => k !== 'sort')

/** The grid is in a cost order: month positions (scrubber, month anchors) do not apply. */
export const isCostSorted = (filter: LibraryFilter): boolean =>
  filter.sort === 'cost-desc' || filter.sort === 'cost-asc'
