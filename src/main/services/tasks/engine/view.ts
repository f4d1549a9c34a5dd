import type { TaskResultView, TaskView } from '@shared/tasks/views'

import type { TaskRecord } from '../../journal/TaskJournal'

const PROMPT_PREVIEW = 300

/** Where a queued task stands: its place in the run order and its batch's priority. */
export interface QueuePlace {
  position: number | null
  priority: number
}

const UNQUEUED: QueuePlace = { position: null, priority: 0 }

/** The renderer's view of a journal row: no key, no request body, no file paths. */
export function toView(
  t: TaskRecord,
  results: TaskResultView[],
  preview: string | null,
  place: QueuePlace = UNQUEUED,
): TaskView {
  return {
    id: t.id,
    kind: t.kind,
    state: t.state,
    model: t.model,
    prompt: t.prompt.length > PROMPT_PREVIEW ? `${t.prompt.slice(0, PROMPT_PREVIEW)}…` : t.prompt,
    progress: t.state === 'saved' ? 1 : t.progress,
    serverStatus: t.serverStatus,
    serverId: t.serverId,
    createdAt: t.createdAt,
    startedAt: t.startedAt,
    finishedAt: t.finishedAt,
    updatedAt: t.updatedAt,
    costUsd: t.costUsd,
    costLabel: t.costLabel,
    quote: t.quote,
    pendingQuote: t.pendingQuote,
    attention: t.attention,
    error: t.error,
    notice: t.notice,
    attempts: t.attempts,
    results,
    outputCount: t.outputs ? t.outputs.length : null,
    preview,
    retryOf: t.retryOf,
    batch: t.batch,
    queuePosition: place.position,
    queuePriority: place.priority,
  }
}
