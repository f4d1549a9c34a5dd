import { type DragEvent, useEffect, useId, useRef, useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'

import { type SlotId, useGenerateStore } from '../stores/generate'
import { filesOf, refsFromFiles, type Stager } from './addFiles'
import { libraryIdsOf, refFromLibraryId } from './libraryRef'
import { formatBytes, IMAGE_ACCEPT, type RefItem } from './references'

const REORDER_TYPE = 'application/x-gen-studio-reference'

interface Props {
  slot: SlotId
  label: string
  /** What the slot accepts, in words ("1 to 4 images, PNG, JPEG or WebP"). */
  hint: string
  error?: string | null
  /** 1 makes the slot hold a single file that a new one replaces. */
  max: number
  stage: Stager
  disabled?: boolean
  /**
   * Also take images pasted anywhere on the screen (outside text fields). One zone per screen
   * sets this, so a paste never lands in two places.
   */
  pasteAnywhere?: boolean
}

/**
 * Where reference images come in: dropped from the OS, pasted from the clipboard, chosen with the
 * file dialog, sent from the library, or dragged from a result card or library tile. Shows
 * thumbnails with name, size and pixels, lets the user reorder (drag, or the arrow buttons) and
 * remove, and shows the slot's rule and its message.
 */
export function ReferenceDropZone({
  slot,
  label,
  hint,
  error,
  max,
  stage,
  disabled,
  pasteAnywhere,
}: Props) {
  const { t } = useTranslation('common')
  const items = useGenerateStore((s) => s.slots[slot])
  const addRefs = useGenerateStore((s) => s.addRefs)
  const updateRef = useGenerateStore((s) => s.updateRef)
  const removeRef = useGenerateStore((s) => s.removeRef)
  const moveRef = useGenerateStore((s) => s.moveRef)
  const [over, setOver] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  const id = useId()

  const add = (files: File[], origin: RefItem['origin']) => {
    if (files.length === 0) return
    void refsFromFiles(
      max === 1 ? files.slice(-1) : files,
      origin,
      stage,
      (item) => addRefs(slot, [item], max),
      (rid, patch) => updateRef(slot, rid, patch),
    )
  }

  const addRef = useRef(add)
  addRef.current = add
  useEffect(() => {
    if (!pasteAnywhere || disabled) return
    const onPaste = (e: ClipboardEvent) => {
      const target = e.target as HTMLElement | null
      if (target?.closest('input, textarea, select, [contenteditable="true"], .dropzone')) return
      const files = filesOf(e.clipboardData)
      if (files.length === 0) return
      e.preventDefault()
      addRef.current(files, 'paste')
    }
    window.addEventListener('paste', onPaste)
    return () => window.removeEventListener('paste', onPaste)
  }, [pasteAnywhere, disabled])

  const onDrop = (e: DragEvent) => {
    e.preventDefault()
    e.stopPropagation()
    setOver(false)
    if (e.dataTransfer.types.includes(REORDER_TYPE)) return
    const ids = libraryIdsOf(e.dataTransfer)
    if (ids.length > 0) {
      void (async () => {
        for (const id of max === 1 ? ids.slice(-1) : ids)
          addRefs(slot, [await refFromLibraryId(id)], max)
      })()
      return
    }
    add(filesOf(e.dataTransfer), 'drop')
  }

  return (
    <div className="field refs" role="group" aria-labelledby={`${id}-label`}>
      <span className="refs-label" id={`${id}-label`}>
        {label}
      </span>
      <div
        className={`dropzone${over ? ' over' : ''}${error ? ' invalid' : ''}`}
        data-testid={`dropzone-${slot}`}
        tabIndex={0}
        role="region"
        aria-label={t('refsZoneLabel', { label })}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onDragOver={(e) => {
          if (disabled) return
          e.preventDefault()
          e.stopPropagation()
          e.dataTransfer.dropEffect = 'copy'
          setOver(true)
        }}
        onDragLeave={() => setOver(false)}
        onDrop={disabled ? undefined : onDrop}
        onPaste={(e) => {
          const files = filesOf(e.clipboardData)
          if (files.length > 0) {
            e.preventDefault()
            add(files, 'paste')
          }
        }}
      >
        <p className="dropzone-text">
          <Trans
            t={t}
            i18nKey="refsDropText"
            components={{
              choose: (
                <button type="button" disabled={disabled} onClick={() => input.current?.click()} />
              ),
            }}
          />
        </p>
        <input
          ref={input}
          type="file"
          accept={IMAGE_ACCEPT}
          multiple={max > 1}
          hidden
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => {
            add(Array.from(e.target.files ?? []), 'dialog')
            e.target.value = ''
          }}
        />
        {items.length > 0 ? (
          <ol className="thumbs" aria-label={t('refsListLabel', { label })}>
            {items.map((item, i) => (
              <Thumb
                key={item.id}
                item={item}
                index={i}
                count={items.length}
                onRemove={() => removeRef(slot, item.id)}
                onMove={(delta) => moveRef(slot, item.id, delta)}
                onDropOn={(dragged) => {
                  const from = items.findIndex((r) => r.id === dragged)
                  if (from >= 0 && from !== i) moveRef(slot, dragged, i - from)
                }}
              />
            ))}
          </ol>
        ) : null}
      </div>
      <p className="field-hint" id={`${id}-hint`}>
        {t('refsHint', { hint, count: items.length, max })}
      </p>
      {error ? (
        <p className="field-error" id={`${id}-error`} role="alert" data-testid={`error-${slot}`}>
          {error}
        </p>
      ) : null}
    </div>
  )
}

