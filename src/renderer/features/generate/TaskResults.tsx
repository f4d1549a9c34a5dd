import { taskActions } from '@shared/tasks/actions'
import { isTerminal, STATE_LABELS, type TaskKind } from '@shared/tasks/states'
import type { TaskView } from '@shared/tasks/views'
import { useMemo } from 'react'

import { useGenerateStore } from '../../stores/generate'
import { useNavigationStore } from '../../stores/navigation'
import { originalSrc } from '../library/media'
import { tasksClient } from './tasksClient'

/** How many recent tasks a generation screen lists next to its form. */
export const RESULTS_SHOWN = 8

/**
 * Results of this screen's kinds as they land: every task the engine reports (tasks:updated), so
 * a task started before a restart shows here again with its progress, preview and outputs.
 */
export function TaskResults({
  kinds,
  title = 'Results',
}: {
  kinds: readonly TaskKind[]
  title?: string
}) {
  const all = useGenerateStore((s) => s.tasks)
  const tasks = useMemo(
    () =>
      Object.values(all)
        .filter((t) => kinds.includes(t.kind))
        .sort((a, b) => b.createdAt - a.createdAt)
        .slice(0, RESULTS_SHOWN),
    [all, kinds],
  )
  return (
    <aside className="results" aria-labelledby="results-title" data-testid="results">
      <h2 id="results-title">{title}</h2>
      {tasks.length === 0 ? <p className="muted">Nothing generated here yet.</p> : null}
      {tasks.map((t) => (
        <TaskCard key={t.id} task={t} />
      ))}
    </aside>
  )
}

function TaskCard({ task }: { task: TaskView }) {
  const go = useNavigationStore((s) => s.go)
  const actions = taskActions(task)
  const running = !isTerminal(task.state) && task.state !== 'needs_attention'
  const video = task.kind === 'video'
  return (
    <article
      className="result"
      data-testid="result"
      data-state={task.state}
      aria-label={`${task.model}: ${STATE_LABELS[task.state]}`}
    >
      <div className="result-head">
        <strong className={`state-${task.state}`}>{STATE_LABELS[task.state]}</strong>
        <span className="muted">
          {task.model} · {task.costLabel}
        </span>
      </div>
      <p className="result-prompt" title={task.prompt}>
        {task.prompt}
      </p>
      {running ? (
        task.progress !== null ? (
          <progress max={1} value={task.progress} aria-label="Progress" />
        ) : (
          <progress aria-label="Working" />
        )
      ) : null}
      {task.preview && task.results.length === 0 ? (
        <div className="result-media single">
          <img src={task.preview} alt="Live preview" data-testid="preview" />
        </div>
      ) : null}
      {task.results.length > 0 ? (
        <div className={`result-media${task.results.length === 1 ? ' single' : ''}`}>
          {task.results.map((r) =>
            video ? (
              <video
                key={r.libraryId}
                src={originalSrc(r.relPath)}
                controls
                preload="metadata"
                aria-label={`Result ${r.index + 1}`}
              />
            ) : (
              <img
                key={r.libraryId}
                src={originalSrc(r.relPath)}
                alt={`Result ${r.index + 1} of ${task.results.length}`}
                loading="lazy"
              />
            ),
          )}
        </div>
      ) : null}
      {task.notice && running ? <p className="muted">{task.notice.message}</p> : null}
      {task.error ? (
        <p className="field-error">
          {task.error.message}
          {task.error.action ? ` ${task.error.action}` : ''}
        </p>
      ) : null}
      {task.pendingQuote ? (
        <p className="notice">
          The quote expired and the new price is{' '}
          {task.pendingQuote.priceUsd === null ? 'not shown' : `$${task.pendingQuote.priceUsd}`}
          {task.quote?.priceUsd != null ? ` (you accepted $${task.quote.priceUsd})` : ''}.
        </p>
      ) : null}
      <div className="row">
        {actions.confirmQuote ? (
          <button
            type="button"
            className="primary"
            onClick={() => void tasksClient.confirmQuote(task.id, task.pendingQuote!.quoteId)}
          >
            Accept new price
          </button>
        ) : null}
        {actions.cancel ? (
          <button type="button" onClick={() => void tasksClient.cancel(task.id)}>
            Cancel
          </button>
        ) : null}
        {actions.resume ? (
          <button type="button" onClick={() => void tasksClient.resume(task.id)}>
            Try again
          </button>
        ) : null}
        {actions.openResult ? (
          <button type="button" onClick={() => go('library')}>
            Open in library
          </button>
        ) : null}
        {actions.dismiss ? (
          <button type="button" className="ghost" onClick={() => void tasksClient.dismiss(task.id)}>
            Dismiss
          </button>
        ) : null}
      </div>
    </article>
  )
}
