import './similar.css'

import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'

import { thumbSrc } from '../../../components/media'
import { useLibraryStore } from '../../../stores/library'
import { useSimilarStore } from '../../../stores/similar'
import { CLOSE_MARK, IDENTICAL_MARK } from '../symbols'
import { closenessKey, useLiveRefresh } from './useLiveRefresh'

/**
 * "Find similar" results: a strip above the grid with the images that look like the one asked
 * about, nearest first. Each opens the detail view; Close (or Escape in the strip) goes back to
 * the grid alone. Focus moves to the strip's heading when it opens, and its status is announced.
 */
export function SimilarStrip() {
  const { t } = useTranslation('library')
  const similar = useSimilarStore((s) => s.similar)
  const refresh = useSimilarStore((s) => s.refreshSimilar)
  const heading = useRef<HTMLHeadingElement>(null)
  const view = similar?.view ?? null
  useLiveRefresh(similar !== null, refresh, view?.analysing ?? false, view)

  const id = similar?.id
  useEffect(() => {
    if (id) heading.current?.focus()
  }, [id])

  if (!similar) return null
  const hits = view?.hits ?? []
  const close = () => {
    useSimilarStore.getState().closeSimilar()
    document.querySelector<HTMLElement>('[data-testid="library-grid"] [role="listbox"]')?.focus()
  }
  const status = view
    ? t('similarStatus', {
        hits: hits.length,
        analysing: view.analysing ? 'yes' : 'no',
        pending: view.pending,
      })
    : t('similarLooking')
  return (
    <section
      className="lib-similar"
      aria-labelledby="lib-similar-title"
      data-testid="similar-strip"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault()
          close()
        }
      }}
    >
      <header className="lib-similar-head">
        <h2 id="lib-similar-title" ref={heading} tabIndex={-1}>
          {t('similarTitle', { file: similar.fileName })}
        </h2>
        <span className="muted" role="status" aria-live="polite">
          {status}
        </span>
        <button type="button" className="ghost" onClick={close} aria-label={t('closeSimilar')}>
          {CLOSE_MARK}
        </button>
      </header>
      {hits.length ? (
        <ul className="lib-similar-list">
          {hits.map(({ tile, distance }) => (
            <li key={tile.id}>
              <button
                type="button"
                className="lib-similar-item"
                title={t('similarHitTitle', { file: tile.fileName, distance })}
                aria-label={t('similarHitLabel', {
                  file: tile.fileName,
                  closeness: t(closenessKey(distance)),
                  distance,
                })}
                onClick={() => void useLibraryStore.getState().openDetail(tile.id)}
              >
                <img src={thumbSrc(tile.id, tile.sha256)} alt="" loading="lazy" draggable={false} />
                <span className="lib-similar-badge" aria-hidden="true">
                  {distance === 0 ? IDENTICAL_MARK : distance}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
