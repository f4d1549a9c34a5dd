import type { LineageView } from '@shared/library/lineage'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { lineageOf } from '../../../api/picture'
import { useLibraryStore } from '../../../stores/library'

/**
 * What a lineage step's parameters say, as the values of the `lineageStep` message: the operation
 * (an unknown one reads "edited") and its one detail ("×4 model", "to 16:9", "90°", "32 × 18").
 */
function stepValues(operation: string, params: Record<string, unknown>) {
  const p = params as Record<string, string | number | undefined>
  const values = {
    op: operation,
    detail: 'none',
    scale: 0,
    engine: String(p.engine ?? ''),
    ratio: String(p.ratio ?? ''),
    degrees: 0,
    axis: String(p.axis ?? ''),
    width: 0,
    height: 0,
  }
  if (p.scale) return { ...values, detail: 'scale', scale: Number(p.scale) }
  if (p.mode === 'ratio') return { ...values, detail: 'ratio' }
  if (p.degrees) return { ...values, detail: 'degrees', degrees: Number(p.degrees) }
  if (p.axis) return { ...values, detail: 'axis' }
  if (p.width && p.height)
    return {
      ...values,
      detail: p.ratio ? 'sizeRatio' : 'size',
      width: Number(p.width),
      height: Number(p.height),
    }
  return values
}

/**
 * "Made from" and "Derived" of the item in the viewer (issue #31): each link opens that item;
 * a parent that was deleted is named but not linked. `version` refetches after an edit.
 */
export function LineageLinks({ itemId, version }: { itemId: string; version: number }) {
  const { t } = useTranslation('library')
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
          <strong>{t('madeFrom')}</strong>{' '}
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
            <span className="muted">{t('deletedItem')}</span>
          )}{' '}
          <span className="muted">
            {t('lineageStep', { ...stepValues(from.operation, from.params), model: from.model })}
          </span>
        </p>
      ) : null}
      {view.derived.length > 0 ? (
        <div>
          <strong>{t('derived')}</strong>
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
                <span className="muted">{t('lineageOperation', { op: d.operation })}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  )
}
