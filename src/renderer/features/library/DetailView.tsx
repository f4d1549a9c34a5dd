import type { LibraryItem } from '@shared/library/types'
import { Download, Star, Trash2 } from 'lucide-react'
import { type KeyboardEvent, useEffect, useRef, useState, type WheelEvent } from 'react'
import { useTranslation } from 'react-i18next'

import { trapTab } from '../../components/focusTrap'
import { originalSrc } from '../../components/media'
import { formatNumber } from '../../i18n/format'
import { useLibraryStore } from '../../stores/library'
import { openViewerFor } from '../viewer/openViewer'
import { FinishPanel } from './finish/FinishPanel'
import {
  describeBatchCell,
  formatBytes,
  formatCost,
  formatDateTime,
  formatDuration,
} from './format'
import { KIND_LABELS } from './labels'
import { organiseKey } from './organise/organiseKeys'
import { OrganisePanel } from './organise/OrganisePanel'
import { FindSimilarButton } from './similar/FindSimilarButton'
import { CLOSE_MARK, MINUS_MARK, NEXT_MARK, NONE_MARK, PLUS_MARK, PREVIOUS_MARK } from './symbols'

/** What a reuse button does beyond emitting the intent: where the user continues. */
export interface DetailViewProps {
  item: LibraryItem
  onClose(): void
  onStep(delta: 1 | -1): void
  onReuse(item: LibraryItem, type: 'reuse-settings' | 'use-as-reference'): void
}

/**
 * One item in full: a zoomable image or a seekable video, every stored fact (the cost as the
 * estimate it is, the batch cell with "Show batch"), and the actions (copy prompt, reuse
 * settings, use as reference, favourite, reveal, open with the OS, delete).
 * A modal dialog: Escape closes, ←/→ step through the grid, focus returns to the grid.
 */
