import type { LibraryItem } from '@shared/library/types'
import { useTranslation } from 'react-i18next'

import { useSimilarStore } from '../../../stores/similar'

/**
 * "Find similar" in the detail view: closes it and shows the images that look like this one in
 * the strip above the grid (SimilarStrip), nearest first.
 */
export function FindSimilarButton({ item, onClose }: { item: LibraryItem; onClose(): void }) {
  const { t } = useTranslation('library')
  return (
    <button
      type="button"
      onClick={() => {
        onClose()
        void useSimilarStore.getState().findSimilar(item)
      }}
    >
      {t('findSimilar')}
    </button>
  )
}
