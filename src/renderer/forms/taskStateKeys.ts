import { defineKeys } from '@shared/i18n/keys'
import type { TaskKind, TaskState } from '@shared/tasks/states'

/**
 * A task's state as people read it, in the interface language: `t(TASK_STATE_KEYS[state])` with
 * the `common` namespace. In `common` because every screen that lists tasks (the results column,
 * Tasks, Batch) shows the same words for the same state; shared/tasks/states.ts keeps only the
 * English labels main and logs use.
 */
export const TASK_STATE_KEYS = defineKeys('common', {
  queued: 'taskStateQueued',
  submitting: 'taskStateSubmitting',
  running: 'taskStateRunning',
  downloading: 'taskStateDownloading',
  saved: 'taskStateSaved',
  failed: 'taskStateFailed',
  needs_attention: 'taskStateNeedsAttention',
  cancelled: 'taskStateCancelled',
}) satisfies Record<TaskState, string>

/** What a task generates, in words (`common`, for the same reason: Tasks and Batch both name it). */
export const TASK_KIND_KEYS = defineKeys('common', {
  image: 'taskKindImage',
  edit: 'taskKindEdit',
  video: 'taskKindVideo',
  native: 'taskKindNative',
  workbench: 'taskKindWorkbench',
}) satisfies Record<TaskKind, string>
