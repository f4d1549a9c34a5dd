import type { BatchGridCell, BatchGridView } from '@shared/batch/types'
import { thumbUrl } from '@shared/library/mediaUrls'
import { useTranslation } from 'react-i18next'

import { TASK_STATE_KEYS } from '../../forms/taskStateKeys'
import { axisLabel, SEP } from './batchWords'

const key = (x: string | null, y: string | null) => `${x ?? ''}\u0000${y ?? ''}`

/** "Steps 20, Guidance 7.5, repeat 2": what a cell is, for its image's alt text and its title. */
function useCellLabel(view: BatchGridView): (c: BatchGridCell) => string {
  const { t } = useTranslation('batch')
  const { xField, yField, kind } = view.batch
  return (c) => {
    const x = xField && c.x !== null ? { x: axisLabel(xField, kind), xValue: c.x } : null
    const y = yField && c.y !== null ? { y: axisLabel(yField, kind), yValue: c.y } : null
    if (x && y) return t('cellXY', { ...x, ...y, repeat: c.repeat })
    if (x) return t('cellX', { ...x, repeat: c.repeat })
    if (y) return t('cellX', { x: y.y, xValue: y.yValue, repeat: c.repeat })
    return t('cellRepeat', { repeat: c.repeat })
  }
}

function Cell({ view, cell }: { view: BatchGridView; cell: BatchGridCell }) {
  const { t } = useTranslation('batch')
  const { t: tc } = useTranslation('common')
  const label = useCellLabel(view)(cell)
  const id = cell.libraryIds[0]
  if (cell.state === 'saved' && id) {
    // The first output stands for the request; its thumbnail comes from the library's cache.
    return (
      <img
        className="batch-thumb"
        src={thumbUrl(id, '')}
        alt={label}
        title={label}
        loading="lazy"
        data-testid="grid-image"
      />
    )
  }
  const text =
    cell.state === 'saved'
      ? t('cellNoResult')
      : cell.state === 'failed'
        ? t('cellFailed')
        : cell.state === 'cancelled'
          ? t('cellCancelled')
          : tc(TASK_STATE_KEYS[cell.state])
  return (
    <span className={`batch-cell-state state-${cell.state}`} title={label} data-testid="grid-state">
      {text}
    </span>
  )
}

/**
 * A batch as a labelled table: X values as column headers, Y values as row headers, and in each
 * cell every request made for that pair — repeats (and wildcard variants) side by side in plan
 * order — as the first result's thumbnail, or the request's state while it has none.
 */
export function BatchGrid({ view }: { view: BatchGridView }) {
  const { t } = useTranslation('batch')
  const { batch } = view
  const xs: (string | null)[] = batch.xValues.length > 0 ? batch.xValues : [null]
  const ys: (string | null)[] = batch.yValues.length > 0 ? batch.yValues : [null]
  const byPair = new Map<string, BatchGridCell[]>()
  for (const c of [...view.cells].sort((a, b) => a.index - b.index)) {
    const k = key(c.x, c.y)
    byPair.set(k, [...(byPair.get(k) ?? []), c])
  }
  const xName = batch.xField ? axisLabel(batch.xField, batch.kind) : null
  const yName = batch.yField ? axisLabel(batch.yField, batch.kind) : null
  const caption = [
    xName ? t('gridColumns', { field: xName }) : null,
    yName ? t('gridRows', { field: yName }) : null,
  ]
    .filter(Boolean)
    .join(SEP)

  return (
    <div className="batch-grid-scroll">
      <table className="batch-grid" data-testid="batch-grid">
        <caption>{caption || t('results')}</caption>
        <thead>
          <tr>
            <th scope="col">{yName ?? ''}</th>
            {xs.map((x, i) => (
              <th key={i} scope="col">
                {x ?? t('results')}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ys.map((y, r) => (
            <tr key={r}>
              <th scope="row">{y ?? t('results')}</th>
              {xs.map((x, c) => (
                <td key={c} data-testid="grid-cell">
                  <div className="batch-cell">
                    {(byPair.get(key(x, y)) ?? []).map((cell) => (
                      <Cell key={cell.index} view={view} cell={cell} />
                    ))}
                  </div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
