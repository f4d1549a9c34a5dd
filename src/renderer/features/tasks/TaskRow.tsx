import { taskActions } from '@shared/tasks/actions'
import { isTerminal, KIND_LABELS, STATE_LABELS } from '@shared/tasks/states'
import type { TaskView } from '@shared/tasks/views'
import { Ban, CopyPlus, Maximize2, RotateCcw, X } from 'lucide-react'
import { type LiHTMLAttributes, type ReactNode, useId, useState } from 'react'

import { trapTab } from '../../components/focusTrap'
import { originalSrc } from '../../components/media'
import { RepeatNotice } from '../../forms/RepeatNotice'
import { useTasksStore } from '../../stores/tasks'
import { adviceFor, elapsedOf, formatElapsed, priceLabel, statusLine } from './format'
import { ReportProblem } from './ReportProblem'

/**
 * One task: what it is, where it stands, what it cost, what went wrong, and what can be done. A
 * queued task's row gets the queue's item props (drag, keys) and controls from the screen.
 */
export function TaskRow({
  task,
  now,
  item,
  controls,
}: {
  task: TaskView
  now: number
  item?: LiHTMLAttributes<HTMLLIElement>
  controls?: ReactNode
}) {
  const headingId = useId()
  const actions = taskActions(task)
  const busy = useTasksStore((s) => s.busy[task.id])
  const actionError = useTasksStore((s) => s.actionErrors[task.id])
  const run = useTasksStore((s) => s.run)
  const clearActionError = useTasksStore((s) => s.clearActionError)
  const openResult = useTasksStore((s) => s.openResult)
  const [confirmRetry, setConfirmRetry] = useState(false)
  const active = !isTerminal(task.state) && task.state !== 'needs_attention'
  const pct = task.progress !== null ? Math.round(task.progress * 100) : null
  const quoteWait =
    task.state === 'needs_attention' &&
    (task.attention === 'quote_changed' || task.attention === 'price_above_estimate')

  return (
    <li {...item}>
      <article
        className={`task task-${task.state}`}
        aria-labelledby={headingId}
        data-testid="task"
        data-task-id={task.id}
        data-state={task.state}
      >
        <header className="task-head">
          <h2 id={headingId} className="task-title">
            {KIND_LABELS[task.kind]} · {task.model}
          </h2>
          <span className={`task-badge badge-${task.state}`} data-testid="task-state">
            {STATE_LABELS[task.state]}
          </span>
        </header>
        <p className="task-prompt" title={task.prompt}>
          {task.prompt || <span className="muted">(no prompt)</span>}
        </p>
        {task.batch ? (
          <p className="muted" data-testid="task-batch">
            {batchPlace(task.batch)}
          </p>
        ) : null}

        <div className="task-progress">
          {active ? (
            pct !== null ? (
              <progress max={100} value={pct} aria-label={`Progress ${pct} %`} />
            ) : (
              <progress aria-label="In progress" />
            )
          ) : (
            <progress
              max={100}
              value={task.state === 'saved' ? 100 : (pct ?? 0)}
              aria-label={task.state === 'saved' ? 'Complete' : 'Stopped'}
            />
          )}
          <span className="task-status" data-testid="task-status">
            {statusLine(task)}
          </span>
        </div>

        <dl className="task-facts">
          <div>
            <dt>Elapsed</dt>
            <dd data-testid="task-elapsed">{formatElapsed(elapsedOf(task, now))}</dd>
          </div>
          <div>
            <dt>Estimate</dt>
            <dd title="Estimated before sending, from the published prices">{task.costLabel}</dd>
          </div>
          {task.quote ? (
            <div>
              <dt>Accepted price</dt>
              <dd>{priceLabel(task.quote.priceUsd)}</dd>
            </div>
          ) : null}
          {task.attempts > 1 ? (
            <div>
              <dt>Sent</dt>
              <dd title="Every attempt used the same request key, so it is charged at most once">
                {task.attempts}× with the same key
              </dd>
            </div>
          ) : null}
          {task.serverId ? (
            <div>
              <dt>Service task</dt>
              <dd className="mono">{task.serverId}</dd>
            </div>
          ) : null}
        </dl>

        {task.notice && !isTerminal(task.state) ? (
          <p className="task-notice" role="status">
            {task.notice.message}
            {task.notice.retryAfterMs ? ' Waiting as the service asked.' : ' Retrying by itself.'}
          </p>
        ) : null}

        {task.error ? (
          <div className="task-error" role="alert" data-testid="task-error">
            <strong>{task.error.message}</strong>
            {task.error.fields ? (
              <ul>
                {Object.entries(task.error.fields).map(([field, message]) => (
                  <li key={field}>
                    <span className="mono">{field}</span>: {message}
                  </li>
                ))}
              </ul>
            ) : null}
            {adviceFor(task.error) ? <p>{adviceFor(task.error)}</p> : null}
          </div>
        ) : null}

        {quoteWait && task.pendingQuote ? (
          <div className="task-quote" role="group" aria-label="Price confirmation">
            <p>
              {task.attention === 'quote_changed'
                ? 'The quote expired and the service now asks a different price.'
                : 'The service quotes more than the estimate shown before sending.'}{' '}
              Before:{' '}
              <strong>{task.quote ? priceLabel(task.quote.priceUsd) : task.costLabel}</strong>
              {' → '}now:{' '}
              <strong data-testid="new-price">{priceLabel(task.pendingQuote.priceUsd)}</strong>
            </p>
          </div>
        ) : null}

        {task.preview && task.results.length === 0 ? (
          <img
            className="task-preview"
            src={task.preview}
            alt="Live preview of the image being generated"
          />
        ) : null}

        {actionError?.code === 'repeat' && actionError.repeat ? (
          <RepeatNotice
            repeat={actionError.repeat}
            onAgain={() => run(task.id, 'retryAnyway').then(() => {})}
            onDismiss={() => clearActionError(task.id)}
          />
        ) : actionError ? (
          <p className="task-error" role="alert">
            {actionError.message} {actionError.action ?? ''}
          </p>
        ) : null}

        {confirmRetry ? (
          <div className="task-confirm" role="group" aria-label="Confirm retry as new">
            <p>This sends the same request as a new generation. It is charged again.</p>
            <button
              type="button"
              className="primary"
              disabled={busy !== undefined}
              onClick={() => {
                setConfirmRetry(false)
                void run(task.id, 'retryAsNew')
              }}
            >
              Start new generation
            </button>
            <button type="button" onClick={() => setConfirmRetry(false)}>
              Keep as is
            </button>
          </div>
        ) : null}

        <div className="task-actions">
          {controls}
          {actions.openResult ? (
            <button
              type="button"
              className="primary"
              disabled={busy !== undefined}
              onClick={(e) => {
                viewerOpener = e.currentTarget
                void openResult(task.id)
              }}
            >
              <Maximize2 aria-hidden />
              Open result
            </button>
          ) : null}
          {actions.confirmQuote && task.pendingQuote ? (
            <button
              type="button"
              className="primary"
              disabled={busy !== undefined}
              onClick={() => void run(task.id, 'confirmQuote', task.pendingQuote!.quoteId)}
            >
              Accept {priceLabel(task.pendingQuote.priceUsd)}
            </button>
          ) : null}
          {actions.resume ? (
            <button
              type="button"
              disabled={busy !== undefined}
              onClick={() => void run(task.id, 'resume')}
            >
              <RotateCcw aria-hidden />
              Try again
            </button>
          ) : null}
          {actions.retryAsNew && !confirmRetry ? (
            <button
              type="button"
              disabled={busy !== undefined}
              onClick={() => setConfirmRetry(true)}
            >
              <CopyPlus aria-hidden />
              Retry as new…
            </button>
          ) : null}
          {actions.cancel ? (
            <button
              type="button"
              className="danger"
              disabled={busy !== undefined}
              onClick={() => void run(task.id, 'cancel')}
            >
              <Ban aria-hidden />
              Cancel
            </button>
          ) : null}
          {actions.dismiss ? (
            <button
              type="button"
              className="ghost"
              disabled={busy !== undefined}
              onClick={() => void run(task.id, 'dismiss')}
              aria-label={`Dismiss ${KIND_LABELS[task.kind]} task`}
            >
              <X aria-hidden />
              Dismiss
            </button>
          ) : null}
        </div>
      </article>
    </li>
  )
}

