import './batch.css'

import { useEffect, useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { ErrorBanner } from '../../components/ErrorBanner'
import { sortBatches, useBatchStore } from '../../stores/batch'
import { BatchGridDialog } from './BatchGridDialog'
import { BatchRow } from './BatchRow'

/**
 * The Batches section of the Tasks screen: every batch main reports, newest first, kept live by
 * `batch:updated`, with its progress and actions, and its X/Y grid. Shows nothing until there is a
 * batch, so the Tasks screen stays as it was for those who never run one.
 */
export function BatchesSection() {
  const { t } = useTranslation('batch')
  const headingId = useId()
  const batches = useBatchStore((s) => s.batches)
  const error = useBatchStore((s) => s.error)
  const connect = useBatchStore((s) => s.connect)
  const [gridId, setGridId] = useState<string | null>(null)
  const list = useMemo(() => sortBatches(batches), [batches])

  useEffect(() => connect(), [connect])

  if (list.length === 0 && !error) return null
  return (
    <section className="batches" aria-labelledby={headingId} data-testid="batches">
      <h2 id={headingId}>{t('batches')}</h2>
      <ErrorBanner error={error} />
      <ul className="task-list" aria-label={t('batches')}>
        {list.map((b) => (
          <BatchRow key={b.id} batch={b} onGrid={setGridId} />
        ))}
      </ul>
      {gridId ? <BatchGridDialog id={gridId} onClose={() => setGridId(null)} /> : null}
    </section>
  )
}
