import { taskActions } from '@shared/tasks/actions'
import { isTerminal } from '@shared/tasks/states'
import type { TaskView } from '@shared/tasks/views'
import { Ban, CopyPlus, Maximize2, RotateCcw, X } from 'lucide-react'
import { type LiHTMLAttributes, type ReactNode, useId, useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'

import { trapTab } from '../../components/focusTrap'
import { originalSrc } from '../../components/media'
import { RepeatNotice } from '../../forms/RepeatNotice'
import { TASK_KIND_KEYS, TASK_STATE_KEYS } from '../../forms/taskStateKeys'
import { useTasksStore } from '../../stores/tasks'
import { elapsedOf, formatElapsed, percentText, useTaskText } from './format'
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
  const { t } = useTranslation('tasks')
  const { t: tc } = useTranslation('common')
  const text = useTaskText()
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
  // The price before and now, in a confirmation sentence (quoteChanged / quoteAbove).
  const quoteValues = {
    before: task.quote
      ? text.price(task.quote.priceUsd)
      : text.estimate(task.costUsd, task.costLabel),
    now: task.pendingQuote ? text.price(task.pendingQuote.priceUsd) : '',
  }
  const quoteTags = { b: <strong />, n: <strong data-testid="new-price" /> }

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
            {t('taskTitle', { kind: tc(TASK_KIND_KEYS[task.kind]), model: task.model })}
          </h2>
          <span className={`task-badge badge-${task.state}`} data-testid="task-state">
            {tc(TASK_STATE_KEYS[task.state])}
          </span>
        </header>
        <p className="task-prompt" title={task.prompt}>
          {task.prompt || <span className="muted">{t('noPrompt')}</span>}
        </p>
        {task.batch ? (
          <p className="muted" data-testid="task-batch">
            {[
              t('batchRequest', { number: task.batch.index + 1 }),
              ...(task.batch.x !== null ? [t('batchX', { value: String(task.batch.x) })] : []),
              ...(task.batch.y !== null ? [t('batchY', { value: String(task.batch.y) })] : []),
              t('batchRepeat', { repeat: task.batch.repeat }),
            ].join(SEPARATOR)}
          </p>
        ) : null}

        <div className="task-progress">
          {active ? (
            pct !== null ? (
              <progress
                max={100}
                value={pct}
                aria-label={t('progress', { percent: percentText(pct / 100) })}
              />
            ) : (
              <progress aria-label={t('inProgress')} />
            )
          ) : (
            <progress
              max={100}
              value={task.state === 'saved' ? 100 : (pct ?? 0)}
              aria-label={task.state === 'saved' ? t('complete') : t('stopped')}
            />
          )}
          <span className="task-status" data-testid="task-status">
            {text.status(task)}
          </span>
        </div>

        <dl className="task-facts">
          <div>
            <dt>{t('elapsed')}</dt>
            <dd data-testid="task-elapsed">{formatElapsed(elapsedOf(task, now))}</dd>
          </div>
          <div>
            <dt>{t('estimate')}</dt>
            <dd title={t('estimateHint')}>{text.estimate(task.costUsd, task.costLabel)}</dd>
          </div>
          {task.quote ? (
            <div>
              <dt>{t('acceptedPrice')}</dt>
              <dd>{text.price(task.quote.priceUsd)}</dd>
            </div>
          ) : null}
          {task.attempts > 1 ? (
            <div>
              <dt>{t('sent')}</dt>
              <dd title={t('sentHint')}>{t('sentTimes', { count: task.attempts })}</dd>
            </div>
          ) : null}
          {task.serverId ? (
            <div>
              <dt>{t('serviceTask')}</dt>
              <dd className="mono">{task.serverId}</dd>
            </div>
          ) : null}
        </dl>

        {task.notice && !isTerminal(task.state) ? (
          <p className="task-notice" role="status">
            {task.notice.message}{' '}
            {task.notice.retryAfterMs ? t('noticeWaiting') : t('noticeRetrying')}
          </p>
        ) : null}

        {task.error ? (
          <div className="task-error" role="alert" data-testid="task-error">
            <strong>{task.error.message}</strong>
            {task.error.fields ? (
              <ul>
                {Object.entries(task.error.fields).map(([field, message]) => (
                  <li key={field} title={field}>
                    {t('fieldError', { field: text.field(field), message })}
                  </li>
                ))}
              </ul>
            ) : null}
            {text.advice(task.error) ? <p>{text.advice(task.error)}</p> : null}
          </div>
        ) : null}

        {quoteWait && task.pendingQuote ? (
          <div className="task-quote" role="group" aria-label={t('priceConfirmation')}>
            <p>
              {task.attention === 'quote_changed' ? (
                <Trans t={t} i18nKey="quoteChanged" values={quoteValues} components={quoteTags} />
              ) : (
                <Trans t={t} i18nKey="quoteAbove" values={quoteValues} components={quoteTags} />
              )}
            </p>
          </div>
        ) : null}

        {task.preview && task.results.length === 0 ? (
          <img className="task-preview" src={task.preview} alt={t('livePreview')} />
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
          <div className="task-confirm" role="group" aria-label={t('confirmRetryLabel')}>
            <p>{t('confirmRetry')}</p>
            <button
              type="button"
              className="primary"
              disabled={busy !== undefined}
              onClick={() => {
                setConfirmRetry(false)
                void run(task.id, 'retryAsNew')
              }}
            >
              {t('startNew')}
            </button>
            <button type="button" onClick={() => setConfirmRetry(false)}>
              {t('keepAsIs')}
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
              {t('openResult')}
            </button>
          ) : null}
          {actions.confirmQuote && task.pendingQuote ? (
            <button
              type="button"
              className="primary"
              disabled={busy !== undefined}
              onClick={() => void run(task.id, 'confirmQuote', task.pendingQuote!.quoteId)}
            >
              {t('acceptPrice', { price: text.price(task.pendingQuote.priceUsd) })}
            </button>
          ) : null}
          {actions.resume ? (
            <button
              type="button"
              disabled={busy !== undefined}
              onClick={() => void run(task.id, 'resume')}
            >
              <RotateCcw aria-hidden />
              {t('tryAgain')}
            </button>
          ) : null}
          {actions.retryAsNew && !confirmRetry ? (
            <button
              type="button"
              disabled={busy !== undefined}
              onClick={() => setConfirmRetry(true)}
            >
              <CopyPlus aria-hidden />
              {t('retryAsNew')}
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
              {t('cancel')}
            </button>
          ) : null}
          {actions.dismiss ? (
            <button
              type="button"
              className="ghost"
              disabled={busy !== undefined}
              onClick={() => void run(task.id, 'dismiss')}
              aria-label={t('dismissTask', { kind: tc(TASK_KIND_KEYS[task.kind]) })}
            >
              <X aria-hidden />
              {t('dismiss')}
            </button>
          ) : null}
        </div>
      </article>
    </li>
  )
}

/** Between the facts of a task's place in its batch ("Batch request 3 · X 20 · repeat 2"). */
const SEPARATOR = ' · '

/** The button that opened the viewer, to give focus back to when it closes. */
let viewerOpener: HTMLElement | null = null

/** The viewer for a task's saved results (images and videos from the library). */
export function ResultViewer() {
  const viewing = useTasksStore((s) => s.viewing)
  const closeViewer = useTasksStore((s) => s.closeViewer)
  const { t } = useTranslation('tasks')
  const { t: tc } = useTranslation('common')
  const titleId = useId()
  // Read outside JSX: the literal-text rule knows only `t` as a translator.
  const closeLabel = tc('close')
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
          <h2 id={titleId}>{t('result')}</h2>
          <button type="button" onClick={close} autoFocus>
            {closeLabel}
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
