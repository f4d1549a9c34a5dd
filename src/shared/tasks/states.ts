/**
 * The task engine's vocabulary, shared by main (which drives tasks) and the renderer (which shows
 * them). Names are spelt once here so the journal, the IPC views and the screen cannot drift.
 */

/** What a task generates, and so which endpoint and which concurrency limit applies. */
export const TASK_KINDS = ['image', 'edit', 'video', 'native', 'workbench'] as const
export type TaskKind = (typeof TASK_KINDS)[number]

/**
 * Where a task is in its life:
 * - `queued`: waiting locally for a slot (nothing sent; can be cancelled);
 * - `submitting`: the request (with its journaled key) is being sent or re-sent;
 * - `running`: the server accepted it and works on it (video and workbench tasks);
 * - `downloading`: the result exists on the server and is being fetched into the library;
 * - `saved`: every output is in the library (terminal);
 * - `failed`: the server said `failed` or refused the request outright (terminal);
 * - `needs_attention`: the user must decide (a changed price, a blocked download, a key problem);
 * - `cancelled`: stopped locally before anything was sent (terminal).
 */
export const TASK_STATES = [
  'queued',
  'submitting',
  'running',
  'downloading',
  'saved',
  'failed',
  'needs_attention',
  'cancelled',
] as const
export type TaskState = (typeof TASK_STATES)[number]

/** States in which the engine has nothing more to do. */
export const TERMINAL_STATES: readonly TaskState[] = ['saved', 'failed', 'cancelled']
export const isTerminal = (s: TaskState): boolean => TERMINAL_STATES.includes(s)

/** States the engine drives by itself (recovered at start-up). */
export const ACTIVE_STATES: readonly TaskState[] = [
  'queued',
  'submitting',
  'running',
  'downloading',
]
export const isActive = (s: TaskState): boolean => ACTIVE_STATES.includes(s)

/** The concurrency setting that limits each kind (settings → concurrency). */
export type ConcurrencyKey = 'image' | 'video' | 'art' | 'workbench'
export const CONCURRENCY_KEY: Readonly<Record<TaskKind, ConcurrencyKey>> = {
  image: 'image',
  edit: 'image',
  video: 'video',
  native: 'art',
  workbench: 'workbench',
}

/** Why a task waits for the user in `needs_attention`. */
export type AttentionReason =
  /** The quote expired and the new price differs: confirm it (`tasks:confirmQuote`) or cancel. */
  | 'quote_changed'
  /** The server's first quote is above the estimate shown before submitting. */
  | 'price_above_estimate'
  /** The key, the account or the address refuses calls for a task that may already be paid. */
  | 'blocked'
  /** The result links expired and could not be renewed. */
  | 'result_unavailable'

export const STATE_LABELS: Readonly<Record<TaskState, string>> = {
  queued: 'Queued',
  submitting: 'Submitting',
  running: 'Running',
  downloading: 'Downloading',
  saved: 'Saved',
  failed: 'Failed',
  needs_attention: 'Needs attention',
  cancelled: 'Cancelled',
}

export const KIND_LABELS: Readonly<Record<TaskKind, string>> = {
  image: 'Image',
  edit: 'Image edit',
  video: 'Video',
  native: 'Art (native)',
  workbench: 'Art workbench',
}
