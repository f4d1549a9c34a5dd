/** Grid tile sizes the toolbar offers; the grid fits as many columns of at least this width. */
export const TILE_SIZES = { small: 110, medium: 160, large: 240 } as const
export type TileSize = keyof typeof TILE_SIZES

export const isTileSize = (v: unknown): v is TileSize =>
  typeof v === 'string' && Object.prototype.hasOwnProperty.call(TILE_SIZES, v)

/** Where the tile size is remembered (window UI state, like the last area; not a setting). */
export const TILE_SIZE_KEY = 'gen-studio:library-tile-size'

export interface LibraryViewState {
  /** Grid position (in the current filtered order) shown in the viewer; null when it is closed. */
  viewerPos: number | null
  /** Ids of the items being compared (2–4), in selection order; null when compare is closed. */
  compareIds: string[] | null
  tileSize: TileSize
}

/** The tile size chosen last time, or medium. */
function savedTileSize(): TileSize {
  try {
    const saved = localStorage.getItem(TILE_SIZE_KEY)
    return isTileSize(saved) ? saved : 'medium'
  } catch {
    return 'medium'
  }
}

export const initialState = (): LibraryViewState => ({
  viewerPos: null,
  compareIds: null,
  tileSize: savedTileSize(),
})
