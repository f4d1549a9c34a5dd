import { defineKeys } from '@shared/i18n/keys'
import { LIBRARY_KINDS, type LibraryKind, type LibrarySort } from '@shared/library/types'
import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { isFiltered, useLibraryStore } from '../../stores/library'
import { fromDateInput, shortBatchId, toDateInput } from './format'
import { KIND_LABELS } from './labels'
import { OrganiseFilters } from './organise/OrganiseFilters'
import { REMOVE_MARK } from './symbols'

const SORT_LABELS = defineKeys('library', {
  newest: 'sortNewest',
  'cost-desc': 'sortCostDesc',
  'cost-asc': 'sortCostAsc',
}) satisfies Record<LibrarySort, string>

/**
 * Search, filters, the order and the count; every control labelled. Text search waits for a
 * typing pause. A batch filter (set from an item's "Show batch" or the Tasks screen) shows as a
 * chip with its own remove button.
 */
export function FilterBar() {
  const { t } = useTranslation('library')
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
    const timer = setTimeout(() => setFilter({ text }), 250)
    return () => clearTimeout(timer)
  }, [text, filter.text, setFilter])

  const filtered = isFiltered(filter)
  return (
    <div className="lib-filters" role="search">
      <div className="lib-filter">
        <label htmlFor={`${id}-q`}>{t('searchLabel')}</label>
        <input
          id={`${id}-q`}
          type="search"
          placeholder={t('searchPlaceholder')}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <div className="lib-filter">
        <label htmlFor={`${id}-sort`}>{t('sortLabel')}</label>
        <select
          id={`${id}-sort`}
          value={filter.sort ?? 'newest'}
          onChange={(e) => setFilter({ sort: e.target.value as LibrarySort })}
        >
          {(Object.keys(SORT_LABELS) as LibrarySort[]).map((k) => (
            <option key={k} value={k}>
              {t(SORT_LABELS[k])}
            </option>
          ))}
        </select>
      </div>
      <div className="lib-filter">
        <label htmlFor={`${id}-media`}>{t('mediaLabel')}</label>
        <select
          id={`${id}-media`}
          value={filter.media ?? ''}
          onChange={(e) =>
            setFilter({ media: (e.target.value || undefined) as 'image' | 'video' | undefined })
          }
        >
          <option value="">{t('mediaAll')}</option>
          <option value="image">{t('mediaImages')}</option>
          <option value="video">{t('mediaVideos')}</option>
        </select>
      </div>
      <div className="lib-filter">
        <label htmlFor={`${id}-kind`}>{t('kindLabel')}</label>
        <select
          id={`${id}-kind`}
          value={filter.kinds?.[0] ?? ''}
          onChange={(e) =>
            setFilter({ kinds: e.target.value ? [e.target.value as LibraryKind] : undefined })
          }
        >
          <option value="">{t('kindAny')}</option>
          {LIBRARY_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(KIND_LABELS[k])}
            </option>
          ))}
        </select>
      </div>
      <div className="lib-filter">
        <label htmlFor={`${id}-model`}>{t('modelLabel')}</label>
        <select
          id={`${id}-model`}
          value={filter.model ?? ''}
          onChange={(e) => setFilter({ model: e.target.value || undefined })}
        >
          <option value="">{t('modelAll')}</option>
          {models.map((m) => (
            <option key={m.model} value={m.model}>
              {t('modelOption', { model: m.model || t('modelNone'), count: m.count })}
            </option>
          ))}
        </select>
      </div>
      <div className="lib-filter">
        <label htmlFor={`${id}-from`}>{t('dateFrom')}</label>
        <input
          id={`${id}-from`}
          type="date"
          value={toDateInput(filter.from)}
          onChange={(e) => setFilter({ from: fromDateInput(e.target.value) })}
        />
      </div>
      <div className="lib-filter">
        <label htmlFor={`${id}-to`}>{t('dateTo')}</label>
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
        {t('favouritesOnly')}
      </label>
      {filter.batchId !== undefined ? (
        <span className="lib-chip" data-testid="library-batch-chip">
          <span title={filter.batchId}>{t('batchChip', { id: shortBatchId(filter.batchId) })}</span>
          <button
            type="button"
            className="ghost"
            aria-label={t('batchChipRemove', { id: shortBatchId(filter.batchId) })}
            onClick={() => setFilter({ batchId: undefined })}
          >
            {REMOVE_MARK}
          </button>
        </span>
      ) : null}
      {filtered ? (
        <button type="button" className="ghost" onClick={clearFilter}>
          {t('clearFilters')}
        </button>
      ) : null}
      <span className="lib-count muted" role="status" data-testid="library-count">
        {t('itemCount', { count: total })}
      </span>
    </div>
  )
}
