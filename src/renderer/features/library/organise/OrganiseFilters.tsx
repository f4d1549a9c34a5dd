import './organise.css'

import { MAX_RATING, tagKey } from '@shared/library/organise'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'

import { useLibraryStore } from '../../../stores/library'
import { useOrganiseStore } from '../../../stores/organise'
import { REMOVE_MARK, STAR_ON } from '../symbols'
import { TagCombobox } from './TagCombobox'

/**
 * The filter bar's organising filters, combined with all the others: rating at least N stars,
 * tags (each picked from the library's tags; all must match) shown as removable chips, and the
 * collection chosen in the sidebar as a chip. `#tag` in the search box filters by tag too.
 */
export function OrganiseFilters() {
  const { t } = useTranslation('library')
  const id = useId()
  const filter = useLibraryStore((s) => s.filter)
  const setFilter = useLibraryStore((s) => s.setFilter)
  const collections = useOrganiseStore((s) => s.collections)
  const tags = filter.tags ?? []
  const collection = filter.collectionId
    ? (collections.find((c) => c.id === filter.collectionId)?.name ?? t('unnamedCollection'))
    : null

  return (
    <>
      <div className="lib-filter">
        <label htmlFor={`${id}-rating`}>{t('rating')}</label>
        <select
          id={`${id}-rating`}
          value={filter.minRating ?? 0}
          onChange={(e) => setFilter({ minRating: Number(e.target.value) || undefined })}
        >
          <option value={0}>{t('anyRating')}</option>
          {Array.from({ length: MAX_RATING }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {t('ratingAtLeast', { stars: STAR_ON.repeat(n), max: n < MAX_RATING ? 'no' : 'yes' })}
            </option>
          ))}
        </select>
      </div>
      <div className="lib-filter">
        <TagCombobox
          label={t('tagFilter')}
          placeholder={t('tagFilterPlaceholder')}
          exclude={tags}
          suggestionsOnly
          onPick={(tag) => setFilter({ tags: [...tags, tag] })}
        />
      </div>
      {tags.map((tag) => (
        <span key={tag} className="lib-chip" data-testid="library-tag-chip">
          <span>{t('tagChip', { tag })}</span>
          <button
            type="button"
            className="ghost"
            aria-label={t('tagChipRemove', { tag })}
            onClick={() => setFilter({ tags: tags.filter((x) => tagKey(x) !== tagKey(tag)) })}
          >
            {REMOVE_MARK}
          </button>
        </span>
      ))}
      {collection !== null ? (
        <span className="lib-chip" data-testid="library-collection-chip">
          <span>{t('collectionChip', { name: collection })}</span>
          <button
            type="button"
            className="ghost"
            aria-label={t('collectionChipRemove', { name: collection })}
            onClick={() => setFilter({ collectionId: undefined })}
          >
            {REMOVE_MARK}
          </button>
        </span>
      ) : null}
    </>
  )
}