export function DetailView({ item, onClose, onStep, onReuse }: DetailViewProps) {
  const { t } = useTranslation('library')
  const dialog = useRef<HTMLDivElement>(null)
  const closeButton = useRef<HTMLButtonElement>(null)
  const [copied, setCopied] = useState(false)
  const store = useLibraryStore.getState()

  useEffect(() => {
    closeButton.current?.focus()
  }, [item.id])

  const onKeyDown = (e: KeyboardEvent) => {
    const target = e.target as HTMLElement
    const typing =
      target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'VIDEO'
    if (e.key === 'Escape') {
      e.preventDefault()
      onClose()
    } else if (!typing && (e.key === 'ArrowRight' || e.key === 'ArrowLeft') && !e.altKey) {
      e.preventDefault()
      onStep(e.key === 'ArrowRight' ? 1 : -1)
    } else if (
      // 0–5 rate and F favourite this item; the zoom view keeps its own 0 (fit).
      !typing &&
      target.tagName !== 'SELECT' &&
      !target.closest('.lib-zoom-view') &&
      organiseKey(e, [item.id])
    ) {
      e.preventDefault()
    } else trapTab(e, dialog.current)
  }

  /** Closes the dialog (focus back to the grid), then narrows the grid to the item's batch. */
  function showBatch(batchId: string) {
    onClose()
    store.showBatch(batchId)
  }

  async function copyPrompt() {
    try {
      await navigator.clipboard.writeText(item.prompt)
      setCopied(true)
      setTimeout(() => setCopied(false), 1500)
    } catch {
      store.setNotice(t('clipboardUnavailable'))
    }
  }

  return (
    <div className="lib-detail-backdrop">
      <div
        ref={dialog}
        className="lib-detail"
        role="dialog"
        aria-modal="true"
        aria-labelledby="lib-detail-title"
        onKeyDown={onKeyDown}
      >
        <header className="lib-detail-bar">
          <h2 id="lib-detail-title" className="lib-detail-title">
            {item.fileName}
          </h2>
          <div className="row">
            <button type="button" onClick={() => onStep(-1)} aria-label={t('previousItem')}>
              {PREVIOUS_MARK}
            </button>
            <button type="button" onClick={() => onStep(1)} aria-label={t('nextItem')}>
              {NEXT_MARK}
            </button>
            <button type="button" onClick={() => openViewerFor(item.id)}>
              {t('openViewer')}
            </button>
            <button
              ref={closeButton}
              type="button"
              onClick={onClose}
              aria-label={t('closeDetails')}
            >
              {CLOSE_MARK}
            </button>
          </div>
        </header>
        <div className="lib-detail-body">
          <div className="lib-detail-media">
            {item.media === 'video' ? <VideoPlayer item={item} /> : <ZoomableImage item={item} />}
          </div>
          <aside className="lib-detail-info" aria-label={t('details')}>
            {item.problem ? (
              <p className="banner banner-warning" role="status">
                {item.problem}
              </p>
            ) : null}
            <div className="row lib-actions">
              <button
                type="button"
                className="primary"
                onClick={() => onReuse(item, 'reuse-settings')}
              >
                {t('reuseSettings')}
              </button>
              {item.media === 'image' ? (
                <button type="button" onClick={() => onReuse(item, 'use-as-reference')}>
                  {t('useAsReference')}
                </button>
              ) : null}
              {item.media === 'image' ? <FindSimilarButton item={item} onClose={onClose} /> : null}
              <button type="button" onClick={() => void copyPrompt()} disabled={!item.prompt}>
                {copied ? t('copied') : t('copyPrompt')}
              </button>
              <button
                type="button"
                aria-pressed={item.favourite}
                onClick={() => void store.setFavourite(item.id, !item.favourite)}
              >
                <Star aria-hidden fill={item.favourite ? 'currentColor' : 'none'} />
                {t('favourite')}
              </button>
              <button type="button" onClick={() => void store.reveal(item.id)}>
                {t('showInFolder')}
              </button>
              <button type="button" onClick={() => void store.openExternal(item.id)}>
                {t('openExternal')}
              </button>
              <button type="button" onClick={() => void store.exportIds([item.id])}>
                <Download aria-hidden />
                {t('exportEllipsis')}
              </button>
              <button
                type="button"
                className="danger"
                onClick={() => void store.deleteIds([item.id])}
              >
                <Trash2 aria-hidden />
                {t('delete')}
              </button>
            </div>
            <OrganisePanel item={item} />
            <FinishPanel item={item} />
            <h3>{t('prompt')}</h3>
            <p className="lib-prompt" data-testid="detail-prompt">
              {item.prompt || <span className="muted">{t('noPrompt')}</span>}
            </p>
            {item.negativePrompt ? (
              <>
                <h3>{t('negativePrompt')}</h3>
                <p className="lib-prompt">{item.negativePrompt}</p>
              </>
            ) : null}
            <dl className="facts">
              <dt>{t('factKind')}</dt>
              <dd>{t(KIND_LABELS[item.kind])}</dd>
              <dt>{t('modelLabel')}</dt>
              <dd>{item.model || NONE_MARK}</dd>
              <dt>{t('factCreated')}</dt>
              <dd>{formatDateTime(item.createdAt)}</dd>
              {item.width && item.height ? (
                <>
                  <dt>{t('factSize')}</dt>
                  <dd>{t('pixelSize', { width: item.width, height: item.height })}</dd>
                </>
              ) : null}
              {item.durationSec ? (
                <>
                  <dt>{t('factDuration')}</dt>
                  <dd>{formatDuration(item.durationSec)}</dd>
                </>
              ) : null}
              <dt>{t('factSeed')}</dt>
              <dd>{item.seed ?? NONE_MARK}</dd>
              <dt>{t('factCost')}</dt>
              <dd data-testid="detail-cost">{formatCost(item.costEstimate)}</dd>
              {item.batch ? (
                <>
                  <dt>{t('factBatch')}</dt>
                  <dd data-testid="detail-batch">
                    {describeBatchCell(item.batch)}{' '}
                    <button type="button" onClick={() => showBatch(item.batch!.batchId)}>
                      {t('showBatch')}
                    </button>
                  </dd>
                </>
              ) : null}
              {item.sourceTaskId ? (
                <>
                  <dt>{t('factTask')}</dt>
                  <dd className="mono">{item.sourceTaskId}</dd>
                </>
              ) : null}
              <dt>{t('factFile')}</dt>
              <dd className="mono">
                {t('fileAndSize', { path: item.relPath, size: formatBytes(item.bytes) })}
              </dd>
              {item.originalName ? (
                <>
                  <dt>{t('factImportedFrom')}</dt>
                  <dd className="mono">{item.originalName}</dd>
                </>
              ) : null}
              <dt>{t('factSha256')}</dt>
              <dd className="mono">{item.sha256}</dd>
              {item.demo ? (
                <>
                  <dt>{t('factSource')}</dt>
                  <dd>{t('sourceDemo')}</dd>
                </>
              ) : null}
            </dl>
            {Object.keys(item.params).length ? (
              <details>
                <summary>{t('allParameters')}</summary>
                <pre className="lib-params">{JSON.stringify(item.params, null, 2)}</pre>
              </details>
            ) : null}
          </aside>
        </div>
      </div>
    </div>
  )
}