/** "Batch request 3 · X 20 · Y 7.5 · repeat 2": where a task sits in its batch. */
function batchPlace(cell: NonNullable<TaskView['batch']>): string {
  const parts = [`Batch request ${cell.index + 1}`]
  if (cell.x !== null) parts.push(`X ${cell.x}`)
  if (cell.y !== null) parts.push(`Y ${cell.y}`)
  parts.push(`repeat ${cell.repeat}`)
  return parts.join(' · ')
}

/** The button that opened the viewer, to give focus back to when it closes. */
let viewerOpener: HTMLElement | null = null

/** The viewer for a task's saved results (images and videos from the library). */
export function ResultViewer() {
  const viewing = useTasksStore((s) => s.viewing)
  const closeViewer = useTasksStore((s) => s.closeViewer)
  const titleId = useId()
  if (!viewing) return null
  const close = () => {
    closeViewer()
    // Focus goes back to the button that opened the viewer.
    viewerOpener?.focus()
    viewerOpener = null
  }
  return (
    <div className="task-viewer-backdrop" onClick={close}>
      <div
        className="task-viewer"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => {
          if (e.key === 'Escape') close()
          else trapTab(e, e.currentTarget)
        }}
      >
        <div className="task-viewer-head">
          <h2 id={titleId}>Result</h2>
          <button type="button" onClick={close} autoFocus>
            Close
          </button>
        </div>
        <div className="task-viewer-media">
          {viewing.results.map((r) =>
            r.media === 'video' ? (
              <video
                key={r.libraryId}
                src={originalSrc(r.relPath)}
                controls
                aria-label={r.relPath}
              />
            ) : (
              <img key={r.libraryId} src={originalSrc(r.relPath)} alt={r.relPath} />
            ),
          )}
        </div>
        <p className="muted mono">{viewing.results.map((r) => r.relPath).join(', ')}</p>
        <ReportProblem taskId={viewing.taskId} />
      </div>
    </div>
  )
}
