import './reuse.css'

import {
  type KeyboardEvent,
  type PointerEvent,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'
import { useTranslation } from 'react-i18next'

import { CanvasStage } from '../components/CanvasStage'
import { formatNumber } from '../i18n/format'
import { type MaskId, useGenerateStore } from '../stores/generate'
import { drawSegment, type MaskOp, type MaskPoint, nextBrush } from './maskHistory'
import { hasPaint, paintedShare, toMaskPoint } from './maskOps'
import { type MaskTool, MaskTools } from './MaskTools'
import { useMaskView, ZOOM_STEP } from './maskView'
import type { RefItem } from './references'
import { useMaskEdits } from './useMaskEdits'

type Stroke = Extract<MaskOp, { kind: 'stroke' }>

/**
 * Paints the infill mask over the source image: brush (white = repaint) and eraser, brush size,
 * clear, fill and invert, undo and redo, zoom and pan (issue #16). The mask has the source's pixel
 * size and is kept as a PNG in the store after every edit, so it survives switching screens; the
 * undo history is the edits themselves (maskHistory.ts) and lasts while the editor is shown.
 * Keyboard: arrow keys move the brush (Shift: faster), Enter (or Space once the brush is shown)
 * paints; anywhere in the editor Ctrl+Z undoes, Ctrl+Shift+Z or Ctrl+Y redoes, [ and ] change the
 * brush size, + − zoom and 0 fits. Pointer: the wheel zooms, middle-drag or Space+drag pans.
 */
export function MaskPainter({
  maskId,
  source,
  error,
}: {
  maskId: MaskId
  source: RefItem
  error?: string | null
}) {
  const { t } = useTranslation('common')
  const canvas = useRef<HTMLCanvasElement>(null)
  const stage = useRef<HTMLDivElement>(null)
  const drawing = useRef<Stroke | null>(null)
  const mask = useGenerateStore((s) => s.masks[maskId])
  const setMask = useGenerateStore((s) => s.setMask)
  const [tool, setTool] = useState<MaskTool>('brush')
  const [brush, setBrush] = useState(64)
  const [cursor, setCursor] = useState<MaskPoint | null>(null)
  const [hover, setHover] = useState<MaskPoint | null>(null)
  const [share, setShare] = useState(0)
  const view = useMaskView(stage)
  const id = useId()
  const width = source.width ?? 1024
  const height = source.height ?? 1024

  const ctx = () => canvas.current?.getContext('2d', { willReadFrequently: true }) ?? null
  const edits = useMaskEdits(ctx, { width, height }, () => commit())
  const { steps, apply, undo, redo } = edits

  // Start from the stored mask when it fits this source, else from an all-keep (black) mask. The
  // effect reads the latest canvas and edits through a ref: only a new source or mask restarts it.
  const latest = useRef({ ctx, edits })
  useLayoutEffect(() => {
    latest.current = { ctx, edits }
  })
  useEffect(() => {
    const { ctx, edits } = latest.current
    const c = ctx()
    if (!c) return
    c.fillStyle = '#000'
    c.fillRect(0, 0, width, height)
    edits.start(c.getImageData(0, 0, width, height))
    const stored = useGenerateStore.getState().masks[maskId]
    if (stored.png && stored.width === width && stored.height === height) {
      void createImageBitmap(stored.png).then((bmp) => {
        c.drawImage(bmp, 0, 0)
        const loaded = c.getImageData(0, 0, width, height)
        edits.start(loaded)
        setShare(paintedShare(loaded.data))
      })
    } else if (stored.painted || stored.width !== width || stored.height !== height) {
      setMask(maskId, { painted: false, png: null, width, height, version: stored.version + 1 })
    }
  }, [maskId, source.id, width, height, setMask])

  const commit = () => {
    const c = ctx()
    const el = canvas.current
    if (!c || !el) return
    const data = c.getImageData(0, 0, width, height).data
    const painted = hasPaint(data)
    setShare(paintedShare(data))
    el.toBlob((png) => {
      const current = useGenerateStore.getState().masks[maskId]
      setMask(maskId, { painted, png, width, height, version: current.version + 1 })
    }, 'image/png')
  }

  const point = (e: PointerEvent) =>
    toMaskPoint(e.clientX, e.clientY, canvas.current!.getBoundingClientRect(), { width, height })

  const onPointerDown = (e: PointerEvent<HTMLCanvasElement>) => {
    e.currentTarget.setPointerCapture?.(e.pointerId)
    if (view.pans(e)) return view.startPan(e)
    if (e.button !== 0) return
    const p = point(e)
    const c = ctx()
    setCursor(null)
    drawing.current = { kind: 'stroke', paint: tool === 'brush', size: brush, points: [p] }
    if (c) drawSegment(c, p, p, tool === 'brush', brush)
  }
  const onPointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    if (view.movePan(e)) return
    const p = point(e)
    setHover(p)
    const s = drawing.current
    const c = ctx()
    if (!s) return
    if (c) drawSegment(c, s.points.at(-1)!, p, s.paint, s.size)
    s.points.push(p)
  }
  const onPointerUp = () => {
    if (view.endPan()) return
    const s = drawing.current
    if (!s) return
    drawing.current = null
    edits.record(s)
  }

  /** Undo/redo, brush size and zoom keys, from anywhere in the editor (canvas, tools). */
  const onEditorKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const key = e.key.toLowerCase()
    const mod = e.ctrlKey || e.metaKey
    if (mod && !e.altKey && key === 'z') (e.shiftKey ? redo : undo)()
    else if (mod && !e.altKey && !e.shiftKey && key === 'y') redo()
    else if (mod || e.altKey) return
    else if (key === '[' || key === ']') setBrush((b) => nextBrush(b, key === ']' ? 1 : -1))
    else if (key === '+' || key === '=') view.zoomBy(ZOOM_STEP)
    else if (key === '-') view.zoomBy(1 / ZOOM_STEP)
    else if (key === '0') view.fit()
    else return
    e.preventDefault()
  }

  const onKeyDown = (e: KeyboardEvent<HTMLCanvasElement>) => {
    const step = (e.shiftKey ? 4 : 1) * Math.max(8, brush / 2)
    const at = cursor ?? { x: width / 2, y: height / 2 }
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    }
    const move = moves[e.key]
    if (move) {
      e.preventDefault()
      setCursor({
        x: Math.min(Math.max(at.x + move[0], 0), width),
        y: Math.min(Math.max(at.y + move[1], 0), height),
      })
    } else if (e.key === 'Enter' || (e.key === ' ' && cursor)) {
      e.preventDefault()
      apply({ kind: 'stroke', paint: tool === 'brush', size: brush, points: [at] })
      setCursor(at)
    } else if (e.key === ' ') {
      // Without the keyboard brush shown, Space held down turns a drag into a pan.
      e.preventDefault()
      view.setSpaceHeld(true)
    }
  }

  const percent = formatNumber(share, { style: 'percent', maximumFractionDigits: 0 })
  return (
    <div
      className="field mask"
      role="group"
      aria-labelledby={`${id}-label`}
      onKeyDown={onEditorKey}
    >
      <span className="refs-label" id={`${id}-label`}>
        {t('maskLabel')}
      </span>
      <MaskTools
        name={id}
        tool={tool}
        onTool={setTool}
        brush={brush}
        onBrush={setBrush}
        onFill={(white) => apply({ kind: 'fill', white })}
        onInvert={() => apply({ kind: 'invert' })}
        canUndo={steps.undo > 0}
        canRedo={steps.redo > 0}
        onUndo={undo}
        onRedo={redo}
        zoom={view.view.zoom}
        onZoom={view.zoomBy}
        onFit={view.fit}
      />
      <CanvasStage
        ref={stage}
        width={width}
        height={height}
        reserve="17rem"
        className={`mask-stage${view.panning ? ' panning' : view.spaceHeld ? ' pan-ready' : ''}`}
        testId={`mask-stage-${maskId}`}
      >
        <div
          className="mask-layer"
          style={{
            transform: `translate(${view.view.x}px, ${view.view.y}px) scale(${view.view.zoom})`,
          }}
        >
          {source.thumb ? <img src={source.thumb} alt="" aria-hidden="true" /> : null}
          <canvas
            ref={canvas}
            width={width}
            height={height}
            tabIndex={0}
            role="img"
            data-testid={`mask-canvas-${maskId}`}
            data-undo={steps.undo}
            data-redo={steps.redo}
            aria-label={t('maskCanvasLabel', { name: source.name, share: percent })}
            aria-describedby={`${id}-keys${error ? ` ${id}-error` : ''}`}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
            onPointerLeave={() => setHover(null)}
            onKeyDown={onKeyDown}
            onKeyUp={(e) => e.key === ' ' && view.setSpaceHeld(false)}
            onBlur={() => {
              setCursor(null)
              view.setSpaceHeld(false)
            }}
          />
          {[cursor, cursor ? null : hover].map((at, i) =>
            at ? (
              <span
                key={i}
                className="mask-cursor"
                aria-hidden="true"
                data-testid={i === 0 ? 'mask-cursor' : 'mask-hover'}
                style={{
                  left: `${(at.x / width) * 100}%`,
                  top: `${(at.y / height) * 100}%`,
                  width: `${(brush / width) * 100}%`,
                  aspectRatio: '1',
                }}
              />
            ) : null,
          )}
        </div>
      </CanvasStage>
      <p className="field-hint" id={`${id}-keys`}>
        {t('maskKeys')}
      </p>
      <p className="field-hint">
        {t('maskShare', { painted: mask.painted ? 'yes' : 'no', share: percent })}
      </p>
      {error ? (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}
