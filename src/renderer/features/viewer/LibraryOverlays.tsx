import { useLibraryViewStore } from '../../stores/libraryView'
import { CompareView } from '../compare/CompareView'
import { Viewer } from './Viewer'

/**
 * The library's full-window overlays: the viewer and compare. Rendered once by the library
 * screen; each opens from the library-view store (Space on a tile, "Open viewer", "Compare").
 */
export function LibraryOverlays() {
  const viewerPos = useLibraryViewStore((s) => s.viewerPos)
  const compareIds = useLibraryViewStore((s) => s.compareIds)
  return (
    <>
      {viewerPos !== null ? <Viewer pos={viewerPos} /> : null}
      {compareIds ? <CompareView ids={compareIds} /> : null}
    </>
  )
}
