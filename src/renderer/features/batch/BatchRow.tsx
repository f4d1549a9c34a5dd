import type { BatchView } from '@shared/batch/types'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { TASK_KIND_KEYS } from '../../forms/taskStateKeys'
import { countsOf, isOpen, savedOf, useBatchStore } from '../../stores/batch'
import { useLibraryStore } from '../../stores/library'
import { useNavigationStore } from '../../stores/navigation'
import { axisLabel, BATCH_STATE_LABELS, money, SEP, TASK_STATE_COUNTS } from './batchWords'

/** Between the two axes: a symbol, not a word. */
const TIMES = ' × '

/**
 * One batch in the Tasks screen: what it runs, how far it got (saved of total and the count per
 * state), what it was estimated to cost, and its actions. Cancel asks first and says what it
 * cannot stop: requests already sent finish, are charged and are saved.
 */
export function BatchRow({ batch, onGrid }: { batch: BatchView; onGrid(id: string): void }) {
  const { t } = useTranslation('batch')
  const { t: tc } = useTranslation('common')
  const headingId = useId()
  const busy = useBatchStore((s) => s.busy[batch.id])
  const actionError = useBatchStore((s) => s.actionErrors[batch.id])
  const run = useBatchStore((s) => s.run)
  const prioritize = useBatchStore((s) => s.prioritize)
  const showBatch = useLibraryStore((s) => s.showBatch)
  const go = useNavigationStore((s) => s.go)
  const [confirmCancel, setConfirmCancel] = useState(false)
  const saved = savedOf(batch)
  const axisText = (field: BatchView['xField'], values: readonly string[]) =>
    field ? t('axisCount', { field: axisLabel(field, batch.kind), count: values.length }) : null
  const axes = [
    axisText(batch.xField, batch.xValues),
    axisText(batch.yField, batch.yValues),
  ].filter(Boolean)
  const disabled = busy !== undefined

  return (
    <li>
      <article
        className={`batch batch-${batch.state}`}
        aria-labelledby={headingId}
        data-testid="batch"
        data-batch-id={batch.id}
        data-state={batch.state}
      >
        <header className="task-head">
          <h3 id={headingId} className="task-title">
            {batch.title || t('untitled')}
          </h3>
          <span className={`task-badge batch-badge-${batch.state}`} data-testid="batch-state">
            {t(BATCH_STATE_LABELS[batch.state])}
          </span>
        </header>
        <p className="muted">
          {tc(TASK_KIND_KEYS[batch.kind])}
          {SEP}
          {batch.model}
          {axes.length > 0 ? SEP : null}
          {axes.join(TIMES)}
          {batch.demo ? SEP : null}
          {batch.demo ? t('demo') : null}
        </p>
        <div className="task-progress">
          <progress
            max={batch.total}
            value={saved}
            aria-label={t('progressLabel', { saved, total: batch.total })}
          />
          <span data-testid="batch-progress">{t('progress', { saved, total: batch.total })}</span>
        </div>
        <p className="batch-counts" data-testid="batch-counts">
          {countsOf(batch)
            .map(([state, n]) => t(TASK_STATE_COUNTS[state], { count: n }))
            .join(SEP)}
          {SEP}
          <span title={t('estimatedTitle')}>
            {t('estimated', { amount: money(batch.estimateUsd) })}
          </span>
        </p>
        {actionError ? (
          <p className="task-error" role="alert">
            {actionError.message} {actionError.action ?? ''}
          </p>
        ) : null}
        {confirmCancel ? (
          <div className="task-confirm" role="group" aria-label={t('cancelConfirmLabel')}>
            <p>{t('cancelConfirm')}</p>
            <button
              type="button"
              className="danger"
              disabled={disabled}
              onClick={() => {
                setConfirmCancel(false)
                void run(batch.id, 'cancel')
              }}
            >
              {t('cancelRest')}
            </button>
            <button type="button" onClick={() => setConfirmCancel(false)}>
              {t('keepGoing')}
            </button>
          </div>
        ) : null}
        <div className="task-actions">
          {batch.state === 'running' ? (
            <button type="button" disabled={disabled} onClick={() => void run(batch.id, 'pause')}>
              {t('pause')}
            </button>
          ) : null}
          {batch.state === 'paused' ? (
            <button type="button" disabled={disabled} onClick={() => void run(batch.id, 'resume')}>
              {t('resume')}
            </button>
          ) : null}
          {isOpen(batch) && (batch.counts.queued ?? 0) > 0 ? (
            <button
              type="button"
              disabled={disabled}
              aria-pressed={batch.priority > 0}
              title={t('runFirstTitle')}
              onClick={() => void prioritize(batch.id, batch.priority === 0)}
            >
              {batch.priority > 0 ? t('runningFirst') : t('runFirst')}
            </button>
          ) : null}
          {isOpen(batch) && !confirmCancel ? (
            <button
              type="button"
              className="danger"
              disabled={disabled}
              onClick={() => setConfirmCancel(true)}
            >
              {t('cancel')}
            </button>
          ) : null}
          <button
            type="button"
            onClick={() => {
              showBatch(batch.id)
              go('library')
            }}
          >
            {t('showInLibrary')}
          </button>
          {batch.xField || batch.yField ? (
            <button type="button" onClick={() => onGrid(batch.id)}>
              {t('grid')}
            </button>
          ) : null}
        </div>
      </article>
    </li>
  )
}
