import type { LibraryItem } from '@shared/library/types'
import { Download, Star, Trash2 } from 'lucide-react'
import { type KeyboardEvent, useEffect, useRef, useState, type WheelEvent } from 'react'

import { trapTab } from '../../components/focusTrap'
import { originalSrc } from '../../components/media'
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
import { organiseKey } from './organise/organiseKeys'
import { OrganisePanel } from './organise/OrganisePanel'
import { FindSimilarButton } from './similar/FindSimilarButton'

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
      store.setNotice('The clipboard is not available; select the prompt text and copy it instead.')
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
            <button type="button" onClick={() => onStep(-1)} aria-label="Previous item">
              ←
            </button>
            <button type="button" onClick={() => onStep(1)} aria-label="Next item">
              →
            </button>
            <button type="button" onClick={() => openViewerFor(item.id)}>
              Open viewer
            </button>
            <button ref={closeButton} type="button" onClick={onClose} aria-label="Close details">
              ✕
            </button>
          </div>
        </header>
        <div className="lib-detail-body">
          <div className="lib-detail-media">
            {item.media === 'video' ? <VideoPlayer item={item} /> : <ZoomableImage item={item} />}
          </div>
          <aside className="lib-detail-info" aria-label="Details">
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
                Reuse settings
              </button>
              {item.media === 'image' ? (
                <button type="button" onClick={() => onReuse(item, 'use-as-reference')}>
                  Use as reference
                </button>
              ) : null}
              {item.media === 'image' ? <FindSimilarButton item={item} onClose={onClose} /> : null}
              <button type="button" onClick={() => void copyPrompt()} disabled={!item.prompt}>
                {copied ? 'Copied' : 'Copy prompt'}
              </button>
              <button
                type="button"
                aria-pressed={item.favourite}
                onClick={() => void store.setFavourite(item.id, !item.favourite)}
              >
                <Star aria-hidden fill={item.favourite ? 'currentColor' : 'none'} />
                Favourite
              </button>
              <button type="button" onClick={() => void store.reveal(item.id)}>
                Show in folder
              </button>
              <button type="button" onClick={() => void store.openExternal(item.id)}>
                Open with system app
              </button>
              <button type="button" onClick={() => void store.exportIds([item.id])}>
                <Download aria-hidden />
                Export…
              </button>
              <button
                type="button"
                className="danger"
                onClick={() => void store.deleteIds([item.id])}
              >
                <Trash2 aria-hidden />
                Delete
              </button>
            </div>
            <OrganisePanel item={item} />
            <FinishPanel item={item} />
            <h3>Prompt</h3>
            <p className="lib-prompt" data-testid="detail-prompt">
              {item.prompt || <span className="muted">No prompt stored</span>}
            </p>
            {item.negativePrompt ? (
              <>
                <h3>Negative prompt</h3>
                <p className="lib-prompt">{item.negativePrompt}</p>
              </>
            ) : null}
            <dl className="facts">
              <dt>Kind</dt>
              <dd>{item.kind}</dd>
              <dt>Model</dt>
              <dd>{item.model || '—'}</dd>
              <dt>Created</dt>
              <dd>{formatDateTime(item.createdAt)}</dd>
              {item.width && item.height ? (
                <>
                  <dt>Size</dt>
                  <dd>
                    {item.width} × {item.height}
                  </dd>
                </>
              ) : null}
              {item.durationSec ? (
                <>
                  <dt>Duration</dt>
                  <dd>{formatDuration(item.durationSec)}</dd>
                </>
              ) : null}
              <dt>Seed</dt>
              <dd>{item.seed ?? '—'}</dd>
              <dt>Estimated cost</dt>
              <dd data-testid="detail-cost">{formatCost(item.costEstimate)}</dd>
              {item.batch ? (
                <>
                  <dt>Batch</dt>
                  <dd data-testid="detail-batch">
                    {describeBatchCell(item.batch)}{' '}
                    <button type="button" onClick={() => showBatch(item.batch!.batchId)}>
                      Show batch
                    </button>
                  </dd>
                </>
              ) : null}
              {item.sourceTaskId ? (
                <>
                  <dt>Task</dt>
                  <dd className="mono">{item.sourceTaskId}</dd>
                </>
              ) : null}
              <dt>File</dt>
              <dd className="mono">
                {item.relPath} ({formatBytes(item.bytes)})
              </dd>
              {item.originalName ? (
                <>
                  <dt>Imported from</dt>
                  <dd className="mono">{item.originalName}</dd>
                </>
              ) : null}
              <dt>SHA-256</dt>
              <dd className="mono">{item.sha256}</dd>
              {item.demo ? (
                <>
                  <dt>Source</dt>
                  <dd>Offline demo (simulator)</dd>
                </>
              ) : null}
            </dl>
            {Object.keys(item.params).length ? (
              <details>
                <summary>All parameters</summary>
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

/** Fit to the panel, or a fixed zoom with scrolling to pan; Ctrl+wheel and +/−/0 keys zoom. */
function ZoomableImage({ item }: { item: LibraryItem }) {
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
      <div className="row lib-zoom-bar" role="group" aria-label="Zoom">
        <button type="button" onClick={() => step(-1)} aria-label="Zoom out">
          −
        </button>
        <span aria-live="polite" className="lib-zoom-level">
          {zoom === 'fit' ? 'Fit' : `${Math.round(zoom * 100)}%`}
        </span>
        <button type="button" onClick={() => step(1)} aria-label="Zoom in">
          +
        </button>
        <button type="button" onClick={() => setZoom('fit')} aria-pressed={zoom === 'fit'}>
          Fit
        </button>
        <button type="button" onClick={() => setZoom(1)} aria-pressed={zoom === 1}>
          100%
        </button>
      </div>
      <div
        className={`lib-zoom-view${zoom === 'fit' ? ' fit' : ''}`}
        tabIndex={0}
        aria-label="Image, use + and − to zoom, arrow keys to pan"
        onWheel={onWheel}
        onKeyDown={onKeyDown}
      >
        {failed ? (
          <p className="muted" role="alert">
            The image file cannot be shown (moved, deleted or damaged). Use Rescan to update the
            library.
          </p>
        ) : (
          <img
            src={originalSrc(item.relPath)}
            alt={item.prompt ? `Image: ${item.prompt.slice(0, 120)}` : item.fileName}
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
        The video cannot be played (moved, deleted, or a format this system cannot decode). Try Open
        with system app.
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
      aria-label={item.prompt ? `Video: ${item.prompt.slice(0, 120)}` : item.fileName}
      onLoadedData={grab}
      onError={() => setFailed(true)}
    />
  )
}
