import { type KeyboardEvent, type PointerEvent, useEffect, useId, useRef, useState } from 'react'

import { type MaskId, useGenerateStore } from '../../stores/generate'
import { hasPaint, invertMask, paintedShare, toMaskPoint } from './maskOps'
import type { RefItem } from './references'

type Tool = 'brush' | 'eraser'

/**
 * Paints the infill mask over the source image: brush (white = repaint) and eraser, brush size,
 * clear, fill and invert. The mask has the source's pixel size and is kept as a PNG in the store
 * after every stroke, so it survives switching screens. Keyboard: arrow keys move the brush,
 * Space paints, Shift+arrows move faster.
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
  const canvas = useRef<HTMLCanvasElement>(null)
  const drawing = useRef<{ x: number; y: number } | null>(null)
  const mask = useGenerateStore((s) => s.masks[maskId])
  const setMask = useGenerateStore((s) => s.setMask)
  const [tool, setTool] = useState<Tool>('brush')
  const [brush, setBrush] = useState(64)
  const [cursor, setCursor] = useState<{ x: number; y: number } | null>(null)
  const [share, setShare] = useState(0)
  const id = useId()
  const width = source.width ?? 1024
  const height = source.height ?? 1024

  const ctx = () => canvas.current?.getContext('2d', { willReadFrequently: true }) ?? null

  // Start from the stored mask when it fits this source, else from an all-keep (black) mask.
  useEffect(() => {
    const c = ctx()
    if (!c) return
    c.fillStyle = '#000'
    c.fillRect(0, 0, width, height)
    const stored = useGenerateStore.getState().masks[maskId]
    if (stored.png && stored.width === width && stored.height === height) {
      void createImageBitmap(stored.png).then((bmp) => {
        c.drawImage(bmp, 0, 0)
        setShare(paintedShare(c.getImageData(0, 0, width, height).data))
      })
    } else if (stored.painted || stored.width !== width || stored.height !== height) {
      setMask(maskId, { painted: false, png: null, width, height, version: stored.version + 1 })
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [maskId, source.id, width, height])

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

  const stroke = (from: { x: number; y: number }, to: { x: number; y: number }) => {
    const c = ctx()
    if (!c) return
    c.globalCompositeOperation = 'source-over'
    c.strokeStyle = c.fillStyle = tool === 'brush' ? '#fff' : '#000'
    c.lineCap = 'round'
    c.lineJoin = 'round'
    c.lineWidth = brush
    c.beginPath()
    c.moveTo(from.x, from.y)
    c.lineTo(to.x, to.y)
    c.stroke()
    c.beginPath()
    c.arc(to.x, to.y, brush / 2, 0, Math.PI * 2)
    c.fill()
  }

  const point = (e: PointerEvent) =>
    toMaskPoint(e.clientX, e.clientY, canvas.current!.getBoundingClientRect(), { width, height })

  const onPointerDown = (e: PointerEvent<HTMLCanvasElement>) => {
    e.currentTarget.setPointerCapture?.(e.pointerId)
    const p = point(e)
    drawing.current = p
    stroke(p, p)
  }
  const onPointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return
    const p = point(e)
    stroke(drawing.current, p)
    drawing.current = p
  }
  const onPointerUp = () => {
    if (!drawing.current) return
    drawing.current = null
    commit()
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
    } else if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault()
      stroke(at, at)
      setCursor(at)
      commit()
    }
  }

  const fill = (white: boolean) => {
    const c = ctx()
    if (!c) return
    c.fillStyle = white ? '#fff' : '#000'
    c.fillRect(0, 0, width, height)
    commit()
  }
  const invert = () => {
    const c = ctx()
    if (!c) return
    const img = c.getImageData(0, 0, width, height)
    invertMask(img.data)
    c.putImageData(img, 0, 0)
    commit()
  }

  return (
    <div className="field mask" role="group" aria-labelledby={`${id}-label`}>
      <span className="refs-label" id={`${id}-label`}>
        Infill mask
      </span>
      <div className="mask-tools row">
        <fieldset className="radio-group inline">
          <legend>Tool</legend>
          {(['brush', 'eraser'] as const).map((t) => (
            <label key={t} className={t === tool ? 'radio checked' : 'radio'}>
              <input
                type="radio"
                name={`${id}-tool`}
                checked={t === tool}
                onChange={() => setTool(t)}
              />
              {t === 'brush' ? 'Brush (repaint)' : 'Eraser (keep)'}
            </label>
          ))}
        </fieldset>
        <label className="mask-size">
          Mask brush {brush}px
          <input
            type="range"
            min={4}
            max={256}
            step={4}
            value={brush}
            onChange={(e) => setBrush(Number(e.target.value))}
          />
        </label>
        <button type="button" onClick={() => fill(false)}>
          Clear
        </button>
        <button type="button" onClick={() => fill(true)}>
          Fill
        </button>
        <button type="button" onClick={invert}>
          Invert
        </button>
      </div>
      <div className="mask-stage" style={{ aspectRatio: `${width} / ${height}` }}>
        {source.thumb ? <img src={source.thumb} alt="" aria-hidden="true" /> : null}
        <canvas
          ref={canvas}
          width={width}
          height={height}
          tabIndex={0}
          role="img"
          data-testid={`mask-canvas-${maskId}`}
          aria-label={`Mask over ${source.name}, ${Math.round(share * 100)}% marked to repaint. Arrow keys move the brush, Space paints.`}
          aria-describedby={error ? `${id}-error` : undefined}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onKeyDown={onKeyDown}
          onBlur={() => setCursor(null)}
        />
        {cursor ? (
          <span
            className="mask-cursor"
            aria-hidden="true"
            style={{
              left: `${(cursor.x / width) * 100}%`,
              top: `${(cursor.y / height) * 100}%`,
              width: `${(brush / width) * 100}%`,
              aspectRatio: '1',
            }}
          />
        ) : null}
      </div>
      <p className="field-hint">
        White is repainted, the rest is kept.{' '}
        {mask.painted ? `${Math.round(share * 100)}% marked.` : 'Nothing marked yet.'}
      </p>
      {error ? (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}
