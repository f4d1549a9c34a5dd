import { type PointerEvent, type RefObject, useEffect, useRef, useState } from 'react'

/**
 * Zoom and pan of the mask editor (issue #16), for painting details of a large source. The view
 * is the CSS transform of the layer holding the source and the mask inside the fixed stage:
 * `translate(x, y) scale(zoom)` with the origin at the top left, in stage pixels. Pointer input
 * still maps through the canvas's on-screen box (toMaskPoint), so painting needs no change.
 */
export interface MaskViewState {
  zoom: number
  x: number
  y: number
}

export const MIN_ZOOM = 1
export const MAX_ZOOM = 8
/** One press of + or −. */
export const ZOOM_STEP = 1.25
export const FIT: MaskViewState = { zoom: 1, x: 0, y: 0 }

interface Size {
  width: number
  height: number
}

/** Keeps the content covering the stage: no empty band beside a zoomed-in mask. */
export function clampView(v: MaskViewState, stage: Size): MaskViewState {
  const zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, v.zoom))
  const clamp = (t: number, side: number) => Math.min(0, Math.max(side - side * zoom, t))
  return { zoom, x: clamp(v.x, stage.width), y: clamp(v.y, stage.height) }
}

/** Zooms by `factor` keeping the point `at` (stage pixels) where it is on screen. */
export function zoomAt(
  v: MaskViewState,
  factor: number,
  at: { x: number; y: number },
  stage: Size,
): MaskViewState {
  const zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, v.zoom * factor))
  const cx = (at.x - v.x) / v.zoom
  const cy = (at.y - v.y) / v.zoom
  return clampView({ zoom, x: at.x - cx * zoom, y: at.y - cy * zoom }, stage)
}

/** Moves the view by a drag of (dx, dy) stage pixels. */
export const panBy = (v: MaskViewState, dx: number, dy: number, stage: Size): MaskViewState =>
  clampView({ zoom: v.zoom, x: v.x + dx, y: v.y + dy }, stage)

const isTextField = (t: EventTarget | null): boolean =>
  t instanceof HTMLElement &&
  t.closest('input, textarea, select, [contenteditable="true"]') !== null

/**
 * The view's state and input for one stage: the wheel zooms at the pointer (a non-passive
 * listener, so the page does not scroll meanwhile), middle-drag or Space+drag pans (Space held
 * while the pointer is over the stage, or on the focused canvas), and
 * `zoomBy`/`fit` serve the + / − / 0 keys and buttons. `pans(e)` says whether a pointer-down
 * starts a pan rather than a stroke.
 */
export function useMaskView(stage: RefObject<HTMLElement | null>) {
  const [view, setView] = useState<MaskViewState>(FIT)
  const [spaceHeld, setSpaceHeld] = useState(false)
  const [panning, setPanning] = useState(false)
  const last = useRef<{ x: number; y: number } | null>(null)

  const size = (): Size => {
    const r = stage.current?.getBoundingClientRect()
    return { width: r?.width || 1, height: r?.height || 1 }
  }

  useEffect(() => {
    const el = stage.current
    if (!el) return
    const onWheel = (e: WheelEvent) => {
      e.preventDefault()
      const r = el.getBoundingClientRect()
      const at = { x: e.clientX - r.left, y: e.clientY - r.top }
      setView((v) => zoomAt(v, Math.exp(-e.deltaY * 0.0015), at, size()))
    }
    // Space held with the pointer over the mask readies a pan, wherever the focus is, except
    // in a text field (a space typed there stays a space).
    let over = false
    const enter = () => (over = true)
    const leave = () => (over = false)
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== ' ' || !over || isTextField(e.target)) return
      e.preventDefault()
      setSpaceHeld(e.type === 'keydown')
    }
    const release = () => setSpaceHeld(false)
    el.addEventListener('wheel', onWheel, { passive: false })
    el.addEventListener('pointerenter', enter)
    el.addEventListener('pointerleave', leave)
    window.addEventListener('keydown', onKey)
    window.addEventListener('keyup', onKey)
    window.addEventListener('blur', release)
    return () => {
      el.removeEventListener('wheel', onWheel)
      el.removeEventListener('pointerenter', enter)
      el.removeEventListener('pointerleave', leave)
      window.removeEventListener('keydown', onKey)
      window.removeEventListener('keyup', onKey)
      window.removeEventListener('blur', release)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stage])

  const zoomBy = (factor: number) => {
    const s = size()
    setView((v) => zoomAt(v, factor, { x: s.width / 2, y: s.height / 2 }, s))
  }

  return {
    view,
    spaceHeld,
    setSpaceHeld,
    panning,
    zoomBy,
    fit: () => setView(FIT),
    pans: (e: PointerEvent) => e.button === 1 || spaceHeld,
    startPan: (e: PointerEvent) => {
      e.preventDefault()
      last.current = { x: e.clientX, y: e.clientY }
      setPanning(true)
    },
    /** Moves a pan under way; false when none is (the pointer paints instead). */
    movePan: (e: PointerEvent): boolean => {
      const from = last.current
      if (!from) return false
      last.current = { x: e.clientX, y: e.clientY }
      setView((v) => panBy(v, e.clientX - from.x, e.clientY - from.y, size()))
      return true
    },
    /** Ends a pan; false when none was under way. */
    endPan: (): boolean => {
      if (!last.current) return false
      last.current = null
      setPanning(false)
      return true
    },
  }
}
