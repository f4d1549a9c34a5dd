import type { BatchGridCell, BatchGridView } from '@shared/batch/types'
import { thumbUrl } from '@shared/library/mediaUrls'
import { STATE_LABELS } from '@shared/tasks/states'

const key = (x: string | null, y: string | null) => `${x ?? ''}\u0000${y ?? ''}`

/** "steps 20, guidance 7.5, repeat 2": what a cell is, for its image's alt text and its title. */
export function cellLabel(view: BatchGridView, c: BatchGridCell): string {
  const parts: string[] = []
  if (view.batch.xField && c.x !== null) parts.push(`${view.batch.xField} ${c.x}`)
  if (view.batch.yField && c.y !== null) parts.push(`${view.batch.yField} ${c.y}`)
  parts.push(`repeat ${c.repeat}`)
  return parts.join(', ')
}

function Cell({ view, cell }: { view: BatchGridView; cell: BatchGridCell }) {
  const label = cellLabel(view, cell)
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
      ? 'no result'
      : cell.state === 'failed'
        ? 'failed'
        : cell.state === 'cancelled'
          ? 'cancelled'
          : STATE_LABELS[cell.state]
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
  const { batch } = view
  const xs: (string | null)[] = batch.xValues.length > 0 ? batch.xValues : [null]
  const ys: (string | null)[] = batch.yValues.length > 0 ? batch.yValues : [null]
  const byPair = new Map<string, BatchGridCell[]>()
  for (const c of [...view.cells].sort((a, b) => a.index - b.index)) {
    const k = key(c.x, c.y)
    byPair.set(k, [...(byPair.get(k) ?? []), c])
  }
  const caption = [
    batch.xField ? `Columns: ${batch.xField}` : null,
    batch.yField ? `Rows: ${batch.yField}` : null,
  ]
    .filter(Boolean)
    .join(' · ')

  return (
    <div className="batch-grid-scroll">
      <table className="batch-grid" data-testid="batch-grid">
        <caption>{caption || 'Results'}</caption>
        <thead>
          <tr>
            <th scope="col">{batch.yField ?? ''}</th>
            {xs.map((x, i) => (
              <th key={i} scope="col">
                {x ?? 'Results'}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ys.map((y, r) => (
            <tr key={r}>
              <th scope="row">{y ?? 'Results'}</th>
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
