import type { AppError } from '@shared/result'
import type { TaskView } from '@shared/tasks/views'
import { ArrowUpToLine, Pencil, Trash2 } from 'lucide-react'
import {
  type DragEvent,
  type KeyboardEvent,
  type LiHTMLAttributes,
  type ReactNode,
  useState,
} from 'react'
import { useTranslation } from 'react-i18next'

import { Toast } from '../../components/Toast'
import { useTasksStore } from '../../stores/tasks'
import { editable } from './editFields'
import { EditQueuedDialog } from './EditQueuedDialog'

/** A task the queue can move, edit or remove: queued and never sent. */
export const inQueue = (t: TaskView): boolean =>
  t.state === 'queued' && t.attempts === 0 && t.queuePosition !== null

/** The queue's tasks in run order (call inside useMemo). */
export const queueOf = (tasks: readonly TaskView[]): TaskView[] =>
  tasks.filter(inQueue).sort((a, b) => a.queuePosition! - b.queuePosition!)

/** `ids` with `id` moved to `to` (an index in the list without it). */
export function movedTo(ids: readonly string[], id: string, to: number): string[] {
  const rest = ids.filter((x) => x !== id)
  rest.splice(Math.max(0, Math.min(to, rest.length)), 0, id)
  return rest
}

const DRAG_TYPE = 'application/x-gen-queued-task'
const UNDO_MS = 8000

/**
 * The queue's controls for the Tasks screen: each queued, never-sent row can be dragged or moved
 * with Alt+ArrowUp/Down (within its tier: a batch given priority stays ahead), run next, edited
 * or removed (with Undo, which admits the same request again in its place).
 */
export function useQueue(queue: readonly TaskView[]): {
  itemFor(task: TaskView): LiHTMLAttributes<HTMLLIElement> | undefined
  controlsFor(task: TaskView): ReactNode
  overlay: ReactNode
} {
  const { t } = useTranslation('tasks')
  const reorder = useTasksStore((s) => s.reorder)
  const runNext = useTasksStore((s) => s.runNext)
  const remove = useTasksStore((s) => s.remove)
  const restore = useTasksStore((s) => s.restore)
  const busy = useTasksStore((s) => s.busy)
  const [editing, setEditing] = useState<TaskView | null>(null)
  const [removed, setRemoved] = useState<{ id: string; label: string; at: number } | null>(null)
  const [undoError, setUndoError] = useState<AppError | null>(null)
  /** The row a dragged task is over (it shows where the task would go). */
  const [over, setOver] = useState<string | null>(null)
  const ids = queue.map((task) => task.id)
  const index = new Map(ids.map((id, i) => [id, i]))

  /** Moves `task` to `to` if it stays in its tier; focus stays on its row. */
  async function move(task: TaskView, to: number) {
    const target = queue[to]
    if (!target || target.id === task.id || target.queuePriority !== task.queuePriority) return
    const ok = await reorder(movedTo(ids, task.id, to), task.id)
    if (ok)
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>(`[data-queue-id="${task.id}"]`)?.focus(),
      )
  }

  function itemFor(task: TaskView): LiHTMLAttributes<HTMLLIElement> | undefined {
    if (!inQueue(task)) return undefined
    const i = index.get(task.id)!
    return {
      draggable: true,
      tabIndex: 0,
      className: over === task.id ? 'queue-item queue-drop' : 'queue-item',
      'aria-label': t('queuedItem', {
        position: i + 1,
        total: ids.length,
        prompt: task.prompt.slice(0, 60),
      }),
      ...({ 'data-queue-id': task.id } as object),
      onKeyDown: (e: KeyboardEvent<HTMLLIElement>) => {
        if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return
        e.preventDefault()
        void move(task, e.key === 'ArrowUp' ? i - 1 : i + 1)
      },
      onDragStart: (e: DragEvent<HTMLLIElement>) => {
        e.dataTransfer.setData(DRAG_TYPE, task.id)
        e.dataTransfer.effectAllowed = 'move'
      },
      onDragOver: (e: DragEvent<HTMLLIElement>) => {
        if (!e.dataTransfer.types.includes(DRAG_TYPE)) return
        e.preventDefault()
        if (over !== task.id) setOver(task.id)
      },
      onDragLeave: () => setOver((o) => (o === task.id ? null : o)),
      onDragEnd: () => setOver(null),
      onDrop: (e: DragEvent<HTMLLIElement>) => {
        setOver(null)
        const dragged = queue.find((q) => q.id === e.dataTransfer.getData(DRAG_TYPE))
        if (!dragged) return
        e.preventDefault()
        void move(dragged, i)
      },
    }
  }

  function controlsFor(task: TaskView): ReactNode {
    if (!inQueue(task)) return null
    const disabled = busy[task.id] !== undefined
    return (
      <>
        {index.get(task.id)! > 0 ? (
          <button type="button" disabled={disabled} onClick={() => void runNext(task.id)}>
            <ArrowUpToLine aria-hidden />
            {t('runNext')}
          </button>
        ) : null}
        {editable(task.kind) ? (
          <button type="button" disabled={disabled} onClick={() => setEditing(task)}>
            <Pencil aria-hidden />
            {t('edit')}
          </button>
        ) : null}
        <button
          type="button"
          className="danger"
          disabled={disabled}
          onClick={async () => {
            if (await remove(task.id))
              setRemoved({ id: task.id, label: task.prompt.slice(0, 40), at: Date.now() })
          }}
        >
          <Trash2 aria-hidden />
          {t('remove')}
        </button>
      </>
    )
  }

  const overlay = (
    <>
      {editing ? <EditQueuedDialog task={editing} onClose={() => setEditing(null)} /> : null}
      {removed ? (
        <Toast
          data-testid="queue-removed"
          dismissAt={removed.at + UNDO_MS}
          onDismiss={() => {
            setRemoved(null)
            setUndoError(null)
          }}
          onUndo={
            undoError
              ? undefined
              : async () => {
                  const r = await restore(removed.id)
                  if (r.ok) setRemoved(null)
                  else setUndoError(r.error)
                }
          }
        >
          {undoError
            ? t('restoreFailed', { message: undoError.message })
            : removed.label
              ? t('removedLabel', { label: removed.label })
              : t('removedNoLabel')}
        </Toast>
      ) : null}
    </>
  )

  return { itemFor, controlsFor, overlay }
}
