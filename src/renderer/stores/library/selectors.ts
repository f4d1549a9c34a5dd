import type { LibraryTile } from '@shared/library/types'

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
