import { randomUUID } from 'node:crypto'

import type { BatchCell } from '@shared/batch/types'
import { costOf, promptOf } from '@shared/tasks/estimate'
import type { SubmitTaskInput } from '@shared/tasks/submit'

import type { TaskFiles, TaskRecord } from '../journal/taskRecord'

/** Where a new task comes from: a retry names the task it repeats, a batch its cell. */
export interface Origin {
  retryOf: string | null
  batch: BatchCell | null
}

/**
 * The journal row of a new task: queued, never sent, with a new key it keeps for good (a new
 * generation is a new charge; a retry, a restart or a resume of this one reuses the key), its
 * estimate (or the quote the user accepted) and the copies of the files it sends.
 */
export function recordOf(
  input: SubmitTaskInput,
  id: string,
  files: TaskFiles,
  demo: boolean,
  origin: Origin,
  now: number,
): TaskRecord {
  const { costUsd, costLabel } = costOf(input)
  const request = { ...(input.request as Record<string, unknown>) }
  const quote = input.kind === 'workbench' && input.quote ? { ...input.quote, quotedAt: now } : null
  return queuedRecord(
    {
      id,
      requestId: input.requestId ?? null,
      kind: input.kind,
      idempotencyKey: randomUUID(),
      model: String(request.model ?? ''),
      prompt: promptOf(input),
      request,
      files,
      costUsd,
      costLabel,
      quote,
      demo,
      retryOf: origin.retryOf,
      batch: origin.batch,
    },
    now,
  )
}

/** What admission decides of a new task; the rest of its row is that of any new queued task. */
export type NewTaskFields = Omit<
  TaskRecord,
  | 'state'
  | 'createdAt'
  | 'updatedAt'
  | 'startedAt'
  | 'finishedAt'
  | 'attempts'
  | 'serverId'
  | 'serverStatus'
  | 'progress'
  | 'pendingQuote'
  | 'outputs'
  | 'error'
  | 'notice'
  | 'attention'
  | 'dismissed'
>

/** The journal row of a new task with these fields: queued, never sent, nothing heard yet. */
export function queuedRecord(fields: NewTaskFields, now: number): TaskRecord {
  return {
    ...fields,
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
}

/**
 * A journaled task's request as a submission again, with `request` in place of its own (an edit):
 * the files it sends are the task's own copies (an edit's references, a native source and mask).
 */
export function inputOfTask(
  t: Pick<TaskRecord, 'kind' | 'request' | 'files'>,
  request: Record<string, unknown> = t.request,
): SubmitTaskInput {
  const input = { kind: t.kind, request } as SubmitTaskInput
  if (input.kind === 'edit') input.images = t.files.images
  if (input.kind === 'native') {
    if (t.files.image) input.image = t.files.image
    if (t.files.mask) input.mask = t.files.mask
  }
  return input
}
