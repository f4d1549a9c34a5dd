import './reuse.css'

import { settingsFromOurs } from '@shared/library/settings'
import type { LibraryItem } from '@shared/library/types'
import { taskActions } from '@shared/tasks/actions'
import { isTerminal, STATE_LABELS } from '@shared/tasks/states'
import type { TaskView } from '@shared/tasks/views'
import { Ban, ImagePlus, LibraryBig, Repeat2, RotateCcw, X } from 'lucide-react'
import { useState } from 'react'

import { getItem } from '../api/library'
import { originalSrc } from '../components/media'
import { useLibraryStore } from '../stores/library'
import { useLibraryIntents } from '../stores/library/intents'
import { useNavigationStore } from '../stores/navigation'
import { useTasksStore } from '../stores/tasks'
import { formForKind } from './applySettings'
import { LIBRARY_ITEM_TYPE } from './libraryRef'

/**
 * One task in a generation screen's results history: state, progress, preview, outputs and the
 * task's actions, plus what the user does next with a saved result (issue #16): "Open in library"
 * (the item's detail), "Reuse settings" (the form the settings belong to, filled field by field),
 * "Use as reference" (image results, on a screen whose form takes references). Each image can also
 * be dragged onto a reference drop zone (LIBRARY_ITEM_TYPE carries its library id). The buttons
 * act on the task's first output; dragging picks any one.
 */
export function ResultCard({
  task,
  takesReferences,
}: {
  task: TaskView
  takesReferences: boolean
}) {
  const go = useNavigationStore((s) => s.go)
  const runAction = useTasksStore((s) => s.run)
  const [problem, setProblem] = useState<string | null>(null)
  const actions = taskActions(task)
  const running = !isTerminal(task.state) && task.state !== 'needs_attention'
  const video = task.kind === 'video'
  const first = task.results[0]

  const withItem = async (then: (item: LibraryItem) => void) => {
    if (!first) return
    const result = await getItem(first.libraryId)
    if (result.ok) {
      setProblem(null)
      then(result.value)
    } else setProblem(result.error.message)
  }

  const openInLibrary = () => {
    if (first) void useLibraryStore.getState().openDetail(first.libraryId)
    go('library')
  }

  const reuse = (type: 'reuse-settings' | 'use-as-reference') =>
    withItem((item) => {
      const settings = settingsFromOurs(item)
      useLibraryIntents.getState().emit({ type, item, settings })
      const target = formForKind(settings.kind ?? item.kind, item.model)
      // Settings of another form's kind open that form; its screen takes the intent on mount.
      if (type === 'reuse-settings' && target && useNavigationStore.getState().area !== target)
        go(target)
    })

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
                draggable
                title="Drag onto a reference drop zone to use it as a reference"
                onDragStart={(e) => {
                  // Only the id: no URL text a prompt box would paste in if dropped there.
                  e.dataTransfer.clearData()
                  e.dataTransfer.setData(LIBRARY_ITEM_TYPE, r.libraryId)
                  e.dataTransfer.effectAllowed = 'copy'
                }}
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
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
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
            onClick={() => void runAction(task.id, 'confirmQuote', task.pendingQuote!.quoteId)}
          >
            Accept new price
          </button>
        ) : null}
        {actions.cancel ? (
          <button type="button" onClick={() => void runAction(task.id, 'cancel')}>
            <Ban aria-hidden />
            Cancel
          </button>
        ) : null}
        {actions.resume ? (
          <button type="button" onClick={() => void runAction(task.id, 'resume')}>
            <RotateCcw aria-hidden />
            Try again
          </button>
        ) : null}
        {actions.openResult ? (
          <button type="button" onClick={openInLibrary}>
            <LibraryBig aria-hidden />
            Open in library
          </button>
        ) : null}
        {first ? (
          <button type="button" onClick={() => void reuse('reuse-settings')}>
            <Repeat2 aria-hidden />
            Reuse settings
          </button>
        ) : null}
        {first && takesReferences && !video ? (
          <button type="button" onClick={() => void reuse('use-as-reference')}>
            <ImagePlus aria-hidden />
            Use as reference
          </button>
        ) : null}
        {actions.dismiss ? (
          <button
            type="button"
            className="ghost"
            onClick={() => void runAction(task.id, 'dismiss')}
          >
            <X aria-hidden />
            Dismiss
          </button>
        ) : null}
      </div>
    </article>
  )
}
