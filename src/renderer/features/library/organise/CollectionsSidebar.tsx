import './organise.css'

import type { LibraryCollection } from '@shared/library/organise'
import { Pencil, Trash2 } from 'lucide-react'
import { type DragEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'

import { draggedItems, endItemDrag } from '../../../components/itemDrag'
import { useLibraryStore } from '../../../stores/library'
import { useOrganiseStore } from '../../../stores/organise'
import { ADD_MARK } from '../symbols'

/**
 * The library's collections: "All items" and every collection with its count. A click shows a
 * collection (the `collectionId` filter, with the other filters); grid items dropped on one go
 * into it, and "Add selected" does the same from the keyboard. New, rename and delete are here
 * too; every change can be undone (toast, Ctrl/Cmd+Z).
 */
export function CollectionsSidebar() {
  const { t } = useTranslation('library')
  const collections = useOrganiseStore((s) => s.collections)
  const current = useLibraryStore((s) => s.filter.collectionId)
  const selected = useLibraryStore((s) => s.selection.size)
  const [creating, setCreating] = useState(false)
  const headingId = useId()

  useEffect(() => useOrganiseStore.getState().init(), [])

  const show = (id: string | undefined) =>
    useLibraryStore.getState().setFilter({ collectionId: id })

  return (
    <nav className="org-sidebar" aria-labelledby={headingId} data-testid="collections-sidebar">
      <h2 id={headingId}>{t('collections')}</h2>
      <ul>
        <li>
          <button
            type="button"
            className="org-collection-name"
            aria-pressed={!current}
            onClick={() => show(undefined)}
          >
            {t('allItems')}
          </button>
        </li>
        {collections.map((c) => (
          <CollectionRow
            key={c.id}
            collection={c}
            current={current === c.id}
            selected={selected}
            onShow={() => show(current === c.id ? undefined : c.id)}
          />
        ))}
      </ul>
      {creating ? (
        <NameForm
          label={t('newCollectionName')}
          initial=""
          submit={t('create')}
          onDone={() => setCreating(false)}
          save={(name) => useOrganiseStore.getState().createCollection(name)}
        />
      ) : (
        <button type="button" onClick={() => setCreating(true)}>
          {t('newCollection')}
        </button>
      )}
    </nav>
  )
}

function CollectionRow({
  collection: c,
  current,
  selected,
  onShow,
}: {
  collection: LibraryCollection
  current: boolean
  selected: number
  onShow(): void
}) {
  const { t } = useTranslation('library')
  const [renaming, setRenaming] = useState(false)
  const [over, setOver] = useState(false)
  const store = useOrganiseStore.getState()

  const onDragOver = (e: DragEvent) => {
    if (!draggedItems(e.dataTransfer)) return
    e.preventDefault()
    e.dataTransfer.dropEffect = 'copy'
    if (!over) setOver(true)
  }
  const onDrop = (e: DragEvent) => {
    const ids = draggedItems(e.dataTransfer)
    setOver(false)
    if (!ids) return
    // Ours: never let the library screen import the dragged files back in.
    e.preventDefault()
    e.stopPropagation()
    endItemDrag()
    if (ids.length) void store.addToCollection(c.id, ids)
  }

  if (renaming)
    return (
      <li>
        <NameForm
          label={t('renameLabel', { name: c.name })}
          initial={c.name}
          submit={t('rename')}
          onDone={() => setRenaming(false)}
          save={(name) => store.renameCollection(c.id, name)}
        />
      </li>
    )
  return (
    <li
      className={`org-collection${over ? ' drop' : ''}`}
      onDragOver={onDragOver}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-collection={c.id}
    >
      <button type="button" className="org-collection-name" aria-pressed={current} onClick={onShow}>
        <span>{c.name}</span>{' '}
        <span className="muted">
          <Trans
            t={t}
            i18nKey="collectionCount"
            values={{ count: c.count }}
            components={{ sr: <span className="org-sr" /> }}
          />
        </span>
      </button>
      {selected ? (
        <button
          type="button"
          className="ghost"
          aria-label={t('addSelectedTo', { count: selected, name: c.name })}
          title={t('addSelectedTitle')}
          onClick={() =>
            void store.addToCollection(c.id, [...useLibraryStore.getState().selection])
          }
        >
          {ADD_MARK}
        </button>
      ) : null}
      <button
        type="button"
        className="ghost"
        aria-label={t('renameCollection', { name: c.name })}
        title={t('rename')}
        onClick={() => setRenaming(true)}
      >
        <Pencil aria-hidden />
      </button>
      <button
        type="button"
        className="ghost"
        aria-label={t('deleteCollection', { name: c.name })}
        title={t('deleteCollectionTitle')}
        onClick={() => {
          if (current) useLibraryStore.getState().setFilter({ collectionId: undefined })
          void store.deleteCollection(c.id)
        }}
      >
        <Trash2 aria-hidden />
      </button>
    </li>
  )
}

/** An inline name field: Enter saves, Escape cancels; a refused name shows its message. */
function NameForm({
  label,
  initial,
  submit,
  save,
  onDone,
}: {
  label: string
  initial: string
  submit: string
  save(name: string): Promise<{ ok: boolean; error?: { message: string } }>
  onDone(): void
}) {
  const { t } = useTranslation('library')
  const id = useId()
  const [name, setName] = useState(initial)
  const [message, setMessage] = useState<string | null>(null)
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => input.current?.focus(), [])

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    if (!name.trim()) return setMessage(t('nameRequired'))
    if (name.trim() === initial) return onDone()
    const r = await save(name.trim())
    if (r.ok) onDone()
    else setMessage(r.error?.message ?? t('nameNotSaved'))
  }

  return (
    <form className="org-name-form" onSubmit={(e) => void onSubmit(e)}>
      <label htmlFor={`${id}-name`} className="org-sr">
        {label}
      </label>
      <input
        ref={input}
        id={`${id}-name`}
        value={name}
        maxLength={80}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-msg` : undefined}
        onChange={(e) => setName(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault()
            onDone()
          }
        }}
      />
      <button type="submit">{submit}</button>
      <button type="button" className="ghost" onClick={onDone}>
        {t('cancel')}
      </button>
      {message ? (
        <p id={`${id}-msg`} className="org-error" role="alert">
          {message}
        </p>
      ) : null}
    </form>
  )
}
