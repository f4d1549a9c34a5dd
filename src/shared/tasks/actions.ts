/**
 * Which actions a task offers, decided in one place for main (which enforces them) and the
 * renderer (which shows the buttons), so the screen never offers what main would refuse.
 */
import type { TaskView } from './views'

export interface TaskActions {
  /**
   * Stop a task, whatever it is doing: one still local is cancelled; one the service may be
   * working on stops as "needs attention" with its key kept (Try again never charges twice).
   */
  cancel: boolean
  /** Start the same request again as a new generation, with a new key (a new charge). */
  retryAsNew: boolean
  /** Hide a finished task from the list (the journal keeps it). */
  dismiss: boolean
  /** Accept the new price of a re-quoted workbench task. */
  confirmQuote: boolean
  /** Show the saved result in the library. */
  openResult: boolean
  /** Try again with the same key after a blocked call or expired links (never a new charge). */
  resume: boolean
}

type ActionInput = Pick<TaskView, 'state' | 'attention' | 'results' | 'startedAt'>

export function taskActions(t: ActionInput): TaskActions {
  const quoteWait =
    t.state === 'needs_attention' &&
    (t.attention === 'quote_changed' || t.attention === 'price_above_estimate')
  const mayBeCharged = t.state === 'needs_attention' && !quoteWait
  return {
    cancel:
      t.state === 'queued' ||
      t.state === 'submitting' ||
      t.state === 'running' ||
      t.state === 'downloading' ||
      quoteWait,
    retryAsNew: t.state === 'failed' || t.state === 'cancelled' || t.state === 'saved',
    dismiss: t.state === 'saved' || t.state === 'failed' || t.state === 'cancelled' || mayBeCharged,
    confirmQuote: quoteWait,
    openResult: t.results.length > 0,
    resume: mayBeCharged,
  }
}
