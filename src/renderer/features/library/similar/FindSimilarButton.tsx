import type { LibraryItem } from '@shared/library/types'

import { useSimilarStore } from '../../../stores/similar'

/**
 * "Find similar" in the detail view: closes it and shows the images that look like this one in
 * the strip above the grid (SimilarStrip), nearest first.
 */
export function FindSimilarButton({ item, onClose }: { item: LibraryItem; onClose(): void }) {
  return (
    <button
      type="button"
      onClick={() => {
        onClose()
        void useSimilarStore.getState().findSimilar(item)
      }}
    >
      Find similar
    </button>
  )
}
