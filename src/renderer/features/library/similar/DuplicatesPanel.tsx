import './similar.css'

import type { DuplicateGroup } from '@shared/library/similar'
import { type KeyboardEvent, useEffect, useRef } from 'react'

import { trapTab } from '../../../components/focusTrap'
import { thumbSrc } from '../../../components/media'
import { useLibraryStore } from '../../../stores/library'
import { DUPLICATE_LEVELS, useSimilarStore } from '../../../stores/similar'
import { formatCount, formatDateTime } from '../format'
import { useLiveRefresh } from './useLiveRefresh'

/** The toolbar button that opens the duplicates panel. */
export function DuplicatesButton() {
  return (
    <button
      type="button"
      data-duplicates-button
      onClick={() => void useSimilarStore.getState().openDuplicates()}
      title="Find near-identical images and keep one of each"
    >
      Duplicates
    </button>
  )
}

const plural = (n: number, one: string, many = `${one}s`) =>
  `${formatCount(n)} ${n === 1 ? one : many}`

/**
 * The duplicates view: groups of near-identical images (resized, re-saved or byte-identical
 * copies), the suggested one to keep first (most pixels, then oldest). "Keep this one" deletes
 * the others through the library's delete, so they can be restored with Undo (the button here,
 * the toast, or Ctrl/Cmd+Z). A modal dialog: Escape closes, Tab stays inside, focus returns to
 * the Duplicates button.
 */
export function DuplicatesPanel() {
  const open = useSimilarStore((s) => s.duplicates !== null)
  // Leaving the library closes it, so coming back shows the grid (as the viewer does).
  useEffect(() => () => useSimilarStore.getState().closeDuplicates(), [])
  return open ? <DuplicatesDialog /> : null
}

function DuplicatesDialog() {
  const duplicates = useSimilarStore((s) => s.duplicates)!
  const refresh = useSimilarStore((s) => s.refreshDuplicates)
  const toast = useLibraryStore((s) => s.toast)
  const dialog = useRef<HTMLDivElement>(null)
  const closeButton = useRef<HTMLButtonElement>(null)
  const { view, loading, maxDistance } = duplicates
  useLiveRefresh(true, refresh, view?.analysing ?? false, view)

  useEffect(() => {
    closeButton.current?.focus()
  }, [])

  const close = () => {
    useSimilarStore.getState().closeDuplicates()
    document.querySelector<HTMLElement>('[data-duplicates-button]')?.focus()
  }

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault()
      close()
    } else trapTab(e, dialog.current)
  }

  async function keep(group: DuplicateGroup, index: number, keepId: string) {
    const others = group.members.map((m) => m.tile.id).filter((id) => id !== keepId)
    // Focus goes to the next group (or the status) before this one leaves the page.
    const groups = [...(dialog.current?.querySelectorAll<HTMLElement>('.lib-dupes-group') ?? [])]
    const next = groups[index + 1] ?? groups[index - 1]
    ;(next?.querySelector<HTMLElement>('button') ?? closeButton.current)?.focus()
    useSimilarStore.getState().dropFromDuplicates(others)
    await useLibraryStore.getState().deleteIds(others)
    if (useLibraryStore.getState().error) await refresh()
  }

  let status = 'Looking for duplicates…'
  if (view) {
    status = view.totalGroups
      ? `${plural(view.totalGroups, 'group')} of duplicates.`
      : 'No duplicates found.'
    if (view.totalGroups > view.groups.length)
      status += ` Showing the ${formatCount(view.groups.length)} largest.`
    if (view.analysing)
      status += ` Still analysing ${plural(view.pending, 'image')}; this list updates.`
  }

  return (
    <div className="lib-detail-backdrop lib-dupes-backdrop">
      <div
        ref={dialog}
        className="lib-dupes"
        role="dialog"
        aria-modal="true"
        aria-labelledby="lib-dupes-title"
        aria-describedby="lib-dupes-status"
        onKeyDown={onKeyDown}
        data-testid="duplicates-panel"
      >
        <header className="lib-detail-bar">
          <h2 id="lib-dupes-title" className="lib-detail-title">
            Duplicates
          </h2>
          <label className="row">
            <span>Match</span>
            <select
              value={maxDistance}
              onChange={(e) =>
                void useSimilarStore.getState().openDuplicates(Number(e.target.value))
              }
            >
              {DUPLICATE_LEVELS.map((l) => (
                <option key={l.distance} value={l.distance}>
                  {l.label}
                </option>
              ))}
            </select>
          </label>
          <button ref={closeButton} type="button" onClick={close} aria-label="Close duplicates">
            ✕
          </button>
        </header>
        <div className="lib-dupes-status row">
          <p id="lib-dupes-status" role="status" aria-live="polite" aria-busy={loading}>
            {status}
          </p>
          {toast ? (
            <button
              type="button"
              onClick={() => {
                // This button goes with the toast: focus stays in the dialog.
                closeButton.current?.focus()
                void useLibraryStore.getState().undoDelete()
              }}
            >
              Undo delete of {plural(toast.count, 'item')}
            </button>
          ) : null}
        </div>
        <div className="lib-dupes-groups">
          {view?.groups.map((group, gi) => (
            <section
              key={group.members[0]!.tile.id}
              className="lib-dupes-group"
              aria-label={`Group ${gi + 1} of ${view.groups.length}: ${plural(group.members.length, 'image')}`}
            >
              <ul>
                {group.members.map((m, mi) => (
                  <li key={m.tile.id} className="lib-dupes-member">
                    <img
                      src={thumbSrc(m.tile.id, m.tile.sha256)}
                      alt={
                        m.tile.promptPreview ? `Image: ${m.tile.promptPreview}` : m.tile.fileName
                      }
                      loading="lazy"
                      draggable={false}
                    />
                    <div className="lib-dupes-facts">
                      <span className="mono">{m.tile.fileName}</span>
                      <span className="muted">
                        {m.tile.width && m.tile.height
                          ? `${m.tile.width} × ${m.tile.height} · `
                          : ''}
                        {formatDateTime(m.tile.createdAt)}
                      </span>
                      <span className="muted">
                        {mi === 0
                          ? 'Suggested to keep'
                          : m.sameFile
                            ? 'The same file'
                            : m.distance === 0
                              ? 'Looks identical (another file)'
                              : `${m.distance} of 64 bits differ`}
                      </span>
                    </div>
                    <button
                      type="button"
                      className={mi === 0 ? 'primary' : undefined}
                      aria-label={`Keep ${m.tile.fileName}, delete the other ${plural(group.members.length - 1, 'image')}`}
                      onClick={() => void keep(group, gi, m.tile.id)}
                    >
                      Keep this one
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </div>
    </div>
  )
}
