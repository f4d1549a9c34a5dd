import { defineKeys } from '@shared/i18n/keys'
import { centredRatioBox, CROP_RATIOS, parseRatio } from '@shared/library/pictureEdits'
import type { LibraryItem } from '@shared/library/types'
import { type PointerEvent, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { CanvasStage } from '../../../components/CanvasStage'
import { originalSrc } from '../../../components/media'
import { type Box, boxFromDrag, moveBox } from './cropBox'

/** The crop box's numbers, named for people (the visible label and the field's full name). */
const FIELD_LABELS = defineKeys('library', {
  x: 'cropX',
  y: 'cropY',
  width: 'width',
  height: 'height',
}) satisfies Record<keyof Box, string>
const FIELDS = ['x', 'y', 'width', 'height'] as const

/**
 * The crop box over the picture (issue #31), in the shared canvas view: drag to draw a box, drag
 * inside it to move it, or type its numbers; free or one of the aspect ratios the service's
 * models take (from the catalog). Apply makes a new item; the original stays as it is.
 */
export function CropEditor({
  item,
  busy,
  onApply,
}: {
  item: LibraryItem
  busy: boolean
  onApply(box: Box, ratio: string | null): void
}) {
  const { t } = useTranslation('library')
  const w = item.width ?? 1
  const h = item.height ?? 1
  const [ratio, setRatio] = useState<string>('free')
  const [box, setBox] = useState<Box>({ x: 0, y: 0, width: w, height: h })
  const drag = useRef<{ mode: 'draw' | 'move'; from: { x: number; y: number }; start: Box } | null>(
    null,
  )
  const stage = useRef<HTMLDivElement>(null)
  const r = ratio === 'free' ? null : parseRatio(ratio)

  const at = (e: PointerEvent) => {
    const rect = stage.current!.getBoundingClientRect()
    return {
      x: ((e.clientX - rect.left) / rect.width) * w,
      y: ((e.clientY - rect.top) / rect.height) * h,
    }
  }
  const inside = (p: { x: number; y: number }) =>
    p.x > box.x && p.x < box.x + box.width && p.y > box.y && p.y < box.y + box.height
  const onDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return
    e.currentTarget.setPointerCapture?.(e.pointerId)
    const p = at(e)
    drag.current = { mode: inside(p) ? 'move' : 'draw', from: p, start: box }
  }
  const onMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current
    if (!d) return
    const p = at(e)
    setBox(
      d.mode === 'move'
        ? moveBox(d.start, p.x - d.from.x, p.y - d.from.y, w, h)
        : boxFromDrag(d.from, p, w, h, r),
    )
  }
  const chooseRatio = (value: string) => {
    setRatio(value)
    const pr = value === 'free' ? null : parseRatio(value)
    if (pr) setBox(centredRatioBox(w, h, pr))
  }
  const num = (key: keyof Box) => (
    <label key={key} className="finish-num">
      {t(FIELD_LABELS[key])}
      <input
        type="number"
        min={key === 'width' || key === 'height' ? 1 : 0}
        value={box[key]}
        aria-label={t('cropFieldName', { field: key })}
        onChange={(e) => setBox({ ...box, [key]: Math.round(Number(e.target.value) || 0) })}
      />
    </label>
  )
  const pct = (v: number, of: number) => `${(v / of) * 100}%`
  return (
    <div className="finish-crop">
      <div className="row">
        <label>
          {t('ratio')}{' '}
          <select
            value={ratio}
            onChange={(e) => chooseRatio(e.target.value)}
            aria-label={t('cropRatio')}
          >
            <option value="free">{t('ratioFree')}</option>
            {CROP_RATIOS.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </select>
        </label>
        {FIELDS.map(num)}
      </div>
      <CanvasStage ref={stage} width={w} height={h} reserve="18rem" testId="crop-stage">
        <img src={originalSrc(item.relPath)} alt="" draggable={false} />
        <div
          className="finish-crop-layer"
          onPointerDown={onDown}
          onPointerMove={onMove}
          onPointerUp={() => (drag.current = null)}
          onPointerCancel={() => (drag.current = null)}
        >
          <div
            className="finish-crop-box"
            data-testid="crop-box"
            style={{
              left: pct(box.x, w),
              top: pct(box.y, h),
              width: pct(box.width, w),
              height: pct(box.height, h),
            }}
          />
        </div>
      </CanvasStage>
      <button
        type="button"
        className="primary"
        disabled={busy}
        onClick={() => onApply(box, ratio === 'free' ? null : ratio)}
      >
        {t('cropTo', { width: box.width, height: box.height })}
      </button>
    </div>
  )
}
