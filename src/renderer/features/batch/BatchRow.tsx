import type { BatchState, BatchView } from '@shared/batch/types'
import { KIND_LABELS, STATE_LABELS } from '@shared/tasks/states'
import { useId, useState } from 'react'

import { countsOf, isOpen, savedOf, useBatchStore } from '../../stores/batch'
import { useLibraryStore } from '../../stores/library'
import { useNavigationStore } from '../../stores/navigation'
import { usd } from './spec'

export const BATCH_STATE_LABELS: Readonly<Record<BatchState, string>> = {
  running: 'Running',
  paused: 'Paused',
  cancelled: 'Cancelled',
  done: 'Done',
}

const axisText = (field: string | null, values: readonly string[]) =>
  field ? `${field} (${values.length})` : null

/**
 * One batch in the Tasks screen: what it runs, how far it got (saved of total and the count per
 * state), what it was estimated to cost, and its actions. Cancel asks first and says what it
 * cannot stop: requests already sent finish, are charged and are saved.
 */
export function BatchRow({ batch, onGrid }: { batch: BatchView; onGrid(id: string): void }) {
  const headingId = useId()
  const busy = useBatchStore((s) => s.busy[batch.id])
  const actionError = useBatchStore((s) => s.actionErrors[batch.id])
  const run = useBatchStore((s) => s.run)
  const prioritize = useBatchStore((s) => s.prioritize)
  const showBatch = useLibraryStore((s) => s.showBatch)
  const go = useNavigationStore((s) => s.go)
  const [confirmCancel, setConfirmCancel] = useState(false)
  const saved = savedOf(batch)
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
            {batch.title || 'Untitled batch'}
          </h3>
          <span className={`task-badge batch-badge-${batch.state}`} data-testid="batch-state">
            {BATCH_STATE_LABELS[batch.state]}
          </span>
        </header>
        <p className="muted">
          {KIND_LABELS[batch.kind]} · {batch.model}
          {axes.length > 0 ? ` · ${axes.join(' × ')}` : ''}
          {batch.demo ? ' · demo' : ''}
        </p>
        <div className="task-progress">
          <progress
            max={batch.total}
            value={saved}
            aria-label={`${saved} of ${batch.total} saved`}
          />
          <span data-testid="batch-progress">
            {saved} / {batch.total} saved
          </span>
        </div>
        <p className="batch-counts" data-testid="batch-counts">
          {countsOf(batch)
            .map(([state, n]) => `${n} ${STATE_LABELS[state].toLowerCase()}`)
            .join(' · ')}
          {' · estimated '}
          <span title="Estimated before sending, from the published prices">
            {usd(batch.estimateUsd)}
          </span>
        </p>
        {actionError ? (
          <p className="task-error" role="alert">
            {actionError.message} {actionError.action ?? ''}
          </p>
        ) : null}
        {confirmCancel ? (
          <div className="task-confirm" role="group" aria-label="Confirm cancelling the batch">
            <p>
              The requests not sent yet are cancelled. Requests already sent finish, are charged and
              are saved to the library.
            </p>
            <button
              type="button"
              className="danger"
              disabled={disabled}
              onClick={() => {
                setConfirmCancel(false)
                void run(batch.id, 'cancel')
              }}
            >
              Cancel the rest
            </button>
            <button type="button" onClick={() => setConfirmCancel(false)}>
              Keep going
            </button>
          </div>
        ) : null}
        <div className="task-actions">
          {batch.state === 'running' ? (
            <button type="button" disabled={disabled} onClick={() => void run(batch.id, 'pause')}>
              Pause
            </button>
          ) : null}
          {batch.state === 'paused' ? (
            <button type="button" disabled={disabled} onClick={() => void run(batch.id, 'resume')}>
              Resume
            </button>
          ) : null}
          {isOpen(batch) && (batch.counts.queued ?? 0) > 0 ? (
            <button
              type="button"
              disabled={disabled}
              aria-pressed={batch.priority > 0}
              title="Its waiting requests go before every other batch's and every single task"
              onClick={() => void prioritize(batch.id, batch.priority === 0)}
            >
              {batch.priority > 0 ? 'Running first' : 'Run first'}
            </button>
          ) : null}
          {isOpen(batch) && !confirmCancel ? (
            <button
              type="button"
              className="danger"
              disabled={disabled}
              onClick={() => setConfirmCancel(true)}
            >
              Cancel…
            </button>
          ) : null}
          <button
            type="button"
            onClick={() => {
              showBatch(batch.id)
              go('library')
            }}
          >
            Show in library
          </button>
          {batch.xField || batch.yField ? (
            <button type="button" onClick={() => onGrid(batch.id)}>
              Grid
            </button>
          ) : null}
        </div>
      </article>
    </li>
  )
}
