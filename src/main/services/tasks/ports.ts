/**
 * The two narrow ports the task engine depends on. The engine never speaks HTTP or touches the
 * library's files itself: the real implementations sit over the ServiceClient/DownloadService
 * (ServiceTaskGateway) and the LibraryService (LibraryResultSink); unit tests and the poll
 * benchmark plug in fakes on a virtual clock.
 *
 * Every method reports failures by throwing an AppFailure whose AppError carries the code the
 * engine branches on (validation/auth/forbidden/model_unavailable end a submission; network,
 * timeout, server, rate_limited and pending never end a task).
 */
import type { BatchCell } from '@shared/batch/types'
import type { TaskKind } from '@shared/tasks/states'
import type { AcceptedQuote } from '@shared/tasks/submit'

import type { OutputRef, TaskFiles } from '../journal/taskRecord'

export type { TaskLedgerHook, TaskLedgerTask } from '../journal/taskLedger'
export type { OutputRef, TaskFiles } from '../journal/taskRecord'

/** What the gateway needs to (re)send or follow one task. Never contains the API key. */
export interface GatewayTask {
  id: string
  kind: TaskKind
  /** Idempotency-Key (images, video, native) or client_request_id (workbench); never changes. */
  idempotencyKey: string
  /** The request body as journaled (files are referenced by `files`). */
  request: Record<string, unknown>
  /** Local copies of the files the request sends (owned by the task's folder). */
  files: TaskFiles
  /** The server's task id once known (video, workbench). */
  serverId: string | null
  /** The accepted quote (workbench). */
  quote: AcceptedQuote | null
  /** Made in the offline demo: only ever sent to the demo's simulator. */
  demo: boolean
}

/** The answer to a submission: the outputs directly (images, native) or a server task to follow. */
export type SubmitOutcome =
  | { type: 'outputs'; outputs: OutputRef[] }
  | { type: 'task'; serverId: string; status: ServerStatus | null }

/** A server task's state, normalised: unknown statuses are `running` (never terminal). */
export interface ServerStatus {
  phase: 'running' | 'completed' | 'failed'
  /** The server's own word for the status. */
  raw: string
  /** 0..1 when reported. */
  progress: number | null
  /** For a completed task: where the outputs are. */
  outputs: OutputRef[] | null
  /** For a failed task: what the server said. */
  error: { code?: string; message?: string } | null
}

/** A workbench event from the SSE stream, normalised. */
export type WorkbenchEvent =
  | { type: 'keepalive' }
  | { type: 'queued'; position: number | null }
  | { type: 'preview'; image: string | null; progress: number | null }
  | { type: 'done'; outputs: OutputRef[] }
  | { type: 'error'; error: { code?: string; message?: string } }
  | { type: 'other'; name: string }

/** A quote from POST /v1/art/estimate. */
export interface Quote {
  quoteId: string
  /** The price the server quoted in USD; null when the response shows none. */
  priceUsd: number | null
}

/** A result fetched into a temporary file and verified (size, magic bytes). */
export interface DownloadedFile {
  path: string
  bytes: number
  mime: string
  ext: string
}

export interface TaskGateway {
  /**
   * Who requests are made as (the service origin, never the key): Retry-After pauses and the
   * request budget apply per account. null while no address and key are set.
   */
  account(): Promise<string | null>
  /** Sends (or re-sends, with the same key) the generation request. */
  submit(task: GatewayTask, signal: AbortSignal): Promise<SubmitOutcome>
  /** GET of the server task (video or workbench). */
  status(task: GatewayTask, signal: AbortSignal): Promise<ServerStatus>
  /** The workbench task's event stream (resume path); ends when the server closes it. */
  events(task: GatewayTask, signal: AbortSignal): AsyncIterable<WorkbenchEvent>
  /** A fresh workbench quote for the task's request. */
  estimate(task: GatewayTask, signal: AbortSignal): Promise<Quote>
  /**
   * Fetches one output into a temporary file and verifies it. Throws `not_found` when a link
   * expired. `media` says what the task expects (an image or a video).
   */
  download(
    task: GatewayTask,
    output: OutputRef,
    index: number,
    signal: AbortSignal,
  ): Promise<DownloadedFile>
  /** Whether a download of this output counts against the service's rate limit. */
  usesServiceBudget(output: OutputRef): boolean
  /** Removes everything the gateway staged for a task (once its results are in the library). */
  release(task: GatewayTask): Promise<void>
}

/** Everything the library stores next to a result, so its settings can be reused. */
export interface ResultMeta {
  taskId: string
  index: number
  kind: TaskKind
  model: string
  prompt: string
  negativePrompt: string
  params: Record<string, unknown>
  seed: number | null
  costEstimate: number | null
  demo: boolean
  /** The batch the result belongs to and its place there (X/Y labels, repeat); null if none. */
  batch: BatchCell | null
}

export interface SavedResult {
  libraryId: string
  relPath: string
}

export interface ResultSink {
  /** Moves a verified file into the library under its final name, with its metadata. */
  save(meta: ResultMeta, file: DownloadedFile): Promise<SavedResult>
  /**
   * An item the library holds for this task that the journal does not list (`known`): the save
   * that was under way when the app stopped. Outputs are saved one at a time in order, so there
   * is at most one, and it is the first output the journal lacks. Adopting it instead of saving
   * again keeps a crash from duplicating a result.
   */
  findUnrecorded(taskId: string, known: readonly string[]): Promise<SavedResult | null>
}

/** OS notifications, kept behind an adapter so services never import Electron. */
export interface TaskNotifier {
  notify(message: { title: string; body: string; taskId: string }): void
}
