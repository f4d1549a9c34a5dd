import { useCallback, useEffect, useRef, useState } from 'react'

import {
  ACTUAL_VIEW,
  FIT_VIEW,
  isFit,
  scaleOf,
  type Size,
  type ZoomView,
  zoomViewBy,
} from './zoomMath'

/** A pane's image and viewport sizes, reported by ZoomPane once measured. */
export interface PaneMetrics {
  natural: Size
  viewport: Size
}

export interface ZoomPan {
  view: ZoomView
  setView(view: ZoomView): void
  fit(): void
  actual(): void
  /** Fit ↔ 100 % (the toolbar's toggle; double-click does the same around the cursor). */
  toggle(): void
  /** Zooms around the centre of the viewport (the +/− keys and buttons). */
  zoomBy(factor: number): void
  /** The first pane's scale in percent, rounded, for the zoom label; null before it is measured. */
  percent: number | null
  /** For ZoomPane's `onMetrics`: the first pane decides the label and the +/− steps. */
  report(metrics: PaneMetrics): void
}

const EMPTY: PaneMetrics = { natural: { width: 0, height: 0 }, viewport: { width: 0, height: 0 } }

const same = (a: PaneMetrics, b: PaneMetrics) =>
  a.natural.width === b.natural.width &&
  a.natural.height === b.natural.height &&
  a.viewport.width === b.viewport.width &&
  a.viewport.height === b.viewport.height

/**
 * One zoom and pan state for one or more panes (the viewer has one, compare up to four, all
 * showing the same part of their images). It resets to Fit whenever `resetKey` changes (the
 * viewer moved to another item).
 */
export function useZoomPan(resetKey?: unknown): ZoomPan {
  const [view, setView] = useState<ZoomView>(FIT_VIEW)
  const [metrics, setMetrics] = useState<PaneMetrics>(EMPTY)
  const latest = useRef({ view, metrics })
  latest.current = { view, metrics }

  useEffect(() => setView(FIT_VIEW), [resetKey])

  const fit = useCallback(() => setView(FIT_VIEW), [])
  const actual = useCallback(() => setView(ACTUAL_VIEW), [])
  const toggle = useCallback(() => setView((v) => (isFit(v) ? ACTUAL_VIEW : FIT_VIEW)), [])
  const zoomBy = useCallback((factor: number) => {
    const { metrics: m } = latest.current
    setView((v) => zoomViewBy(v, factor, m.natural, m.viewport))
  }, [])
  const report = useCallback((m: PaneMetrics) => {
    setMetrics((old) => (same(old, m) ? old : m))
  }, [])

  const measured = metrics.natural.width > 0
  const percent = measured
    ? Math.round(scaleOf(view, metrics.natural, metrics.viewport) * 100)
    : null
  return { view, setView, fit, actual, toggle, zoomBy, percent, report }
}
