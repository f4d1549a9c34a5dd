import { type KeyboardEvent, type PointerEvent, useId } from 'react'
import { useTranslation } from 'react-i18next'

import type { PaneMetrics } from '../viewer/useZoomPan'
import type { ZoomView } from '../viewer/zoomMath'
import { type PaneLayer, ZoomPane } from '../viewer/ZoomPane'

export interface AbSliderProps {
  a: PaneLayer
  b: PaneLayer
  /** Divider position, percent of the width: A shows left of it, B right of it. */
  split: number
  onSplit(split: number): void
  view: ZoomView
  onView(view: ZoomView): void
  onMetrics(metrics: PaneMetrics): void
}

/** Arrow keys move the divider this many percent; with Shift, one. */
const KEY_STEP = 5

const clampPct = (v: number) => Math.min(100, Math.max(0, Math.round(v)))

/**
 * Two images in one pane, A left and B right of a divider: drag the divider's handle, or use
 * the labelled range under the pane (←/→ 5 %, Shift 1 %, Home/End). Zoom and pan act on both.
 */
export function AbSlider({ a, b, split, onSplit, view, onView, onMetrics }: AbSliderProps) {
  const id = useId()
  const { t } = useTranslation('compare')

  const fromPointer = (e: PointerEvent<HTMLElement>) => {
    const pane = e.currentTarget.parentElement
    const rect = pane?.getBoundingClientRect()
    if (rect && rect.width > 0) onSplit(clampPct(((e.clientX - rect.left) / rect.width) * 100))
  }
  const onPointerDown = (e: PointerEvent<HTMLElement>) => {
    if (e.button !== 0) return
    // The divider moves; the pane under it must not start a pan.
    e.stopPropagation()
    e.currentTarget.setPointerCapture?.(e.pointerId)
    fromPointer(e)
  }
  const onPointerMove = (e: PointerEvent<HTMLElement>) => {
    e.stopPropagation()
    if (e.currentTarget.hasPointerCapture?.(e.pointerId)) fromPointer(e)
  }

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const step = e.shiftKey ? 1 : KEY_STEP
    const moves: Record<string, number> = {
      ArrowLeft: -step,
      ArrowDown: -step,
      ArrowRight: step,
      ArrowUp: step,
      PageDown: -25,
      PageUp: 25,
    }
    if (e.key in moves) onSplit(clampPct(split + moves[e.key]!))
    else if (e.key === 'Home') onSplit(0)
    else if (e.key === 'End') onSplit(100)
    else return
    e.preventDefault()
    e.stopPropagation()
  }

  return (
    <div className="ab">
      <ZoomPane
        view={view}
        onView={onView}
        onMetrics={onMetrics}
        layers={[a, b]}
        split={split}
        label={t('abLabel', { a: a.alt, b: b.alt })}
      >
        <span className="ab-tag ab-tag-a" aria-hidden="true">
          A
        </span>
        <span className="ab-tag ab-tag-b" aria-hidden="true">
          B
        </span>
        <div
          className="ab-divider"
          style={{ left: `${split}%` }}
          aria-hidden="true"
          data-testid="ab-divider"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onDoubleClick={(e) => e.stopPropagation()}
        >
          <span className="ab-handle" />
        </div>
      </ZoomPane>
      <div className="ab-range">
        <label htmlFor={`${id}-split`}>{t('abDivider')}</label>
        <input
          id={`${id}-split`}
          type="range"
          min={0}
          max={100}
          step={1}
          value={split}
          aria-valuetext={t('abValue', { a: split, b: 100 - split })}
          onChange={(e) => onSplit(clampPct(Number(e.target.value)))}
          onKeyDown={onKeyDown}
        />
      </div>
    </div>
  )
}
