import { BLOCK, useLibraryStore } from '../../stores/library'
import { useLibraryViewStore } from '../../stores/libraryView'

/**
 * Opens the viewer on the item `id` ("Open viewer" in the detail view): at its grid position when
 * that is known (the active tile, or found among the loaded pages), so ← / → continue from it;
 * otherwise at the active position.
 */
export function openViewerFor(id: string): void {
  const s = useLibraryStore.getState()
  let pos = s.tileAt(s.active)?.id === id ? s.active : -1
  if (pos < 0) {
    for (const [b, tiles] of Object.entries(s.blocks)) {
      const i = tiles.findIndex((t) => t.id === id)
      if (i >= 0) {
        pos = Number(b) * BLOCK + i
        break
      }
    }
  }
  useLibraryViewStore.getState().openViewer(pos < 0 ? s.active : pos)
}
