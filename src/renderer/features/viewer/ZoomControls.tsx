import { KEY_ZOOM } from './overlayKeys'
import { zoomLabel, type ZoomPan } from './useZoomPan'

/**
 * The zoom buttons and readout the viewer and compare share: −, the level (announced), +, Fit and
 * 100 %. The same zoom state drives the keyboard (overlayKeys.ts) and the wheel (ZoomPane).
 */
export function ZoomControls(p: {
  zoom: ZoomPan
  label: string
  className: string
  levelClassName: string
  testId: string
}) {
  const { zoom } = p
  return (
    <div className={p.className} role="group" aria-label={p.label}>
      <button type="button" onClick={() => zoom.zoomBy(1 / KEY_ZOOM)} aria-label="Zoom out">
        −
      </button>
      <output className={p.levelClassName} aria-live="polite" data-testid={p.testId}>
        {zoomLabel(zoom.view, zoom.percent)}
      </output>
      <button type="button" onClick={() => zoom.zoomBy(KEY_ZOOM)} aria-label="Zoom in">
        +
      </button>
      <button type="button" onClick={zoom.fit} aria-pressed={zoom.view.zoom === 1}>
        Fit
      </button>
      <button type="button" onClick={zoom.actual} aria-pressed={zoom.view.zoom === 'actual'}>
        100%
      </button>
    </div>
  )
}
