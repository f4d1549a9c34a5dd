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
  itemFor(t: TaskView): LiHTMLAttributes<HTMLLIElement> | undefined
  controlsFor(t: TaskView): ReactNode
  overlay: ReactNode
} {
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
  const ids = queue.map((t) => t.id)
  const index = new Map(ids.map((id, i) => [id, i]))

  /** Moves `t` to `to` if it stays in its tier; focus stays on its row. */
  async function move(t: TaskView, to: number) {
    const target = queue[to]
    if (!target || target.id === t.id || target.queuePriority !== t.queuePriority) return
    const ok = await reorder(movedTo(ids, t.id, to), t.id)
    if (ok)
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>(`[data-queue-id="${t.id}"]`)?.focus(),
      )
  }

  function itemFor(t: TaskView): LiHTMLAttributes<HTMLLIElement> | undefined {
    if (!inQueue(t)) return undefined
    const i = index.get(t.id)!
    return {
      draggable: true,
      tabIndex: 0,
      className: over === t.id ? 'queue-item queue-drop' : 'queue-item',
      'aria-label': `Queued ${i + 1} of ${ids.length}: ${t.prompt.slice(0, 60)}. Alt+Arrow keys move it.`,
      ...({ 'data-queue-id': t.id } as object),
      onKeyDown: (e: KeyboardEvent<HTMLLIElement>) => {
        if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return
        e.preventDefault()
        void move(t, e.key === 'ArrowUp' ? i - 1 : i + 1)
      },
      onDragStart: (e: DragEvent<HTMLLIElement>) => {
        e.dataTransfer.setData(DRAG_TYPE, t.id)
        e.dataTransfer.effectAllowed = 'move'
      },
      onDragOver: (e: DragEvent<HTMLLIElement>) => {
        if (!e.dataTransfer.types.includes(DRAG_TYPE)) return
        e.preventDefault()
        if (over !== t.id) setOver(t.id)
      },
      onDragLeave: () => setOver((o) => (o === t.id ? null : o)),
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

  function controlsFor(t: TaskView): ReactNode {
    if (!inQueue(t)) return null
    const disabled = busy[t.id] !== undefined
    return (
      <>
        {index.get(t.id)! > 0 ? (
          <button type="button" disabled={disabled} onClick={() => void runNext(t.id)}>
            <ArrowUpToLine aria-hidden />
            Run next
          </button>
        ) : null}
        {editable(t.kind) ? (
          <button type="button" disabled={disabled} onClick={() => setEditing(t)}>
            <Pencil aria-hidden />
            Edit…
          </button>
        ) : null}
        <button
          type="button"
          className="danger"
          disabled={disabled}
          onClick={async () => {
            if (await remove(t.id))
              setRemoved({ id: t.id, label: t.prompt.slice(0, 40), at: Date.now() })
          }}
        >
          <Trash2 aria-hidden />
          Remove
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
            ? `Could not restore it: ${undoError.message}`
            : `Removed from the queue · ${removed.label || 'task'}`}
        </Toast>
      ) : null}
    </>
  )

  return { itemFor, controlsFor, overlay }
}
