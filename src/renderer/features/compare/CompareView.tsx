import './compare.css'

import type { LibraryItem } from '@shared/library/types'
import { type KeyboardEvent, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { originalSrc } from '../../components/media'
import { useLibraryViewStore } from '../../stores/libraryView'
import { overlayKey } from '../viewer/overlayKeys'
import { useLibraryItems } from '../viewer/useLibraryItem'
import { useZoomPan } from '../viewer/useZoomPan'
import { ZoomControls } from '../viewer/ZoomControls'
import { type PaneLayer, ZoomPane } from '../viewer/ZoomPane'
import { AbSlider } from './AbSlider'
import { CompareTable, LETTERS } from './CompareTable'

type Mode = 'side' | 'ab'

/** The close button's mark (its name is said by aria-label). */
const CLOSE_MARK = '✕'

const layerOf = (item: LibraryItem, i: number): PaneLayer => ({
  key: item.id,
  src: originalSrc(item.relPath),
  alt: `${LETTERS[i]}: ${item.prompt ? item.prompt.slice(0, 120) : item.fileName}`,
  natural: item.width && item.height ? { width: item.width, height: item.height } : null,
})

/**
 * Compare (issue #16): 2–4 library items side by side with one zoom and pan for all panes (the
 * same part of each image, whatever its resolution), or exactly two with an A/B slider; below,
 * the settings table with the differing rows highlighted and prompts diffed word by word
 * against A. A modal dialog: Esc closes and gives focus back to the Compare button.
 */
export function CompareView({ ids }: { ids: readonly string[] }) {
  const { t } = useTranslation('compare')
  const { t: tc } = useTranslation('common')
  const { items, error } = useLibraryItems(ids)
  const zoom = useZoomPan(ids.join(','))
  const [mode, setMode] = useState<Mode>('side')
  const [split, setSplit] = useState(50)
  const dialog = useRef<HTMLDivElement>(null)
  const returnTo = useRef<Element | null>(null)

  useEffect(() => {
    // Once: a StrictMode re-run would otherwise remember the dialog itself.
    returnTo.current ??= document.activeElement
    dialog.current?.focus()
  }, [])

  const close = () => {
    useLibraryViewStore.getState().closeCompare()
    const back = returnTo.current
    if (back instanceof HTMLElement && back.isConnected) back.focus()
    else document.querySelector<HTMLElement>('[data-testid="library-grid"]')?.focus()
  }

  const allImages = items?.every((i) => i.media === 'image') ?? false
  const abPossible = items?.length === 2 && allImages
  const shownMode: Mode = abPossible ? mode : 'side'

  // Read outside JSX: the literal-text rule knows only `t` as a translator.
  const loading = tc('loading')

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    overlayKey(e, { close, dialog: dialog.current, zoom })
  }

  return (
    <div
      ref={dialog}
      className="cmp"
      role="dialog"
      aria-modal="true"
      aria-labelledby="cmp-title"
      tabIndex={-1}
      onKeyDown={onKeyDown}
      data-testid="compare"
    >
      <header className="cmp-bar">
        <h2 id="cmp-title" className="cmp-title">
          {t('title', { count: ids.length })}
        </h2>
        <div className="row">
          <div className="row cmp-modes" role="group" aria-label={t('layout')}>
            <button
              type="button"
              aria-pressed={shownMode === 'side'}
              onClick={() => setMode('side')}
            >
              {t('sideBySide')}
            </button>
            <button
              type="button"
              aria-pressed={shownMode === 'ab'}
              onClick={() => setMode('ab')}
              disabled={!abPossible}
              title={abPossible ? undefined : t('abOnlyTwo')}
            >
              {t('abSlider')}
            </button>
          </div>
          <ZoomControls
            zoom={zoom}
            label={t('zoomAll')}
            className="row"
            levelClassName="cmp-zoom-level"
            testId="compare-zoom"
          />
          <button type="button" onClick={close} aria-label={t('close')}>
            {CLOSE_MARK}
          </button>
        </div>
      </header>
      {error ? (
        <p className="cmp-message" role="alert">
          {error.message}
        </p>
      ) : !items ? (
        <p className="cmp-message muted">{loading}</p>
      ) : (
        <div className="cmp-body">
          <div className="cmp-stage">
            {shownMode === 'ab' ? (
              <AbSlider
                a={layerOf(items[0]!, 0)}
                b={layerOf(items[1]!, 1)}
                split={split}
                onSplit={setSplit}
                view={zoom.view}
                onView={zoom.setView}
                onMetrics={zoom.report}
              />
            ) : (
              <div className={`cmp-panes cmp-panes-${items.length}`}>
                {items.map((item, i) => (
                  <figure key={item.id} className="cmp-pane">
                    <figcaption>
                      <strong>{LETTERS[i]}</strong> {item.fileName}
                    </figcaption>
                    {item.media === 'video' ? (
                      <video
                        className="cmp-video"
                        src={originalSrc(item.relPath)}
                        controls
                        muted
                        preload="metadata"
                        crossOrigin="anonymous"
                        aria-label={layerOf(item, i).alt}
                      />
                    ) : (
                      <ZoomPane
                        view={zoom.view}
                        onView={zoom.setView}
                        onMetrics={i === 0 ? zoom.report : undefined}
                        layers={[layerOf(item, i)]}
                        label={layerOf(item, i).alt}
                      />
                    )}
                  </figure>
                ))}
              </div>
            )}
          </div>
          <div className="cmp-settings">
            <CompareTable items={items} />
          </div>
        </div>
      )}
    </div>
  )
}
