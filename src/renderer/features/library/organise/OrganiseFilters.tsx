import './organise.css'

import { MAX_RATING, tagKey } from '@shared/library/organise'
import { useId } from 'react'

import { useLibraryStore } from '../../../stores/library'
import { useOrganiseStore } from '../../../stores/organise'
import { TagCombobox } from './TagCombobox'

/**
 * The filter bar's organising filters, combined with all the others: rating at least N stars,
 * tags (each picked from the library's tags; all must match) shown as removable chips, and the
 * collection chosen in the sidebar as a chip. `#tag` in the search box filters by tag too.
 */
export function OrganiseFilters() {
  const id = useId()
  const filter = useLibraryStore((s) => s.filter)
  const setFilter = useLibraryStore((s) => s.setFilter)
  const collections = useOrganiseStore((s) => s.collections)
  const tags = filter.tags ?? []
  const collection = filter.collectionId
    ? (collections.find((c) => c.id === filter.collectionId)?.name ?? 'Unnamed collection')
    : null

  return (
    <>
      <div className="lib-filter">
        <label htmlFor={`${id}-rating`}>Rating</label>
        <select
          id={`${id}-rating`}
          value={filter.minRating ?? 0}
          onChange={(e) => setFilter({ minRating: Number(e.target.value) || undefined })}
        >
          <option value={0}>Any rating</option>
          {Array.from({ length: MAX_RATING }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {`${'★'.repeat(n)}${n < MAX_RATING ? ' or more' : ''}`}
            </option>
          ))}
        </select>
      </div>
      <div className="lib-filter">
        <TagCombobox
          label="Tag"
          placeholder="Filter by tag…"
          exclude={tags}
          suggestionsOnly
          onPick={(t) => setFilter({ tags: [...tags, t] })}
        />
      </div>
      {tags.map((t) => (
        <span key={t} className="lib-chip" data-testid="library-tag-chip">
          <span>#{t}</span>
          <button
            type="button"
            className="ghost"
            aria-label={`Remove tag filter ${t}`}
            onClick={() => setFilter({ tags: tags.filter((x) => tagKey(x) !== tagKey(t)) })}
          >
            ×
          </button>
        </span>
      ))}
      {collection !== null ? (
        <span className="lib-chip" data-testid="library-collection-chip">
          <span>Collection: {collection}</span>
          <button
            type="button"
            className="ghost"
            aria-label={`Remove collection filter ${collection}`}
            onClick={() => setFilter({ collectionId: undefined })}
          >
            ×
          </button>
        </span>
      ) : null}
    </>
  )
}
