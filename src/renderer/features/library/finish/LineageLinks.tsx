import type { LineageView } from '@shared/library/lineage'
import { useEffect, useState } from 'react'

import { lineageOf } from '../../../api/picture'
import { useLibraryStore } from '../../../stores/library'

const OPERATION: Record<string, string> = {
  crop: 'cropped',
  rotate: 'rotated',
  flip: 'flipped',
  resize: 'resized',
  upscale: 'upscaled',
  outpaint: 'expanded',
}

/** What a lineage's parameters say, in a few words ("×4 model", "16:9", "32 × 18 at 10, 8"). */
function describe(params: Record<string, unknown>): string {
  const p = params as Record<string, string | number | undefined>
  if (p.scale) return `×${p.scale} ${p.engine === 'model' ? 'model' : 'Lanczos'}`
  if (p.mode === 'ratio') return `to ${p.ratio}`
  if (p.degrees) return `${p.degrees}°`
  if (p.axis) return String(p.axis)
  if (p.width && p.height) return `${p.width} × ${p.height}${p.ratio ? ` (${p.ratio})` : ''}`
  return ''
}

/**
 * "Made from" and "Derived" of the item in the viewer (issue #31): each link opens that item;
 * a parent that was deleted is named but not linked. `version` refetches after an edit.
 */
export function LineageLinks({ itemId, version }: { itemId: string; version: number }) {
  const [view, setView] = useState<LineageView | null>(null)
  useEffect(() => {
    let live = true
    void lineageOf(itemId).then((r) => live && setView(r.ok ? r.value : null))
    return () => {
      live = false
    }
  }, [itemId, version])
  if (!view || (!view.madeFrom && view.derived.length === 0)) return null
  const open = (id: string) => void useLibraryStore.getState().openDetail(id)
  const from = view.madeFrom
  return (
    <div className="finish-lineage" data-testid="lineage">
      {from ? (
        <p>
          <strong>Made from</strong>{' '}
          {from.present ? (
            <button
              type="button"
              className="link"
              onClick={() => open(from.id)}
              data-testid="made-from"
            >
              {from.fileName}
            </button>
          ) : (
            <span className="muted">a deleted item</span>
          )}{' '}
          <span className="muted">
            — {OPERATION[from.operation]} {describe(from.params)} · {from.model}
          </span>
        </p>
      ) : null}
      {view.derived.length > 0 ? (
        <div>
          <strong>Derived</strong>
          <ul className="finish-derived">
            {view.derived.map((d) => (
              <li key={d.id}>
                <button
                  type="button"
                  className="link"
                  onClick={() => open(d.id)}
                  data-testid="derived-link"
                >
                  {d.fileName}
                </button>{' '}
                <span className="muted">{OPERATION[d.operation]}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  )
}
