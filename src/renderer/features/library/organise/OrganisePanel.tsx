import './organise.css'

import type { LibraryItem } from '@shared/library/types'
import { useId } from 'react'

import { useLibraryStore } from '../../../stores/library'
import { useOrganiseStore } from '../../../stores/organise'
import { rateIds } from './organiseKeys'
import { StarRating } from './StarRating'
import { TagCombobox } from './TagCombobox'

/**
 * The detail view's organising part: the star rating, the tags (chips with a remove button and a
 * combobox with autocomplete to add) and the collections the item is in (remove, or add to
 * another). Every change is undoable (toast, Ctrl/Cmd+Z).
 */
export function OrganisePanel({ item }: { item: LibraryItem }) {
  const id = useId()
  const collections = useOrganiseStore((s) => s.collections)
  const organise = useOrganiseStore.getState()
  const nameOf = (cid: string) =>
    collections.find((c) => c.id === cid)?.name ?? 'Unnamed collection'
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
        Organise
      </h3>
      <div className="org-row">
        <span className="org-label">Rating</span>
        <StarRating
          label={`Rating of ${item.fileName}`}
          value={item.rating}
          onChange={(r) => void rateIds([item.id], r)}
        />
      </div>
      <div className="org-row org-wrap">
        <span className="org-label">Tags</span>
        <ul className="org-chips" aria-label="Tags">
          {item.tags.map((t) => (
            <li key={t} className="lib-chip">
              <span>{t}</span>
              <button
                type="button"
                className="ghost"
                aria-label={`Remove tag ${t}`}
                onClick={() => void changeTags([], [t])}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
        <TagCombobox
          label="Add tag"
          placeholder="Type a tag, Enter to add"
          exclude={item.tags}
          onPick={(t) => void changeTags([t], [])}
        />
      </div>
      <div className="org-row org-wrap">
        <span className="org-label">Collections</span>
        <ul className="org-chips" aria-label="Collections">
          {item.collections.map((cid) => (
            <li key={cid} className="lib-chip">
              <span>{nameOf(cid)}</span>
              <button
                type="button"
                className="ghost"
                aria-label={`Take out of collection ${nameOf(cid)}`}
                onClick={() => void changeCollection(cid, false)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
        {others.length ? (
          <label className="org-add-to">
            <span className="org-sr">Add to collection</span>
            <select
              value=""
              onChange={(e) => e.target.value && void changeCollection(e.target.value, true)}
            >
              <option value="">Add to collection…</option>
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
