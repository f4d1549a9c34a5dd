import { defineKeys } from '@shared/i18n/keys'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'

import {
  isTileSize,
  TILE_SIZES,
  type TileSize,
  useLibraryViewStore,
} from '../../stores/libraryView'

/** Each size's name, a `viewer` key. */
const LABELS = defineKeys('viewer', {
  small: 'tileSmall',
  medium: 'tileMedium',
  large: 'tileLarge',
}) satisfies Record<TileSize, string>

/**
 * The grid's "Tile size" (small / medium / large) in the library toolbar. The virtualised grid
 * reads the size from the store and lays out columns of at least that width; the choice is
 * remembered across restarts.
 */
export function TileSizeControl() {
  const size = useLibraryViewStore((s) => s.tileSize)
  const setSize = useLibraryViewStore((s) => s.setTileSize)
  const id = useId()
  const { t } = useTranslation('viewer')
  return (
    <div className="tile-size">
      <label htmlFor={id}>{t('tileSize')}</label>
      <select
        id={id}
        value={size}
        onChange={(e) => isTileSize(e.target.value) && setSize(e.target.value)}
        data-testid="library-tile-size"
      >
        {(Object.keys(TILE_SIZES) as TileSize[]).map((k) => (
          <option key={k} value={k}>
            {t(LABELS[k])}
          </option>
        ))}
      </select>
    </div>
  )
}
