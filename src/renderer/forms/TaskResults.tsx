import type { TaskKind } from '@shared/tasks/states'
import { ImageIcon } from 'lucide-react'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'

import { EmptyState } from '../components/EmptyState'
import { recentOfKinds, useTasksStore } from '../stores/tasks'
import { ResultCard } from './ResultCard'

/** How many recent tasks a generation screen keeps in its results history (newest first). */
export const RESULTS_SHOWN = 50

/**
 * Results of this screen's kinds as they land: every task of the one task store (stores/tasks), so
 * a task started before a restart shows here again with its progress, preview and outputs. A
 * scrollable history of the last RESULTS_SHOWN tasks, each with what to do next with its output
 * (ResultCard: open in library, reuse settings, use as reference).
 */
export function TaskResults({
  kinds,
  title,
  scrolls = false,
}: {
  kinds: readonly TaskKind[]
  title?: string
  /** The list scrolls inside a column (beside a canvas): keyboard users reach it with Tab. */
  scrolls?: boolean
}) {
  const { t } = useTranslation('common')
  const all = useTasksStore((s) => s.tasks)
  const tasks = useMemo(() => recentOfKinds(all, kinds, RESULTS_SHOWN), [all, kinds])
  // Video forms take no reference images; every other generation form does.
  const takesReferences = kinds.some((k) => k !== 'video')
  return (
    <aside
      className="results"
      aria-labelledby="results-title"
      data-testid="results"
      tabIndex={scrolls ? 0 : undefined}
    >
      <h2 id="results-title">{title ?? t('resultsTitle')}</h2>
      {tasks.length === 0 ? (
        <EmptyState
          compact
          className="results-empty"
          icon={ImageIcon}
          title={t('resultsEmptyTitle')}
          hint={t('resultsEmptyHint')}
        />
      ) : null}
      <div className="results-history" data-testid="results-history">
        {tasks.map((t) => (
          <ResultCard key={t.id} task={t} takesReferences={takesReferences} />
        ))}
      </div>
    </aside>
  )
}
