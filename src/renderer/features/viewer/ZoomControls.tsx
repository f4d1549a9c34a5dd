import { useTranslation } from 'react-i18next'

import { formatNumber } from '../../i18n/format'
import { KEY_ZOOM } from './overlayKeys'
import { type ZoomPan } from './useZoomPan'
import { isFit } from './zoomMath'

/** A zoom level as the language writes percentages ("100%", "100 %"). */
const percentText = (percent: number) => formatNumber(percent / 100, { style: 'percent' })

/** Shown while the level is not known yet. */
const ELLIPSIS = '…'

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
  const { t } = useTranslation('viewer')
  const { view, percent } = zoom
  // "Fit (42%)", "100%", "250%"; "Fit" before the image is measured.
  const level =
    view.zoom === 'actual'
      ? percentText(100)
      : percent === null
        ? isFit(view)
          ? t('fit')
          : ELLIPSIS
        : isFit(view)
          ? t('fitPercent', { percent: percentText(percent) })
          : percentText(percent)
  return (
    <div className={p.className} role="group" aria-label={p.label}>
      <button type="button" onClick={() => zoom.zoomBy(1 / KEY_ZOOM)} aria-label={t('zoomOut')}>
        −
      </button>
      <output className={p.levelClassName} aria-live="polite" data-testid={p.testId}>
        {level}
      </output>
      <button type="button" onClick={() => zoom.zoomBy(KEY_ZOOM)} aria-label={t('zoomIn')}>
        +
      </button>
      <button type="button" onClick={zoom.fit} aria-pressed={zoom.view.zoom === 1}>
        {t('fit')}
      </button>
      <button type="button" onClick={zoom.actual} aria-pressed={zoom.view.zoom === 'actual'}>
        {percentText(100)}
      </button>
    </div>
  )
}
