import { LIBRARY_KINDS, type LibraryKind, type LibrarySort } from '@shared/library/types'
import { useEffect, useId, useState } from 'react'

import { isFiltered, useLibraryStore } from '../../stores/library'
import { formatCount, fromDateInput, shortBatchId, toDateInput } from './format'
import { OrganiseFilters } from './organise/OrganiseFilters'

const KIND_LABELS: Record<LibraryKind, string> = {
  image: 'Images API',
  video: 'Video API',
  art: 'Art model',
  workbench: 'Workbench',
  imported: 'Imported',
}

const SORT_LABELS: Record<LibrarySort, string> = {
  newest: 'Newest first',
  'cost-desc': 'Most expensive first',
  'cost-asc': 'Cheapest first',
}

/**
 * Search, filters, the order and the count; every control labelled. Text search waits for a
 * typing pause. A batch filter (set from an item's "Show batch" or the Tasks screen) shows as a
 * chip with its own remove button.
 */
export function FilterBar() {
  const filter = useLibraryStore((s) => s.filter)
  const total = useLibraryStore((s) => s.total)
  const models = useLibraryStore((s) => s.models)
  const setFilter = useLibraryStore((s) => s.setFilter)
  const clearFilter = useLibraryStore((s) => s.clearFilter)
  const [text, setText] = useState(filter.text ?? '')
  const id = useId()

  useEffect(() => setText(filter.text ?? ''), [filter.text])
  useEffect(() => {
    if ((filter.text ?? '') === text) return
    const t = setTimeout(() => setFilter({ text }), 250)
    return () => clearTimeout(t)
  }, [text, filter.text, setFilter])

  const filtered = isFiltered(filter)
  return (
    <div className="lib-filters" role="search">
      <div className="lib-filter">
        <label htmlFor={`${id}-q`}>Search prompts</label>
        <input
          id={`${id}-q`}
          type="search"
          placeholder="Words in the prompt, or #tag…"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <div className="lib-filter">
        <label htmlFor={`${id}-sort`}>Order</label>
        <select
          id={`${id}-sort`}
          value={filter.sort ?? 'newest'}
          onChange={(e) => setFilter({ sort: e.target.value as LibrarySort })}
        >
          {(Object.keys(SORT_LABELS) as LibrarySort[]).map((k) => (
            <option key={k} value={k}>
              {SORT_LABELS[k]}
            </option>
          ))}
        </select>
      </div>
      <div className="lib-filter">
        <label htmlFor={`${id}-media`}>Type</label>
        <select
          id={`${id}-media`}
          value={filter.media ?? ''}
          onChange={(e) =>
            setFilter({ media: (e.target.value || undefined) as 'image' | 'video' | undefined })
          }
        >
          <option value="">Images and videos</option>
          <option value="image">Images</option>
          <option value="video">Videos</option>
        </select>
      </div>
      <div className="lib-filter">
        <label htmlFor={`${id}-kind`}>Made with</label>
        <select
          id={`${id}-kind`}
          value={filter.kinds?.[0] ?? ''}
          onChange={(e) =>
            setFilter({ kinds: e.target.value ? [e.target.value as LibraryKind] : undefined })
          }
        >
          <option value="">Anything</option>
          {LIBRARY_KINDS.map((k) => (
            <option key={k} value={k}>
              {KIND_LABELS[k]}
            </option>
          ))}
        </select>
      </div>
      <div className="lib-filter">
        <label htmlFor={`${id}-model`}>Model</label>
        <select
          id={`${id}-model`}
          value={filter.model ?? ''}
          onChange={(e) => setFilter({ model: e.target.value || undefined })}
        >
          <option value="">All models</option>
          {models.map((m) => (
            <option key={m.model} value={m.model}>
              {m.model || '(none)'} ({formatCount(m.count)})
            </option>
          ))}
        </select>
      </div>
      <div className="lib-filter">
        <label htmlFor={`${id}-from`}>From</label>
        <input
          id={`${id}-from`}
          type="date"
          value={toDateInput(filter.from)}
          onChange={(e) => setFilter({ from: fromDateInput(e.target.value) })}
        />
      </div>
      <div className="lib-filter">
        <label htmlFor={`${id}-to`}>To</label>
        <input
          id={`${id}-to`}
          type="date"
          value={filter.to !== undefined ? toDateInput(filter.to - 1) : ''}
          onChange={(e) => setFilter({ to: fromDateInput(e.target.value, true) })}
        />
      </div>
      <OrganiseFilters />
      <label className="lib-check">
        <input
          type="checkbox"
          checked={Boolean(filter.favourites)}
          onChange={(e) => setFilter({ favourites: e.target.checked || undefined })}
        />
        Favourites only
      </label>
      {filter.batchId !== undefined ? (
        <span className="lib-chip" data-testid="library-batch-chip">
          <span title={filter.batchId}>Batch: {shortBatchId(filter.batchId)}</span>
          <button
            type="button"
            className="ghost"
            aria-label={`Remove batch filter ${shortBatchId(filter.batchId)}`}
            onClick={() => setFilter({ batchId: undefined })}
          >
            ×
          </button>
        </span>
      ) : null}
      {filtered ? (
        <button type="button" className="ghost" onClick={clearFilter}>
          Clear filters
        </button>
      ) : null}
      <span className="lib-count muted" role="status" data-testid="library-count">
        {formatCount(total)} {total === 1 ? 'item' : 'items'}
      </span>
    </div>
  )
}
