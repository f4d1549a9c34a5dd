import type { StateCreator } from 'zustand'

import { type LibraryViewState, TILE_SIZE_KEY, type TileSize } from './initialState'

export interface LibraryViewActions {
  /** Opens the viewer on a grid position (Space on a tile, "Open viewer" in the detail view). */
  openViewer(pos: number): void
  /** Moves the viewer to another grid position (← / →). */
  setViewerPos(pos: number): void
  closeViewer(): void
  /** Opens compare on 2–4 items; other counts are ignored (the button is disabled for them). */
  openCompare(ids: readonly string[]): void
  closeCompare(): void
  setTileSize(size: TileSize): void
}

export type LibraryViewStore = LibraryViewState & LibraryViewActions

/** Most items compare can lay out side by side. */
export const MAX_COMPARE = 4

export const createLibraryViewActions: StateCreator<
  LibraryViewStore,
  [],
  [],
  LibraryViewActions
> = (set) => ({
  openViewer: (pos) => set({ viewerPos: Math.max(0, pos), compareIds: null }),
  setViewerPos: (pos) => set({ viewerPos: Math.max(0, pos) }),
  closeViewer: () => set({ viewerPos: null }),
  openCompare: (ids) => {
    const unique = [...new Set(ids)]
    if (unique.length >= 2 && unique.length <= MAX_COMPARE)
      set({ compareIds: unique, viewerPos: null })
  },
  closeCompare: () => set({ compareIds: null }),
  setTileSize: (tileSize) => {
    try {
      localStorage.setItem(TILE_SIZE_KEY, tileSize)
    } catch {
      // Storage full or disabled: the size still applies, it is just not remembered.
    }
    set({ tileSize })
  },
})
