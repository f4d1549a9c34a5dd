import './organise.css'

import type { LibraryItem } from '@shared/library/types'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'

import { useLibraryStore } from '../../../stores/library'
import { useOrganiseStore } from '../../../stores/organise'
import { REMOVE_MARK } from '../symbols'
import { rateIds } from './organiseKeys'
import { StarRating } from './StarRating'
import { TagCombobox } from './TagCombobox'

/**
 * The detail view's organising part: the star rating, the tags (chips with a remove button and a
 * combobox with autocomplete to add) and the collections the item is in (remove, or add to
 * another). Every change is undoable (toast, Ctrl/Cmd+Z).
 */
export function OrganisePanel({ item }: { item: LibraryItem }) {
  const { t } = useTranslation('library')
  const id = useId()
  const collections = useOrganiseStore((s) => s.collections)
  const organise = useOrganiseStore.getState()
  const nameOf = (cid: string) =>
    collections.find((c) => c.id === cid)?.name ?? t('unnamedCollection')
  const others = collections.filter((c) => !item.collections.includes(c.id))

  async function changeTags(add: string[], remove: string[]) {
    const r = await organise.tag([item.id], add, remove)
    // Shown at once; main's change event refetches the item anyway.
    if (r.ok && r.value.before.length) void useLibraryStore.getState().openDetail(item.id)
  }

  async function changeCollection(cid: string, add: boolean) {
    const r = add
      ? await organise.addToCollection(cid, [item.id])
      : await organise.removeFromCollection(cid, [item.id])
    if (r.ok && r.value.before.length) void useLibraryStore.getState().openDetail(item.id)
  }

  return (
    <section className="org-panel" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`} className="org-sr">
        {t('organise')}
      </h3>
      <div className="org-row">
        <span className="org-label">{t('rating')}</span>
        <StarRating
          label={t('ratingOf', { file: item.fileName })}
          value={item.rating}
          onChange={(r) => void rateIds([item.id], r)}
        />
      </div>
      <div className="org-row org-wrap">
        <span className="org-label">{t('tags')}</span>
        <ul className="org-chips" aria-label={t('tags')}>
          {item.tags.map((tag) => (
            <li key={tag} className="lib-chip">
              <span>{tag}</span>
              <button
                type="button"
                className="ghost"
                aria-label={t('removeTag', { tag })}
                onClick={() => void changeTags([], [tag])}
              >
                {REMOVE_MARK}
              </button>
            </li>
          ))}
        </ul>
        <TagCombobox
          label={t('addTag')}
          placeholder={t('addTagPlaceholder')}
          exclude={item.tags}
          onPick={(tag) => void changeTags([tag], [])}
        />
      </div>
      <div className="org-row org-wrap">
        <span className="org-label">{t('collections')}</span>
        <ul className="org-chips" aria-label={t('collections')}>
          {item.collections.map((cid) => (
            <li key={cid} className="lib-chip">
              <span>{nameOf(cid)}</span>
              <button
                type="button"
                className="ghost"
                aria-label={t('removeFromCollection', { name: nameOf(cid) })}
                onClick={() => void changeCollection(cid, false)}
              >
                {REMOVE_MARK}
              </button>
            </li>
          ))}
        </ul>
        {others.length ? (
          <label className="org-add-to">
            <span className="org-sr">{t('addToCollection')}</span>
            <select
              value=""
              onChange={(e) => e.target.value && void changeCollection(e.target.value, true)}
            >
              <option value="">{t('addToCollectionEllipsis')}</option>
              {others.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
    </section>
  )
}
