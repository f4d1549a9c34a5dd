import './tasks.css'

import { defineKeys } from '@shared/i18n/keys'
import { isTerminal } from '@shared/tasks/states'
import type { TaskView } from '@shared/tasks/views'
import { ListChecks, ListFilter } from 'lucide-react'
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { EmptyState } from '../../components/EmptyState'
import { ErrorBanner } from '../../components/ErrorBanner'
import { formatNumber } from '../../i18n/format'
import { sortTasks, useTasksStore } from '../../stores/tasks'
import { BatchesSection } from '../batch/BatchesSection'
import { LocalJobs } from './LocalJobs'
import { ResultViewer, TaskRow } from './TaskRow'
import { inQueue, queueOf, useQueue } from './useQueue'

type Filter = 'all' | 'active' | 'attention' | 'finished'

/** Each view's name, a `tasks` key. */
const FILTER_LABELS = defineKeys('tasks', {
  all: 'filterAll',
  active: 'filterActive',
  attention: 'filterAttention',
  finished: 'filterFinished',
}) satisfies Record<Filter, string>

const FILTERS: ReadonlyArray<{ id: Filter; test: (t: TaskView) => boolean }> = [
  { id: 'all', test: () => true },
  { id: 'active', test: (t) => !isTerminal(t.state) && t.state !== 'needs_attention' },
  { id: 'attention', test: (t) => t.state === 'needs_attention' },
  { id: 'finished', test: (t) => isTerminal(t.state) },
]

/** Ticks once a second while something is running, so elapsed times move. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!active) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [active])
  return active ? now : Date.now()
}

/**
 * The task monitor: the queue in run order (drag or Alt+Arrow to reorder, Run next, Edit,
 * Remove with Undo), then every other generation of every kind, newest first, with its status, progress,
 * elapsed time, cost, the service's error and what to do, and its actions. Tasks survive
 * restarts and renderer reloads: the list comes from main's journal.
 */
export default function TasksScreen() {
  const { t } = useTranslation('tasks')
  const tasks = useTasksStore((s) => s.tasks)
  const loaded = useTasksStore((s) => s.loaded)
  const error = useTasksStore((s) => s.error)
  const connect = useTasksStore((s) => s.connect)
  const [filter, setFilter] = useState<Filter>('all')

  useEffect(() => connect(), [connect])

  // The queue first, in run order (what runs next on top), then every other task newest first.
  const queue = useMemo(() => queueOf(Object.values(tasks)), [tasks])
  const list = useMemo(
    () => [...queue, ...sortTasks(tasks).filter((t) => !inQueue(t))],
    [tasks, queue],
  )
  const { itemFor, controlsFor, overlay } = useQueue(queue)
  const counts = useMemo(() => {
    const c: Record<Filter, number> = { all: 0, active: 0, attention: 0, finished: 0 }
    for (const task of list) for (const f of FILTERS) if (f.test(task)) c[f.id]++
    return c
  }, [list])
  const shown = useMemo(
    () => list.filter(FILTERS.find((f) => f.id === filter)!.test),
    [list, filter],
  )
  const now = useNow(counts.active > 0)

  return (
    <main className="screen tasks-screen" aria-labelledby="tasks-heading">
      <div className="tasks-top">
        <h1 id="tasks-heading">{t('heading')}</h1>
        <div className="tasks-filters" role="radiogroup" aria-label={t('filtersLabel')}>
          {FILTERS.map((f) => (
            <label key={f.id} className={filter === f.id ? 'tasks-filter active' : 'tasks-filter'}>
              <input
                type="radio"
                name="tasks-filter"
                value={f.id}
                checked={filter === f.id}
                onChange={() => setFilter(f.id)}
              />
              {t(FILTER_LABELS[f.id])}{' '}
              <span className="tasks-count">{formatNumber(counts[f.id])}</span>
            </label>
          ))}
        </div>
      </div>
      <ErrorBanner error={error} />
      {counts.attention > 0 ? (
        <p className="banner banner-warning" role="status">
          {t('attentionBanner', { count: counts.attention })}
        </p>
      ) : null}
      <BatchesSection />
      <LocalJobs />
      {!loaded ? (
        <p className="muted" aria-busy="true">
          {t('loadingTasks')}
        </p>
      ) : shown.length === 0 ? (
        <EmptyState
          className="panel"
          data-testid="tasks-empty"
          icon={list.length === 0 ? ListChecks : ListFilter}
          title={list.length === 0 ? t('emptyTitle') : t('emptyViewTitle')}
          hint={list.length === 0 ? t('emptyHint') : t('emptyViewHint')}
        />
      ) : (
        <ul className="task-list" aria-label={t('listLabel')}>
          {shown.map((task) => (
            <TaskRow
              key={task.id}
              task={task}
              now={now}
              item={itemFor(task)}
              controls={controlsFor(task)}
            />
          ))}
        </ul>
      )}
      <ResultViewer />
      {overlay}
    </main>
  )
}
