import {
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'
import { useTranslation } from 'react-i18next'

import type { PaneMetrics } from './useZoomPan'
import {
  clampPlacement,
  isFit,
  panViewBy,
  placementOf,
  type Size,
  viewOf,
  wheelFactor,
  zoomAt,
  type ZoomView,
  zoomViewBy,
} from './zoomMath'

/** One image drawn in a pane; `natural` when the library knows its size (else read on load). */
export interface PaneLayer {
  key: string
  src: string
  alt: string
  natural?: Size | null
}

export interface ZoomPaneProps {
  view: ZoomView
  onView(view: ZoomView): void
  /** One image, or two for the A/B slider (the second is shown right of `split`). */
  layers: readonly PaneLayer[]
  /** A/B divider position in percent of the pane width; only with two layers. */
  split?: number
  /** Accessible name of the pane (what it shows); keyboard help is appended. */
  label: string
  /** Sizes of the first layer and the viewport, for the zoom label and the +/− keys. */
  onMetrics?(metrics: PaneMetrics): void
  /** Drawn over the images (the A/B divider handle). */
  children?: ReactNode
}

const ZERO: Size = { width: 0, height: 0 }
/** Shift+arrow pans this share of the viewport. */
const KEY_PAN = 0.1

/**
 * A viewport showing an image at any zoom: the wheel zooms around the cursor, a drag pans
 * (pointer capture, so a drag that leaves the pane keeps going), a double-click toggles Fit and
 * 100 % at the clicked point, Shift+arrows pan from the keyboard. The state is the caller's
 * ZoomView, so several panes can share it.
 */
export function ZoomPane({
  view,
  onView,
  layers,
  split,
  label,
  onMetrics,
  children,
}: ZoomPaneProps) {
  const { t } = useTranslation('viewer')
  const ref = useRef<HTMLDivElement>(null)
  const [viewport, setViewport] = useState<Size>(ZERO)
  const [loaded, setLoaded] = useState<Record<string, Size>>({})
  const [failed, setFailed] = useState<Record<string, true>>({})
  const drag = useRef<{ id: number; x: number; y: number; view: ZoomView } | null>(null)

  const naturalOf = (layer: PaneLayer): Size =>
    layer.natural?.width && layer.natural.height ? layer.natural : (loaded[layer.key] ?? ZERO)
  const natural = layers[0] ? naturalOf(layers[0]) : ZERO

  // The latest values for the native wheel listener, which is attached once.
  const latest = useRef({ view, onView, natural, viewport })
  latest.current = { view, onView, natural, viewport }

  useLayoutEffect(() => {
    const el = ref.current
    if (!el) return
    const measure = () => setViewport({ width: el.clientWidth, height: el.clientHeight })
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    return () => observer.disconnect()
  }, [])

  const { width: nw, height: nh } = natural
  useEffect(() => {
    onMetrics?.({ natural: { width: nw, height: nh }, viewport })
  }, [onMetrics, nw, nh, viewport])

  useEffect(() => {
    const el = ref.current
    if (!el) return
    // Native and not passive: a React wheel handler cannot stop the page from scrolling/zooming.
    const onWheel = (e: WheelEvent) => {
      e.preventDefault()
      const { view: v, onView: set, natural: n, viewport: vp } = latest.current
      const rect = el.getBoundingClientRect()
      const at = { x: e.clientX - rect.left, y: e.clientY - rect.top }
      set(zoomViewBy(v, wheelFactor(e.deltaY, e.deltaMode), n, vp, at))
    }
    el.addEventListener('wheel', onWheel, { passive: false })
    return () => el.removeEventListener('wheel', onWheel)
  }, [])

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return
    e.currentTarget.setPointerCapture?.(e.pointerId)
    drag.current = { id: e.pointerId, x: e.clientX, y: e.clientY, view }
  }
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current
    if (!d || d.id !== e.pointerId) return
    onView(panViewBy(d.view, e.clientX - d.x, e.clientY - d.y, natural, viewport))
  }
  const endDrag = (e: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.id !== e.pointerId) return
    drag.current = null
    e.currentTarget.releasePointerCapture?.(e.pointerId)
  }
  const onDoubleClick = (e: MouseEvent<HTMLDivElement>) => {
    if (!isFit(view)) return onView({ zoom: 1, cx: 0.5, cy: 0.5 })
    const rect = e.currentTarget.getBoundingClientRect()
    const at = { x: e.clientX - rect.left, y: e.clientY - rect.top }
    const p = zoomAt(placementOf(view, natural, viewport), 1, at)
    onView(viewOf(clampPlacement(p, natural, viewport), natural, viewport, true))
  }
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [1, 0],
      ArrowRight: [-1, 0],
      ArrowUp: [0, 1],
      ArrowDown: [0, -1],
    }
    const move = moves[e.key]
    if (!move || !e.shiftKey) return
    e.preventDefault()
    e.stopPropagation()
    const dx = move[0] * viewport.width * KEY_PAN
    const dy = move[1] * viewport.height * KEY_PAN
    onView(panViewBy(view, dx, dy, natural, viewport))
  }

  return (
    <div
      ref={ref}
      className="zoom-pane"
      role="group"
      aria-roledescription={t('paneRole')}
      tabIndex={0}
      aria-label={t('paneLabel', { label })}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      onDoubleClick={onDoubleClick}
      onKeyDown={onKeyDown}
    >
      {layers.map((layer, i) => {
        const n = naturalOf(layer)
        const p = placementOf(view, n, viewport)
        const clip = i === 1 && split !== undefined ? `inset(0 0 0 ${split}%)` : undefined
        return (
          <div key={layer.key} className="zoom-layer" style={{ clipPath: clip }}>
            {failed[layer.key] ? (
              <p className="zoom-failed" role="alert">
                {t('fileFailed', { name: layer.alt })}
              </p>
            ) : (
              <img
                src={layer.src}
                alt={layer.alt}
                draggable={false}
                style={{
                  width: n.width || undefined,
                  height: n.height || undefined,
                  transform: `translate(${p.x}px, ${p.y}px) scale(${p.scale})`,
                  visibility: n.width ? undefined : 'hidden',
                }}
                onLoad={(e) => {
                  const img = e.currentTarget
                  const size = { width: img.naturalWidth, height: img.naturalHeight }
                  setLoaded((old) => ({ ...old, [layer.key]: size }))
                }}
                onError={() => setFailed((old) => ({ ...old, [layer.key]: true }))}
              />
            )}
          </div>
        )
      })}
      {children}
    </div>
  )
}
