import './similar.css'

import { defineKeys } from '@shared/i18n/keys'
import type { DuplicateGroup } from '@shared/library/similar'
import { type KeyboardEvent, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'

import { trapTab } from '../../../components/focusTrap'
import { thumbSrc } from '../../../components/media'
import { useLibraryStore } from '../../../stores/library'
import { DUPLICATE_LEVELS, useSimilarStore } from '../../../stores/similar'
import { formatDateTime } from '../format'
import { CLOSE_MARK } from '../symbols'
import { useLiveRefresh } from './useLiveRefresh'

/** The toolbar button that opens the duplicates panel. */
export function DuplicatesButton() {
  const { t } = useTranslation('library')
  return (
    <button
      type="button"
      data-duplicates-button
      onClick={() => void useSimilarStore.getState().openDuplicates()}
      title={t('duplicatesButtonTitle')}
    >
      {t('duplicates')}
    </button>
  )
}

/** The match levels of the store, by their distance. */
const LEVEL_LABELS = defineKeys('library', {
  0: 'matchIdentical',
  8: 'matchNear',
  12: 'matchLoose',
}) satisfies Record<(typeof DUPLICATE_LEVELS)[number]['distance'], string>

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
  const { t } = useTranslation('library')
  const duplicates = useSimilarStore((s) => s.duplicates)!
  const refresh = useSimilarStore((s) => s.refreshDuplicates)
  const toast = useLibraryStore((s) => s.toast)
  const dialog = useRef<HTMLDivElement>(null)
  const closeButton = useRef<HTMLButtonElement>(null)
  const { view, loading, maxDistance, progress } = duplicates
  useLiveRefresh(true, refresh, view?.analysing ?? false, view)

  useEffect(() => {
    closeButton.current?.focus()
  }, [])
  useEffect(() => useSimilarStore.getState().watchDuplicatesProgress(), [])

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

  const status =
    loading && progress !== null && progress < 1
      ? t('duplicatesComparing', { percent: Math.floor(progress * 100) })
      : view
        ? t('duplicatesStatus', {
            groups: view.totalGroups,
            more: view.totalGroups > view.groups.length ? 'yes' : 'no',
            shown: view.groups.length,
            analysing: view.analysing ? 'yes' : 'no',
            pending: view.pending,
          })
        : t('duplicatesLooking')

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
            {t('duplicates')}
          </h2>
          <label className="row">
            <span>{t('match')}</span>
            <select
              value={maxDistance}
              onChange={(e) =>
                void useSimilarStore.getState().openDuplicates(Number(e.target.value))
              }
            >
              {DUPLICATE_LEVELS.map((l) => (
                <option key={l.distance} value={l.distance}>
                  {t(LEVEL_LABELS[l.distance])}
                </option>
              ))}
            </select>
          </label>
          <button ref={closeButton} type="button" onClick={close} aria-label={t('closeDuplicates')}>
            {CLOSE_MARK}
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
              {t('undoDelete', { count: toast.count })}
            </button>
          ) : null}
        </div>
        <div className="lib-dupes-groups">
          {view?.groups.map((group, gi) => (
            <section
              key={group.members[0]!.tile.id}
              className="lib-dupes-group"
              aria-label={t('duplicateGroup', {
                n: gi + 1,
                of: view.groups.length,
                count: group.members.length,
              })}
            >
              <ul>
                {group.members.map((m, mi) => (
                  <li key={m.tile.id} className="lib-dupes-member">
                    <img
                      src={thumbSrc(m.tile.id, m.tile.sha256)}
                      alt={
                        m.tile.promptPreview
                          ? t('imageAlt', { prompt: m.tile.promptPreview })
                          : m.tile.fileName
                      }
                      loading="lazy"
                      draggable={false}
                    />
                    <div className="lib-dupes-facts">
                      <span className="mono">{m.tile.fileName}</span>
                      <span className="muted">
                        {m.tile.width && m.tile.height
                          ? t('sizeAndDate', {
                              width: m.tile.width,
                              height: m.tile.height,
                              date: formatDateTime(m.tile.createdAt),
                            })
                          : formatDateTime(m.tile.createdAt)}
                      </span>
                      <span className="muted">
                        {mi === 0
                          ? t('suggestedToKeep')
                          : m.sameFile
                            ? t('sameFile')
                            : m.distance === 0
                              ? t('looksIdentical')
                              : t('bitsDiffer', { distance: m.distance })}
                      </span>
                    </div>
                    <button
                      type="button"
                      className={mi === 0 ? 'primary' : undefined}
                      aria-label={t('keepThisLabel', {
                        file: m.tile.fileName,
                        count: group.members.length - 1,
                      })}
                      onClick={() => void keep(group, gi, m.tile.id)}
                    >
                      {t('keepThis')}
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
