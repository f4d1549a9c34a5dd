import type { TaskKind } from '@shared/tasks/states'

import type { TaskRecord } from '../journal/TaskJournal'

/** A generation as the service layer prepared it (validated, files copied, cost estimated). */
export interface NewTask {
  id: string
  requestId: string | null
  kind: TaskKind
  idempotencyKey: string
  model: string
  prompt: string
  request: Record<string, unknown>
  files: TaskRecord['files']
  costUsd: number | null
  costLabel: string
  quote: TaskRecord['quote']
  demo: boolean
  retryOf: string | null
  batch: TaskRecord['batch']
}

/** The journal row of a new task: queued, never sent, with the key it will keep for good. */
export function recordOf(n: NewTask, now: number): TaskRecord {
  const record: TaskRecord = {
    ...n,
    state: 'queued',
    createdAt: now,
    updatedAt: now,
    startedAt: null,
    finishedAt: null,
    attempts: 0,
    serverId: null,
    serverStatus: null,
    progress: null,
    pendingQuote: null,
    outputs: null,
    error: null,
    notice: null,
    attention: null,
    dismissed: false,
  }
  return record
}
