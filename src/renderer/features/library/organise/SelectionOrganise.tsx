import { useLibraryStore } from '../../../stores/library'
import { useOrganiseStore } from '../../../stores/organise'
import { TagCombobox } from './TagCombobox'

/**
 * Organising a multi-selection from the selection toolbar: add a tag to every selected item,
 * and, while a collection is shown, take the selection out of it. (Keys 0–5 and F rate and mark
 * favourites; dragging onto the sidebar adds to a collection.)
 */
export function SelectionOrganise() {
  const selection = useLibraryStore((s) => s.selection)
  const collectionId = useLibraryStore((s) => s.filter.collectionId)
  const collection = useOrganiseStore((s) => s.collections.find((c) => c.id === collectionId))
  if (!selection.size) return null
  const store = useOrganiseStore.getState()
  return (
    <>
      <TagCombobox
        label="Tag selected"
        placeholder="Add a tag…"
        onPick={(t) => void store.tag([...selection], [t], [])}
      />
      {collectionId ? (
        <button
          type="button"
          onClick={() => void store.removeFromCollection(collectionId, [...selection])}
        >
          Take out of {collection?.name ?? 'collection'}
        </button>
      ) : null}
    </>
  )
}
