import './library.css'

import type { LibraryItem } from '@shared/library/types'
import { Download, LibraryBig, RefreshCw, SearchX, Trash2, Upload } from 'lucide-react'
import { type ChangeEvent, type DragEvent, useCallback, useEffect, useRef, useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'

import { pathForFile } from '../../api/files'
import { isAreaId } from '../../areas'
import { EmptyState } from '../../components/EmptyState'
import { ErrorBanner } from '../../components/ErrorBanner'
import { isItemDrag } from '../../components/itemDrag'
import { isFiltered, useLibraryStore } from '../../stores/library'
import { useNavigationStore } from '../../stores/navigation'
import { CompareButton } from '../compare/CompareButton'
import { LibraryOverlays } from '../viewer/LibraryOverlays'
import { TileSizeControl } from '../viewer/TileSizeControl'
import { DetailView } from './DetailView'
import { ExportDialog } from './ExportDialog'
import { FilterBar } from './FilterBar'
import { LibraryGrid } from './LibraryGrid'
import { MonthScrubber } from './MonthScrubber'
import { CollectionsSidebar } from './organise/CollectionsSidebar'
import { undoLatest } from './organise/organiseKeys'
import { OrganiseToast } from './organise/OrganiseToast'
import { SelectionOrganise } from './organise/SelectionOrganise'
import { DuplicatesButton, DuplicatesPanel } from './similar/DuplicatesPanel'
import { SimilarStrip } from './similar/SimilarStrip'
import { REMOVE_MARK } from './symbols'
import { UndoToast } from './UndoToast'

/** Which area's form takes an item's settings. */
const AREA_FOR_KIND: Record<string, string> = {
  image: 'images',
  imported: 'images',
  video: 'video',
  art: 'art',
  workbench: 'workbench',
}

/**
 * The library: every saved output, browsable offline. Filter bar, virtualized grid with a month
 * scrubber, detail dialog, multi-select actions, drop-to-import and delete with undo.
 */
export default function LibraryScreen() {
  const { t } = useTranslation('library')
  const init = useLibraryStore((s) => s.init)
  const error = useLibraryStore((s) => s.error)
  const clearError = useLibraryStore((s) => s.clearError)
  const notice = useLibraryStore((s) => s.notice)
  const setNotice = useLibraryStore((s) => s.setNotice)
  const detail = useLibraryStore((s) => s.detail)
  const total = useLibraryStore((s) => s.total)
  const filtered = useLibraryStore((s) => isFiltered(s.filter))
  const [dragging, setDragging] = useState(false)
  const gridWrap = useRef<HTMLDivElement>(null)

  useEffect(() => init(), [init])

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== 'z' || e.shiftKey) return
      const target = e.target as HTMLElement
      if (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA') return
      // The latest of a delete and an organising change (ratings, tags, collections).
      if (undoLatest()) e.preventDefault()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  const open = useCallback((id: string) => void useLibraryStore.getState().openDetail(id), [])

  const close = useCallback(() => {
    useLibraryStore.getState().closeDetail()
    gridWrap.current?.querySelector<HTMLElement>('[role="listbox"]')?.focus()
  }, [])

  const step = useCallback(async (delta: 1 | -1) => {
    const s = useLibraryStore.getState()
    const next = Math.min(s.total - 1, Math.max(0, s.active + delta))
    s.ensure(next, next)
    await s.select(next, 'only')
    s.scrollTo(next)
    const tile = s.tileAt(next)
    if (tile) void s.openDetail(tile.id)
  }, [])

  const reuse = useCallback(
    (item: LibraryItem, type: 'reuse-settings' | 'use-as-reference') => {
      useLibraryStore.getState().reuse(item, type)
      const target = type === 'use-as-reference' ? 'images' : (AREA_FOR_KIND[item.kind] ?? 'images')
      if (isAreaId(target)) {
        useLibraryStore.getState().closeDetail()
        useNavigationStore.getState().go(target)
      } else {
        useLibraryStore
          .getState()
          .setNotice(
            type === 'reuse-settings'
              ? t('reuseSettingsReady', { file: item.fileName })
              : t('referenceReady', { file: item.fileName }),
          )
      }
    },
    [t],
  )

  async function importFiles(files: File[]) {
    const paths = (await Promise.all(files.map((f) => pathForFile(f)))).filter(Boolean)
    if (!paths.length) {
      setNotice(t('importNoPath'))
      return
    }
    await useLibraryStore.getState().importPaths(paths)
  }

  // Grid items dragged over the window carry their files too: those are not an import.
  const hasFiles = (e: DragEvent) =>
    e.dataTransfer.types.includes('Files') && !isItemDrag(e.dataTransfer)
  const onDragOver = (e: DragEvent) => {
    if (!hasFiles(e)) return
    e.preventDefault()
    e.dataTransfer.dropEffect = 'copy'
    if (!dragging) setDragging(true)
  }
  const onDragLeave = (e: DragEvent) => {
    if (e.currentTarget === e.target || !e.currentTarget.contains(e.relatedTarget as Node))
      setDragging(false)
  }
  const onDrop = (e: DragEvent) => {
    if (!hasFiles(e)) return
    e.preventDefault()
    setDragging(false)
    void importFiles([...e.dataTransfer.files])
  }
  const onPick = (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])]
    e.target.value = ''
    if (files.length) void importFiles(files)
  }

  return (
    <section
      className="lib-screen"
      aria-labelledby="library-title"
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      data-testid="library-screen"
    >
      <header className="lib-head">
        <h1 id="library-title">{t('title')}</h1>
        <TileSizeControl />
        <SelectionActions />
      </header>
      <StatusBanner />
      <ErrorBanner error={error} onDismiss={clearError} />
      {notice ? (
        <div className="banner banner-info" role="status" data-testid="library-notice">
          <span>{notice}</span>
          <button
            type="button"
            className="ghost"
            onClick={() => setNotice(null)}
            aria-label={t('dismissMessage')}
          >
            {REMOVE_MARK}
          </button>
        </div>
      ) : null}
      <FilterBar />
      <SimilarStrip />
      <div className="lib-body" ref={gridWrap}>
        <CollectionsSidebar />
        {total === 0 ? (
          <div className="lib-empty">
            {filtered ? (
              <EmptyState
                icon={SearchX}
                title={t('emptyFilteredTitle')}
                hint={t('emptyFilteredHint')}
              />
            ) : (
              <EmptyState icon={LibraryBig} title={t('emptyTitle')} hint={t('emptyHint')} />
            )}
          </div>
        ) : (
          <LibraryGrid onOpen={open} />
        )}
        <MonthScrubber />
      </div>
      <label className="lib-import">
        <span className="btn">
          <Upload aria-hidden />
          {t('importFiles')}
        </span>
        <input
          type="file"
          multiple
          accept="image/png,image/jpeg,image/webp,image/gif,video/mp4,video/webm,video/quicktime"
          onChange={onPick}
        />
      </label>
      {dragging ? (
        <div className="lib-drop" aria-hidden="true">
          {t('dropToImport')}
        </div>
      ) : null}
      {detail ? (
        <DetailView item={detail} onClose={close} onStep={(d) => void step(d)} onReuse={reuse} />
      ) : null}
      <LibraryOverlays />
      <DuplicatesPanel />
      <UndoToast />
      <OrganiseToast />
    </section>
  )
}

