import { useId } from 'react'

import {
  isTileSize,
  TILE_SIZES,
  type TileSize,
  useLibraryViewStore,
} from '../../stores/libraryView'

const LABELS: Record<TileSize, string> = { small: 'Small', medium: 'Medium', large: 'Large' }

/**
 * The grid's "Tile size" (small / medium / large) in the library toolbar. The virtualised grid
 * reads the size from the store and lays out columns of at least that width; the choice is
 * remembered across restarts.
 */
export function TileSizeControl() {
  const size = useLibraryViewStore((s) => s.tileSize)
  const setSize = useLibraryViewStore((s) => s.setTileSize)
  const id = useId()
  return (
    <div className="tile-size">
      <label htmlFor={id}>Tile size</label>
      <select
        id={id}
        value={size}
        onChange={(e) => isTileSize(e.target.value) && setSize(e.target.value)}
        data-testid="library-tile-size"
      >
        {(Object.keys(TILE_SIZES) as TileSize[]).map((k) => (
          <option key={k} value={k}>
            {LABELS[k]}
          </option>
        ))}
      </select>
    </div>
  )
}
