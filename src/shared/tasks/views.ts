/**
 * What main tells the renderer about tasks: one view per task (`tasks:list`, `tasks:updated`).
 * Views never carry the API key, the idempotency key or request file paths.
 */
import type { BatchCell } from '../batch/types'
import type { AppError } from '../result'
import type { AttentionReason, TaskKind, TaskState } from './states'

/** A price as the service quoted it (workbench), next to the one the user accepted. */
export interface QuoteView {
  quoteId: string
  priceUsd: number | null
  /** When main asked for it (ms since epoch). */
  quotedAt: number
}

/** One output of a task that reached the library. */
export interface TaskResultView {
  index: number
  libraryId: string
  /** Path inside the library folder, `/`-separated. */
  relPath: string
}

export interface TaskView {
  id: string
  kind: TaskKind
  state: TaskState
  model: string
  /** The prompt, cut to 300 characters for the list. */
  prompt: string
  /** 0..1 when the server reports progress; null when it does not (indeterminate bar). */
  progress: number | null
  /** What the server last said the task's status is (its own word, e.g. `in_progress`). */
  serverStatus: string | null
  /** The server's task id (video, workbench), for support requests. */
  serverId: string | null
  createdAt: number
  /** First time the request was sent (a charge is possible from here on). */
  startedAt: number | null
  finishedAt: number | null
  updatedAt: number
  /** Estimated USD cost before the request (src/shared/pricing); null: no published rate. */
  costUsd: number | null
  /** How the estimate reads in the UI ("$0.0300", "no published rate"). */
  costLabel: string
  /** The price the user accepted (workbench quote). */
  quote: QuoteView | null
  /** A new quote waiting for the user's confirmation (state needs_attention, quote_changed). */
  pendingQuote: QuoteView | null
  attention: AttentionReason | null
  /** Why the task failed or needs attention: what the server said and what to do about it. */
  error: AppError | null
  /** A passing problem the engine is riding out (rate limit, network); not a failure. */
  notice: AppError | null
  /** How many times the request was sent with its (unchanged) key. */
  attempts: number
  results: TaskResultView[]
  /** Number of outputs the server produced, once known. */
  outputCount: number | null
  /** Latest workbench preview as a data: URL, kept in memory while the task runs. */
  preview: string | null
  /** The task this one retried as a new generation. */
  retryOf: string | null
  /** The batch this task belongs to and its place there; null for a single generation. */
  batch: BatchCell | null
  /**
   * A queued task's place in the run order (0 runs next; every kind in one order, see
   * journal/TaskJournal `runOrder`); null once it left the queue.
   */
  queuePosition: number | null
  /** Its batch's priority ("Run first"; 0: none, higher runs first); 0 for a single task. */
  queuePriority: number
}

/** `tasks:updated`: the views that changed since the last event, and the ids that went away. */
export interface TasksUpdate {
  changed: TaskView[]
  removed: string[]
}

/** A saved output as `tasks:openResult` returns it: a URL the renderer can show. */
export interface OpenedResult {
  libraryId: string
  relPath: string
  /** gen-media: URL of the original file. */
  url: string
  media: 'image' | 'video'
}

/**
 * A queued, never-sent task's request as the edit dialog starts from it (`tasks:request`): its
 * kind, its request fields (no file paths, no key) and how many reference files it sends.
 */
export interface QueuedRequestView {
  id: string
  kind: TaskKind
  request: Record<string, unknown>
  referenceCount: number
}
