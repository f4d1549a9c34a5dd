import './reuse.css'

import { settingsFromOurs } from '@shared/library/settings'
import type { LibraryItem } from '@shared/library/types'
import { taskActions } from '@shared/tasks/actions'
import { isTerminal } from '@shared/tasks/states'
import type { TaskView } from '@shared/tasks/views'
import { Ban, ImagePlus, LibraryBig, Repeat2, RotateCcw, X } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'

import { getItem } from '../api/library'
import { originalSrc } from '../components/media'
import { usd } from '../components/spendFormat'
import { useLibraryStore } from '../stores/library'
import { useLibraryIntents } from '../stores/library/intents'
import { useNavigationStore } from '../stores/navigation'
import { useTasksStore } from '../stores/tasks'
import { formForKind } from './applySettings'
import { LIBRARY_ITEM_TYPE } from './libraryRef'
import { TASK_STATE_KEYS } from './taskStateKeys'

/** Between the model and the price in a card's head: a symbol, not a word. */
const DOT = ' · '
/** Between main's message and its "what to do" (both arrive translated). */
const SPACE = ' '

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
  const { t } = useTranslation('common')
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

  const stateLabel = t(TASK_STATE_KEYS[task.state])
  const pending = task.pendingQuote
  return (
    <article
      className="result"
      data-testid="result"
      data-state={task.state}
      aria-label={t('resultCardLabel', { model: task.model, state: stateLabel })}
    >
      <div className="result-head">
        <strong className={`state-${task.state}`}>{stateLabel}</strong>
        <span className="muted">
          {task.model}
          {DOT}
          {task.costLabel}
        </span>
      </div>
      <p className="result-prompt" title={task.prompt}>
        {task.prompt}
      </p>
      {running ? (
        task.progress !== null ? (
          <progress max={1} value={task.progress} aria-label={t('resultProgress')} />
        ) : (
          <progress aria-label={t('resultWorking')} />
        )
      ) : null}
      {task.preview && task.results.length === 0 ? (
        <div className="result-media single">
          <img src={task.preview} alt={t('resultPreview')} data-testid="preview" />
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
                aria-label={t('resultVideoLabel', { number: r.index + 1 })}
              />
            ) : (
              <img
                key={r.libraryId}
                src={originalSrc(r.relPath)}
                alt={t('resultImageAlt', { number: r.index + 1, count: task.results.length })}
                loading="lazy"
                draggable
                title={t('resultDragHint')}
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
          {task.error.action ? SPACE + task.error.action : ''}
        </p>
      ) : null}
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      {pending ? (
        <p className="notice">
          {t('resultRequoted', {
            price: pending.priceUsd === null ? 'none' : usd(pending.priceUsd),
            accepted: task.quote?.priceUsd != null ? usd(task.quote.priceUsd) : 'none',
          })}
        </p>
      ) : null}
      <div className="row">
        {actions.confirmQuote ? (
          <button
            type="button"
            className="primary"
            onClick={() => void runAction(task.id, 'confirmQuote', task.pendingQuote!.quoteId)}
          >
            {t('resultAcceptPrice')}
          </button>
        ) : null}
        {actions.cancel ? (
          <button type="button" onClick={() => void runAction(task.id, 'cancel')}>
            <Ban aria-hidden />
            {t('resultCancel')}
          </button>
        ) : null}
        {actions.resume ? (
          <button type="button" onClick={() => void runAction(task.id, 'resume')}>
            <RotateCcw aria-hidden />
            {t('resultRetry')}
          </button>
        ) : null}
        {actions.openResult ? (
          <button type="button" onClick={openInLibrary}>
            <LibraryBig aria-hidden />
            {t('resultOpenInLibrary')}
          </button>
        ) : null}
        {first ? (
          <button type="button" onClick={() => void reuse('reuse-settings')}>
            <Repeat2 aria-hidden />
            {t('resultReuseSettings')}
          </button>
        ) : null}
        {first && takesReferences && !video ? (
          <button type="button" onClick={() => void reuse('use-as-reference')}>
            <ImagePlus aria-hidden />
            {t('resultUseAsReference')}
          </button>
        ) : null}
        {actions.dismiss ? (
          <button
            type="button"
            className="ghost"
            onClick={() => void runAction(task.id, 'dismiss')}
          >
            <X aria-hidden />
            {t('dismiss')}
          </button>
        ) : null}
      </div>
    </article>
  )
}
