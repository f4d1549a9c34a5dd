import type { BatchGridView } from '@shared/batch/types'
import type { AppError } from '@shared/result'
import { useEffect, useRef, useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'

import { batchGrid, exportBatchGrid } from '../../api/batch'
import { ErrorBanner } from '../../components/ErrorBanner'
import { Modal } from '../../components/Modal'
import { useBatchStore } from '../../stores/batch'
import { BatchGrid } from './BatchGrid'

/** Waits this long after a batch moves on before asking for its grid again (tasks move in bursts). */
const REFRESH_MS = 400

/**
 * The X/Y grid of one batch in a dialog, kept current while its tasks finish (it refetches when
 * the batch's view in the store changes), with "Export as one image" (main composes the PNG and
 * asks where to save it; the path is shown).
 */
export function BatchGridDialog({ id, onClose }: { id: string; onClose(): void }) {
  const { t } = useTranslation('batch')
  const [view, setView] = useState<BatchGridView | null>(null)
  const [error, setError] = useState<AppError | null>(null)
  const [exporting, setExporting] = useState(false)
  const [saved, setSaved] = useState<string | null>(null)
  const loaded = useRef(false)
  // A string, so the effect below runs only when the batch really moved on.
  const progress = useBatchStore((s) => {
    const b = s.batches[id]
    return b ? `${b.state}:${JSON.stringify(b.counts)}` : ''
  })

  useEffect(() => {
    let live = true
    const timer = setTimeout(
      () =>
        void batchGrid(id).then((r) => {
          if (!live) return
          loaded.current = true
          if (r.ok) setView(r.value)
          else setError(r.error)
        }),
      loaded.current ? REFRESH_MS : 0,
    )
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [id, progress])

  const exportGrid = async () => {
    setExporting(true)
    setSaved(null)
    const r = await exportBatchGrid(id)
    setExporting(false)
    if (!r.ok) setError(r.error)
    else if (r.value) setSaved(r.value.path)
  }

  const title = view?.batch.title || t('gridTitle')
  return (
    <Modal title={title} onClose={onClose} className="batch-grid-dialog" testId="batch-grid-dialog">
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      {view ? <BatchGrid view={view} /> : <p className="muted">{t('gridLoading')}</p>}
      {saved ? (
        <p role="status" data-testid="grid-saved">
          <Trans
            t={t}
            i18nKey="gridSaved"
            values={{ path: saved }}
            components={{ path: <span className="mono" /> }}
          />
        </p>
      ) : null}
      <div className="row batch-actions">
        <button type="button" disabled={!view || exporting} onClick={() => void exportGrid()}>
          {exporting ? t('exporting') : t('gridExport')}
        </button>
        <button type="button" onClick={onClose}>
          {t('close')}
        </button>
      </div>
    </Modal>
  )
}
