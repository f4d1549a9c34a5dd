import { BRUSH } from './maskHistory'
import { MAX_ZOOM, MIN_ZOOM } from './maskView'

export type MaskTool = 'brush' | 'eraser'

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
  return (
    <div className="mask-tools row">
      <fieldset className="radio-group inline">
        <legend>Tool</legend>
        {(['brush', 'eraser'] as const).map((t) => (
          <label key={t} className={t === p.tool ? 'radio checked' : 'radio'}>
            <input
              type="radio"
              name={`${p.name}-tool`}
              checked={t === p.tool}
              onChange={() => p.onTool(t)}
            />
            {t === 'brush' ? 'Brush (repaint)' : 'Eraser (keep)'}
          </label>
        ))}
      </fieldset>
      <label className="mask-size" title="[ and ] change the size">
        Mask brush {p.brush}px
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
        Clear
      </button>
      <button type="button" onClick={() => p.onFill(true)}>
        Fill
      </button>
      <button type="button" onClick={p.onInvert}>
        Invert
      </button>
      <button type="button" disabled={!p.canUndo} aria-keyshortcuts="Control+Z" onClick={p.onUndo}>
        Undo
      </button>
      <button
        type="button"
        disabled={!p.canRedo}
        aria-keyshortcuts="Control+Shift+Z Control+Y"
        onClick={p.onRedo}
      >
        Redo
      </button>
      <span className="mask-view">
        <button
          type="button"
          aria-label="Zoom out"
          aria-keyshortcuts="-"
          disabled={p.zoom <= MIN_ZOOM}
          onClick={() => p.onZoom(0.8)}
        >
          −
        </button>
        <span data-testid="mask-zoom">
          <span className="sr-only">Zoom </span>
          {Math.round(p.zoom * 100)}%
        </span>
        <button
          type="button"
          aria-label="Zoom in"
          aria-keyshortcuts="+"
          disabled={p.zoom >= MAX_ZOOM}
          onClick={() => p.onZoom(1.25)}
        >
          +
        </button>
        <button type="button" aria-keyshortcuts="0" disabled={p.zoom === 1} onClick={p.onFit}>
          Fit
        </button>
      </span>
    </div>
  )
}
