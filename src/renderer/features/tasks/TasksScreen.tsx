import './tasks.css'

import { isTerminal } from '@shared/tasks/states'
import type { TaskView } from '@shared/tasks/views'
import { ListChecks, ListFilter } from 'lucide-react'
import { useEffect, useMemo, useState } from 'react'

import { EmptyState } from '../../components/EmptyState'
import { ErrorBanner } from '../../components/ErrorBanner'
import { sortTasks, useTasksStore } from '../../stores/tasks'
import { BatchesSection } from '../batch/BatchesSection'
import { LocalJobs } from './LocalJobs'
import { ResultViewer, TaskRow } from './TaskRow'
import { inQueue, queueOf, useQueue } from './useQueue'

type Filter = 'all' | 'active' | 'attention' | 'finished'

const FILTERS: ReadonlyArray<{ id: Filter; label: string; test: (t: TaskView) => boolean }> = [
  { id: 'all', label: 'All', test: () => true },
  {
    id: 'active',
    label: 'Working',
    test: (t) => !isTerminal(t.state) && t.state !== 'needs_attention',
  },
  { id: 'attention', label: 'Needs you', test: (t) => t.state === 'needs_attention' },
  { id: 'finished', label: 'Finished', test: (t) => isTerminal(t.state) },
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
    for (const t of list) for (const f of FILTERS) if (f.test(t)) c[f.id]++
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
        <h1 id="tasks-heading">Tasks</h1>
        <div className="tasks-filters" role="radiogroup" aria-label="Show tasks">
          {FILTERS.map((f) => (
            <label key={f.id} className={filter === f.id ? 'tasks-filter active' : 'tasks-filter'}>
              <input
                type="radio"
                name="tasks-filter"
                value={f.id}
                checked={filter === f.id}
                onChange={() => setFilter(f.id)}
              />
              {f.label} <span className="tasks-count">{counts[f.id]}</span>
            </label>
          ))}
        </div>
      </div>
      <ErrorBanner error={error} />
      {counts.attention > 0 ? (
        <p className="banner banner-warning" role="status">
          {counts.attention === 1 ? 'One task waits' : `${counts.attention} tasks wait`} for your
          decision.
        </p>
      ) : null}
      <BatchesSection />
      <LocalJobs />
      {!loaded ? (
        <p className="muted" aria-busy="true">
          Loading tasks…
        </p>
      ) : shown.length === 0 ? (
        <EmptyState
          className="panel"
          data-testid="tasks-empty"
          icon={list.length === 0 ? ListChecks : ListFilter}
          title={list.length === 0 ? 'No tasks yet.' : 'No tasks in this view.'}
          hint={
            list.length === 0
              ? 'Generations you start appear here, with their progress and results.'
              : 'Choose another view above to see the other tasks.'
          }
        />
      ) : (
        <ul className="task-list" aria-label="Tasks">
          {shown.map((t) => (
            <TaskRow key={t.id} task={t} now={now} item={itemFor(t)} controls={controlsFor(t)} />
          ))}
        </ul>
      )}
      <ResultViewer />
      {overlay}
    </main>
  )
}
