import { useEffect } from 'react'

import { useLibraryViewStore } from '../../stores/libraryView'
import { CompareView } from '../compare/CompareView'
import { Viewer } from './Viewer'

/**
 * The library's full-window overlays: the viewer and compare. Rendered once by the library
 * screen; each opens from the library-view store (Space on a tile, "Open viewer", "Compare").
 * Leaving the library closes them, so coming back shows the grid.
 */
export function LibraryOverlays() {
  const viewerPos = useLibraryViewStore((s) => s.viewerPos)
  const compareIds = useLibraryViewStore((s) => s.compareIds)
  useEffect(
    () => () => {
      useLibraryViewStore.getState().closeViewer()
      useLibraryViewStore.getState().closeCompare()
    },
    [],
  )
  return (
    <>
      {viewerPos !== null ? <Viewer pos={viewerPos} /> : null}
      {compareIds ? <CompareView ids={compareIds} /> : null}
    </>
  )
}
