import './viewer.css'

import type { LibraryTile } from '@shared/library/types'
import { Star, Trash2, Undo2, X } from 'lucide-react'
import { type KeyboardEvent, useCallback, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'

import { originalSrc } from '../../components/media'
import { useLibraryStore } from '../../stores/library'
import { useLibraryViewStore } from '../../stores/libraryView'
import { formatCount } from '../library/format'
import { overlayKey } from './overlayKeys'
import { fetchItem, useLibraryItem } from './useLibraryItem'
import { useVanished } from './useVanished'
import { useZoomPan } from './useZoomPan'
import { ViewerVideo } from './ViewerVideo'
import { ZoomControls } from './ZoomControls'
import { ZoomPane } from './ZoomPane'

/** Positions loaded around the one shown, so ← / → never wait at the edge of a loaded page. */
const AHEAD = 60

/**
 * The full-window viewer (issue #16): the original file of the item at grid position `pos`,
 * zoomable and pannable, with ← / → through the current filtered set in grid order. Keyboard:
 * ← → step, + − zoom, Ctrl/Cmd+0 fit, Ctrl/Cmd+1 100 %, F favourite, Delete (undo in the bar and
 * Ctrl/Cmd+Z), 0–5 rate (0 clears), Esc closes and gives focus back to
 * where it was (the grid, whose active tile is then the one last shown).
 */
export function Viewer({ pos }: { pos: number }) {
  const { t } = useTranslation('viewer')
  const { t: tc } = useTranslation('common')
  const total = useLibraryStore((s) => s.total)
  const toast = useLibraryStore((s) => s.toast)
  // Re-render when pages arrive; the tile is read through tileAt.
  useLibraryStore((s) => s.blocks)
  useLibraryStore((s) => s.stale)
  const tile: LibraryTile | undefined = useLibraryStore.getState().tileAt(pos)
  const { item, error } = useLibraryItem(tile?.id ?? null, tile?.sha256)
  const vanished = useVanished(tile, pos)
  const zoom = useZoomPan(tile?.id)
  const dialog = useRef<HTMLDivElement>(null)
  const returnTo = useRef<Element | null>(null)
  const openedAt = useRef(pos)

  useEffect(() => {
    // Once: a StrictMode re-run would otherwise remember the dialog itself.
    returnTo.current ??= document.activeElement
    dialog.current?.focus()
  }, [])

  useEffect(() => {
    useLibraryStore.getState().ensure(Math.max(0, pos - AHEAD), pos + AHEAD)
  }, [pos, total])

  useEffect(() => {
    if (total === 0) useLibraryViewStore.getState().closeViewer()
    else if (pos > total - 1) useLibraryViewStore.getState().setViewerPos(total - 1)
  }, [pos, total])

  // The neighbours' records, so the next step shows at once.
  useEffect(() => {
    const s = useLibraryStore.getState()
    for (const p of [pos + 1, pos - 1]) {
      const near = s.tileAt(p)
      if (near) void fetchItem(near.id, near.sha256)
    }
  }, [pos, tile?.id])

  const close = useCallback(() => {
    const lib = useLibraryStore.getState()
    const shown = lib.tileAt(pos)
    useLibraryViewStore.getState().closeViewer()
    if (pos !== openedAt.current && pos < lib.total) lib.scrollTo(pos)
    if (lib.detailId && shown && lib.detailId !== shown.id) void lib.openDetail(shown.id)
    const back = returnTo.current
    const target =
      back instanceof HTMLElement && back.isConnected
        ? back
        : document.querySelector<HTMLElement>('[data-testid="library-grid"]')
    target?.focus()
  }, [pos])

  const step = (delta: 1 | -1) => {
    const next = Math.min(total - 1, Math.max(0, pos + delta))
    if (next !== pos) useLibraryViewStore.getState().setViewerPos(next)
  }
  const favourite = () => {
    if (tile) void useLibraryStore.getState().setFavourite(tile.id, !tile.favourite)
  }
  const remove = () => {
    if (tile) void useLibraryStore.getState().deleteIds([tile.id])
  }
  const rate = (stars: number) => {
    if (tile) void useLibraryStore.getState().setRating(tile.id, stars)
  }

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (overlayKey(e, { close, dialog: dialog.current, zoom }) !== 'free') return
    if ((e.key === 'ArrowRight' || e.key === 'ArrowLeft') && !e.shiftKey) {
      e.preventDefault()
      step(e.key === 'ArrowRight' ? 1 : -1)
    } else if (e.key === 'f' || e.key === 'F') favourite()
    else if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault()
      remove()
    } else if (/^[0-5]$/.test(e.key)) rate(Number(e.key))
  }

  // Common words are read here, outside JSX: the literal-text rule knows only `t` as a translator.
  const loading = tc('loading')
  const undo = tc('undo')
  const title = tile ? tile.promptPreview || tile.fileName : loading
  const rating = tile ? Math.min(5, Math.max(0, Math.round(tile.rating || 0))) : null
  const label = item?.prompt ? item.prompt.slice(0, 160) : (tile?.fileName ?? '')
  return (
    <div
      ref={dialog}
      className="viewer"
      role="dialog"
      aria-modal="true"
      aria-labelledby="viewer-title"
      aria-describedby="viewer-help"
      tabIndex={-1}
      onKeyDown={onKeyDown}
      data-testid="viewer"
    >
      <header className="viewer-bar">
        <h2 id="viewer-title" className="viewer-title" title={title}>
          {title}
        </h2>
        <span className="viewer-pos muted" aria-live="polite" data-testid="viewer-pos">
          {t('position', { pos: formatCount(pos + 1), total: formatCount(total) })}
        </span>
        <div className="row viewer-tools">
          <button
            type="button"
            onClick={() => step(-1)}
            disabled={pos <= 0}
            aria-label={t('previousItem')}
          >
            ←
          </button>
          <button
            type="button"
            onClick={() => step(1)}
            disabled={pos >= total - 1}
            aria-label={t('nextItem')}
          >
            →
          </button>
          {tile?.media !== 'video' ? (
            <ZoomControls
              zoom={zoom}
              label={t('zoom')}
              className="row viewer-zoom"
              levelClassName="viewer-zoom-level"
              testId="viewer-zoom"
            />
          ) : null}
          <button
            type="button"
            onClick={favourite}
            aria-pressed={Boolean(tile?.favourite)}
            disabled={!tile}
          >
            <Star aria-hidden fill={tile?.favourite ? 'currentColor' : 'none'} />
            {t('favourite')}
          </button>
          {rating !== null ? (
            <span className="viewer-rating" role="img" aria-label={t('rating', { rating })}>
              {'★'.repeat(rating)}
              {'☆'.repeat(5 - rating)}
            </span>
          ) : null}
          <button type="button" className="danger" onClick={remove} disabled={!tile}>
            <Trash2 aria-hidden />
            {t('delete')}
          </button>
          <button type="button" className="icon-only" onClick={close} aria-label={t('closeViewer')}>
            <X aria-hidden />
          </button>
        </div>
      </header>
      {toast ? (
        <div className="viewer-undo" role="status">
          <span>{t('deleted', { count: toast.count })}</span>
          <button type="button" onClick={() => void useLibraryStore.getState().undoDelete()}>
            <Undo2 aria-hidden />
            {undo}
          </button>
        </div>
      ) : null}
      {vanished ? (
        <p className="viewer-vanished" role="alert">
          {vanished}
        </p>
      ) : null}
      <div className="viewer-stage">
        {error ? (
          <p className="viewer-message" role="alert">
            {error.message}
          </p>
        ) : !tile || !item || item.id !== tile.id ? (
          <p className="viewer-message muted">{loading}</p>
        ) : item.media === 'video' ? (
          <ViewerVideo
            key={item.id}
            src={originalSrc(item.relPath)}
            label={t('videoLabel', { label })}
          />
        ) : (
          <ZoomPane
            key={item.id}
            view={zoom.view}
            onView={zoom.setView}
            onMetrics={zoom.report}
            label={t('imageLabel', { label })}
            layers={[
              {
                key: item.id,
                src: originalSrc(item.relPath),
                alt: label || item.fileName,
                natural:
                  item.width && item.height ? { width: item.width, height: item.height } : null,
              },
            ]}
          />
        )}
      </div>
      <p id="viewer-help" className="viewer-help muted">
        {t('help')}
      </p>
    </div>
  )
}