function SelectionActions() {
  const { t } = useTranslation('library')
  const selection = useLibraryStore((s) => s.selection)
  const busy = useLibraryStore((s) => s.busy)
  const total = useLibraryStore((s) => s.total)
  const [exporting, setExporting] = useState(false)
  const store = useLibraryStore.getState()
  const n = selection.size
  return (
    <div className="row" role="toolbar" aria-label={t('selectionToolbar')}>
      <span className="muted" aria-live="polite">
        {n ? t('selectedCount', { count: n }) : ''}
      </span>
      <button type="button" onClick={() => void store.selectAll()} disabled={!total}>
        {t('selectAll')}
      </button>
      {n ? (
        <>
          <button type="button" onClick={() => store.clearSelection()}>
            {t('clearSelection')}
          </button>
          <CompareButton />
          <SelectionOrganise />
          <button type="button" onClick={() => setExporting(true)} disabled={busy}>
            <Download aria-hidden />
            {t('exportEllipsis')}
          </button>
          {exporting ? (
            <ExportDialog ids={[...selection]} onClose={() => setExporting(false)} />
          ) : null}
          <button
            type="button"
            className="danger"
            onClick={() => void store.deleteIds([...selection])}
            disabled={busy}
          >
            <Trash2 aria-hidden />
            {t('delete')}
          </button>
        </>
      ) : null}
      <DuplicatesButton />
      <button
        type="button"
        onClick={() => void store.rescan()}
        disabled={busy}
        title={t('rescanTitle')}
      >
        <RefreshCw aria-hidden />
        {t('rescan')}
      </button>
    </div>
  )
}

function StatusBanner() {
  const { t } = useTranslation('library')
  const status = useLibraryStore((s) => s.status)
  if (!status) return null
  return (
    <>
      {status.state !== 'ok' && status.message ? (
        <div
          className={`banner ${status.state === 'readonly' ? 'banner-warning' : 'banner-error'}`}
          role="alert"
        >
          <strong>{status.message}</strong>
        </div>
      ) : null}
      {/* A first index being built (issue #33): how far it got, and any notice about it. */}
      {!status.ready && status.itemCount > 0 ? (
        <div className="banner" role="status" data-testid="library-indexing">
          {t('indexingProgress', { count: status.itemCount })}
        </div>
      ) : null}
      {status.state === 'ok' && status.message ? (
        <div className="banner banner-warning" role="status" data-testid="library-notice">
          {status.message}
        </div>
      ) : null}
      {status.problems.length ? (
        <details className="banner banner-warning lib-problems">
          <summary>{t('unreadableFiles', { count: status.problems.length })}</summary>
          <ul>
            {status.problems.map((p) => (
              <li key={p.relPath}>
                <Trans
                  t={t}
                  i18nKey="unreadableFile"
                  values={{ path: p.relPath, message: p.message }}
                  components={{ path: <span className="mono" /> }}
                />
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </>
  )
}