function Thumb({
  item,
  index,
  count,
  onRemove,
  onMove,
  onDropOn,
}: {
  item: RefItem
  index: number
  count: number
  onRemove(): void
  onMove(delta: number): void
  onDropOn(draggedId: string): void
}) {
  const { t } = useTranslation('common')
  const size = formatBytes(item.bytes)
  const preparing = item.path === null && !item.problem
  return (
    <li
      className={`thumb${item.problem ? ' invalid' : ''}`}
      draggable
      data-testid="reference-thumb"
      onDragStart={(e) => {
        e.dataTransfer.setData(REORDER_TYPE, item.id)
        e.dataTransfer.effectAllowed = 'move'
      }}
      onDragOver={(e) => {
        if (e.dataTransfer.types.includes(REORDER_TYPE)) {
          e.preventDefault()
          e.stopPropagation()
        }
      }}
      onDrop={(e) => {
        const dragged = e.dataTransfer.getData(REORDER_TYPE)
        if (dragged) {
          e.preventDefault()
          e.stopPropagation()
          onDropOn(dragged)
        }
      }}
    >
      {item.thumb ? (
        <img
          src={item.thumb}
          alt={t('refThumbAlt', { number: index + 1, name: item.name })}
          draggable={false}
        />
      ) : (
        <div className="thumb-missing" aria-hidden="true">
          ?
        </div>
      )}
      <span className="thumb-name" title={item.name}>
        {t('refThumbName', { number: index + 1, name: item.name })}
      </span>
      <span className="thumb-meta">
        {item.width && item.height
          ? t('refThumbMetaDims', {
              size,
              width: item.width,
              height: item.height,
              preparing: preparing ? 'yes' : 'no',
            })
          : t('refThumbMeta', { size, preparing: preparing ? 'yes' : 'no' })}
      </span>
      {item.problem ? <span className="thumb-problem">{item.problem}</span> : null}
      <span className="thumb-actions">
        <button
          type="button"
          className="ghost"
          aria-label={t('refMoveEarlier', { name: item.name })}
          disabled={index === 0}
          onClick={() => onMove(-1)}
        >
          ←
        </button>
        <button
          type="button"
          className="ghost"
          aria-label={t('refMoveLater', { name: item.name })}
          disabled={index === count - 1}
          onClick={() => onMove(1)}
        >
          →
        </button>
        <button
          type="button"
          className="ghost"
          aria-label={t('refRemove', { name: item.name })}
          onClick={onRemove}
        >
          ×
        </button>
      </span>
    </li>
  )
}
