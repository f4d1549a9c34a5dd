/**
 * The shapes the task journal stores: a task's row as main holds it (with its key and request),
 * the fields a transition may change, the local files it sends and where its outputs are.
 */
import type { BatchCell } from '@shared/batch/types'
import type { AppError } from '@shared/result'
import type { AttentionReason, TaskKind, TaskState } from '@shared/tasks/states'
import type { AcceptedQuote } from '@shared/tasks/submit'
import type { QuoteView } from '@shared/tasks/views'

/**
 * Where a result can be fetched from. `url`: a temporary link (no key is sent to it);
 * `video`: GET /v1/videos/{id}/content; `file`: bytes the submit response already carried,
 * written to a temporary file by the gateway; `inline`: small Base64 data kept in the journal.
 */
export type OutputRef =
  | { type: 'url'; url: string }
  | { type: 'video'; serverId: string }
  | { type: 'file'; path: string }
  | { type: 'inline'; b64: string; mime?: string }

/**
 * Local copies of what a task sends, owned by its folder (userData/tasks/<id>): an edit's
 * reference images in part order; a native request's source image and mask, Base64-encoded only
 * when the request is sent (older journals may hold them inside the request instead).
 */
export interface TaskFiles {
  images: string[]
  image?: string
  mask?: string
}

/** A task as the journal holds it (main only: it carries the key and the request). */
export interface TaskRecord {
  id: string
  requestId: string | null
  kind: TaskKind
  state: TaskState
  idempotencyKey: string
  model: string
  prompt: string
  request: Record<string, unknown>
  files: TaskFiles
  costUsd: number | null
  costLabel: string
  createdAt: number
  updatedAt: number
  startedAt: number | null
  finishedAt: number | null
  attempts: number
  serverId: string | null
  serverStatus: string | null
  progress: number | null
  quote: (AcceptedQuote & { quotedAt: number }) | null
  pendingQuote: QuoteView | null
  outputs: OutputRef[] | null
  error: AppError | null
  notice: AppError | null
  attention: AttentionReason | null
  retryOf: string | null
  demo: boolean
  dismissed: boolean
  /** The batch the task belongs to and its place there; null for a single generation. */
  batch: BatchCell | null
}

/** Fields a transition may change. */
export type TaskPatch = Partial<
  Pick<
    TaskRecord,
    | 'state'
    | 'startedAt'
    | 'finishedAt'
    | 'attempts'
    | 'serverId'
    | 'serverStatus'
    | 'progress'
    | 'quote'
    | 'pendingQuote'
    | 'outputs'
    | 'error'
    | 'notice'
    | 'attention'
    | 'dismissed'
  >
>
