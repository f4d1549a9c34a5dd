import { useTranslation } from 'react-i18next'

import { useLibraryStore } from '../../../stores/library'
import { useOrganiseStore } from '../../../stores/organise'
import { TagCombobox } from './TagCombobox'

/**
 * Organising a multi-selection from the selection toolbar: add a tag to every selected item,
 * and, while a collection is shown, take the selection out of it. (Keys 0–5 and F rate and mark
 * favourites; dragging onto the sidebar adds to a collection.)
 */
export function SelectionOrganise() {
  const { t } = useTranslation('library')
  const selection = useLibraryStore((s) => s.selection)
  const collectionId = useLibraryStore((s) => s.filter.collectionId)
  const collection = useOrganiseStore((s) => s.collections.find((c) => c.id === collectionId))
  if (!selection.size) return null
  const store = useOrganiseStore.getState()
  return (
    <>
      <TagCombobox
        label={t('tagSelected')}
        placeholder={t('tagSelectedPlaceholder')}
        onPick={(tag) => void store.tag([...selection], [tag], [])}
      />
      {collectionId ? (
        <button
          type="button"
          onClick={() => void store.removeFromCollection(collectionId, [...selection])}
        >
          {t('takeOutOf', { name: collection?.name ?? t('unnamedCollection') })}
        </button>
      ) : null}
    </>
  )
}