const ZOOMS = [0.25, 0.5, 1, 2, 4, 8]
const PERCENT = { style: 'percent' } as const
const percent = (zoom: number) => formatNumber(zoom, PERCENT)

/** Fit to the panel, or a fixed zoom with scrolling to pan; Ctrl+wheel and +/−/0 keys zoom. */
function ZoomableImage({ item }: { item: LibraryItem }) {
  const { t } = useTranslation('library')
  const [zoom, setZoom] = useState<number | 'fit'>('fit')
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    setZoom('fit')
    setFailed(false)
  }, [item.id])
  const step = (dir: 1 | -1) =>
    setZoom((z) => {
      const current = z === 'fit' ? 1 : z
      const next =
        dir > 0 ? ZOOMS.find((v) => v > current) : [...ZOOMS].reverse().find((v) => v < current)
      return next ?? current
    })
  const onWheel = (e: WheelEvent) => {
    if (!e.ctrlKey) return
    e.preventDefault()
    step(e.deltaY < 0 ? 1 : -1)
  }
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === '+' || e.key === '=') step(1)
    else if (e.key === '-') step(-1)
    else if (e.key === '0') setZoom('fit')
  }
  return (
    <div className="lib-zoom">
      <div className="row lib-zoom-bar" role="group" aria-label={t('zoom')}>
        <button type="button" onClick={() => step(-1)} aria-label={t('zoomOut')}>
          {MINUS_MARK}
        </button>
        <span aria-live="polite" className="lib-zoom-level">
          {zoom === 'fit' ? t('zoomFit') : percent(zoom)}
        </span>
        <button type="button" onClick={() => step(1)} aria-label={t('zoomIn')}>
          {PLUS_MARK}
        </button>
        <button type="button" onClick={() => setZoom('fit')} aria-pressed={zoom === 'fit'}>
          {t('zoomFit')}
        </button>
        <button type="button" onClick={() => setZoom(1)} aria-pressed={zoom === 1}>
          {percent(1)}
        </button>
      </div>
      <div
        className={`lib-zoom-view${zoom === 'fit' ? ' fit' : ''}`}
        tabIndex={0}
        aria-label={t('zoomViewLabel')}
        onWheel={onWheel}
        onKeyDown={onKeyDown}
      >
        {failed ? (
          <p className="muted" role="alert">
            {t('imageFailed')}
          </p>
        ) : (
          <img
            src={originalSrc(item.relPath)}
            alt={item.prompt ? t('imageAlt', { prompt: item.prompt.slice(0, 120) }) : item.fileName}
            style={
              zoom === 'fit' ? undefined : { width: (item.width ?? 512) * zoom, maxWidth: 'none' }
            }
            onError={() => setFailed(true)}
            draggable={false}
          />
        )}
      </div>
    </div>
  )
}

/**
 * The video with native controls (seeking works through HTTP Range on gen-media:). If the video
 * has no poster yet, one frame is grabbed into a canvas and stored as its thumbnail, once.
 */
function VideoPlayer({ item }: { item: LibraryItem }) {
  const { t } = useTranslation('library')
  const ref = useRef<HTMLVideoElement>(null)
  const needsPoster = useLibraryStore((s) => !item.hasThumb && !s.posterVersion[item.id])
  const [failed, setFailed] = useState(false)
  const grabbed = useRef(false)

  useEffect(() => {
    grabbed.current = false
    setFailed(false)
  }, [item.id])

  const grab = () => {
    const video = ref.current
    if (!video || grabbed.current || !needsPoster || !video.videoWidth) return
    grabbed.current = true
    const scale = Math.min(1, 640 / video.videoWidth)
    const canvas = document.createElement('canvas')
    canvas.width = Math.round(video.videoWidth * scale)
    canvas.height = Math.round(video.videoHeight * scale)
    try {
      canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height)
      void useLibraryStore.getState().setPoster(item.id, canvas.toDataURL('image/webp', 0.85))
    } catch {
      // A tainted canvas or a codec without frames: the tile keeps its placeholder.
    }
  }

  if (failed) {
    return (
      <p className="muted" role="alert">
        {t('videoFailed')}
      </p>
    )
  }
  return (
    <video
      ref={ref}
      key={item.id}
      className="lib-video"
      src={originalSrc(item.relPath)}
      controls
      preload="metadata"
      crossOrigin="anonymous"
      aria-label={
        item.prompt ? t('videoAlt', { prompt: item.prompt.slice(0, 120) }) : item.fileName
      }
      onLoadedData={grab}
      onError={() => setFailed(true)}
    />
  )
}
