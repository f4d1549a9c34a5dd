import type { AppError } from '@shared/result'
import type { OpenedResult, TaskView } from '@shared/tasks/views'

/** `retryAnyway`: retry as new after "You paid for this" (a repeat the user chose to pay for). */
export type TaskAction =
  'cancel' | 'retryAsNew' | 'retryAnyway' | 'dismiss' | 'confirmQuote' | 'resume'

export interface TasksState {
  /** Every task main reported, by id: the one task list of the renderer. */
  tasks: Record<string, TaskView>
  /** Ids main removed (dismissed): a list answer taken before the removal cannot bring them back. */
  removed: Record<string, true>
  loaded: boolean
  loading: boolean
  /** A failure of loading the list. */
  error: AppError | null
  /** The last failed action per task, shown on that task. */
  actionErrors: Record<string, AppError>
  /** Actions in flight, so their buttons are disabled while main answers. */
  busy: Record<string, TaskAction | 'open' | 'queue'>
  /** The results being shown in the viewer. */
  viewing: { taskId: string; results: OpenedResult[] } | null
}

export const initialState: TasksState = {
  tasks: {},
  removed: {},
  loaded: false,
  loading: false,
  error: null,
  actionErrors: {},
  busy: {},
  viewing: null,
}
