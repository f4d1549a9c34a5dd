import { useTranslation } from 'react-i18next'

import { formatNumber } from '../i18n/format'
import { BRUSH } from './maskHistory'
import { MAX_ZOOM, MIN_ZOOM } from './maskView'

export type MaskTool = 'brush' | 'eraser'

const TOOLS: readonly MaskTool[] = ['brush', 'eraser']
/** The zoom as a whole percentage, in the interface language ("125%", "125 %"). */
const PERCENT = { style: 'percent', maximumFractionDigits: 0 } as const

/**
 * The mask editor's toolbar: tool, brush size (also `[` and `]`), Clear / Fill / Invert, Undo and
 * Redo (also Ctrl+Z, Ctrl+Shift+Z, Ctrl+Y) and the zoom (also the wheel, + − and 0). Every key
 * has a button here, so nothing needs the keyboard shortcuts or a mouse wheel.
 */
export function MaskTools(p: {
  name: string
  tool: MaskTool
  onTool(tool: MaskTool): void
  brush: number
  onBrush(size: number): void
  onFill(white: boolean): void
  onInvert(): void
  canUndo: boolean
  canRedo: boolean
  onUndo(): void
  onRedo(): void
  zoom: number
  onZoom(factor: number): void
  onFit(): void
}) {
  const { t } = useTranslation('common')
  return (
    <div className="mask-tools row">
      <fieldset className="radio-group inline">
        <legend>{t('maskTool')}</legend>
        {TOOLS.map((tool) => (
          <label key={tool} className={tool === p.tool ? 'radio checked' : 'radio'}>
            <input
              type="radio"
              name={`${p.name}-tool`}
              checked={tool === p.tool}
              onChange={() => p.onTool(tool)}
            />
            {tool === 'brush' ? t('maskBrush') : t('maskEraser')}
          </label>
        ))}
      </fieldset>
      <label className="mask-size" title={t('maskSizeKeys')}>
        {t('maskBrushSize', { size: p.brush })}
        <input
          type="range"
          min={BRUSH.min}
          max={BRUSH.max}
          step={BRUSH.step}
          value={p.brush}
          aria-keyshortcuts="[ ]"
          onChange={(e) => p.onBrush(Number(e.target.value))}
        />
      </label>
      <button type="button" onClick={() => p.onFill(false)}>
        {t('maskClear')}
      </button>
      <button type="button" onClick={() => p.onFill(true)}>
        {t('maskFill')}
      </button>
      <button type="button" onClick={p.onInvert}>
        {t('maskInvert')}
      </button>
      <button type="button" disabled={!p.canUndo} aria-keyshortcuts="Control+Z" onClick={p.onUndo}>
        {t('undo')}
      </button>
      <button
        type="button"
        disabled={!p.canRedo}
        aria-keyshortcuts="Control+Shift+Z Control+Y"
        onClick={p.onRedo}
      >
        {t('maskRedo')}
      </button>
      <span className="mask-view">
        <button
          type="button"
          aria-label={t('maskZoomOut')}
          aria-keyshortcuts="-"
          disabled={p.zoom <= MIN_ZOOM}
          onClick={() => p.onZoom(0.8)}
        >
          −
        </button>
        <span data-testid="mask-zoom">
          <span className="sr-only">{t('maskZoom')} </span>
          {formatNumber(p.zoom, PERCENT)}
        </span>
        <button
          type="button"
          aria-label={t('maskZoomIn')}
          aria-keyshortcuts="+"
          disabled={p.zoom >= MAX_ZOOM}
          onClick={() => p.onZoom(1.25)}
        >
          +
        </button>
        <button type="button" aria-keyshortcuts="0" disabled={p.zoom === 1} onClick={p.onFit}>
          {t('maskFit')}
        </button>
      </span>
    </div>
  )
}
