import type { AppError } from '@shared/result'
import type { TaskState } from '@shared/tasks/states'
import type { QuoteView } from '@shared/tasks/views'

import { t as tr } from '../../../i18n'
import type { TaskPatch, TaskRecord } from '../../journal/TaskJournal'
import type { OutputRef } from '../ports'

/**
 * Everything that can happen to a task. The engine turns each gateway answer into one of these;
 * `transition` decides the new state. Keeping the rules in one pure function means each of them
 * is tested on its own, without timers or HTTP.
 */
export type TaskEvent =
  /** A concurrency slot is free: the task leaves the local queue. */
  | { type: 'start' }
  /** The request is about to be sent (or re-sent): the attempt is counted, the key is reused. */
  | { type: 'send' }
  /** The server created a task to follow (video, workbench). */
  | { type: 'accepted'; serverId: string; status: string | null; progress: number | null }
  /** The outputs are known (a synchronous answer, a completed task or a renewed link). */
  | { type: 'outputs'; outputs: OutputRef[] }
  /** The server reported progress or an unknown (so still running) status. */
  | { type: 'progress'; status: string; progress: number | null }
  /** The server said the task failed. */
  | { type: 'server_failed'; error: AppError }
  /** A definitive 4xx refused the request (nothing was charged). */
  | { type: 'refused'; error: AppError }
  /** A passing problem (timeout, disconnect, 5xx, 429, generation_pending): same state, same key. */
  | { type: 'transient'; notice: AppError }
  /** A workbench quote was accepted (the same price, or the price shown before submitting). */
  | { type: 'quoted'; quote: { quoteId: string; priceUsd: number | null; quotedAt: number } }
  /** The new quote's price differs: the user must confirm it. */
  | { type: 'quote_changed'; quote: QuoteView; reason: 'quote_changed' | 'price_above_estimate' }
  | { type: 'quote_confirmed' }
  /** The key, account or address refuses calls for a task that may already be charged. */
  | { type: 'blocked'; error: AppError }
  /** Result links expired: ask the server again (same key) for fresh ones. */
  | { type: 'renew_links' }
  /** Links could not be renewed: the user decides. */
  | { type: 'links_lost'; error: AppError }
  /** One output reached the library. */
  | { type: 'result_saved' }
  /** Every output reached the library. */
  | { type: 'saved' }
  /** The user tries a blocked task again, with the same key. */
  | { type: 'resume' }
  | { type: 'cancel' }
  | { type: 'dismiss' }

export class InvalidTransition extends Error {
  constructor(
    readonly state: TaskState,
    readonly event: TaskEvent['type'],
  ) {
    super(`A task that is ${state} cannot take "${event}".`)
    this.name = 'InvalidTransition'
  }
}

type Current = Pick<
  TaskRecord,
  | 'state'
  | 'attention'
  | 'serverId'
  | 'outputs'
  | 'startedAt'
  | 'attempts'
  | 'kind'
  | 'pendingQuote'
>

const onlyFrom = (t: Current, event: TaskEvent, ...states: TaskState[]): void => {
  if (!states.includes(t.state)) throw new InvalidTransition(t.state, event.type)
}

/** The phase a paid (or possibly paid) task returns to: as far as the journal says it got. */
function resumePhase(t: Current): TaskState {
  if (t.outputs && t.outputs.length > 0) return 'downloading'
  if (t.serverId) return 'running'
  return 'submitting'
}

const waitsOnQuote = (t: Current): boolean =>
  t.state === 'needs_attention' &&
  (t.attention === 'quote_changed' || t.attention === 'price_above_estimate')

/** What a task stopped by the user while the service may be working on it (and charging) says. */
export const stoppedByUser = (): AppError => ({
  code: 'cancelled',
  message: tr('stoppedByUser'),
  action: tr('stoppedByUserAction'),
})

/**
 * Cancel (and Dismiss of a task still in progress). Whatever the state, the user can stop a task.
 * One that never left the app (queued, waiting on a price, or about to send its first request)
 * is cancelled; one the service may already be working on stops as "needs attention", keeping
 * its key and server id, so a charged result can still be fetched without paying twice.
 */
function stopPatch(t: Current, event: TaskEvent, now: number): TaskPatch {
  const neverSent = t.attempts === 0 && !t.serverId
  if (t.state === 'queued' || waitsOnQuote(t) || (t.state === 'submitting' && neverSent))
    return { state: 'cancelled', finishedAt: now, pendingQuote: null }
  if (t.state === 'submitting' || t.state === 'running' || t.state === 'downloading')
    return { state: 'needs_attention', attention: 'blocked', error: stoppedByUser() }
  throw new InvalidTransition(t.state, event.type)
}

/**
 * The rules of a task's life. Returns the journal patch for `event` applied to `t` at `now`, or
 * throws InvalidTransition. Only `server_failed` and `refused` lead to `failed`; a transient
 * problem never changes the state; nothing here ever changes the idempotency key.
 */
export function transition(t: Current, event: TaskEvent, now: number): TaskPatch {
  switch (event.type) {
    case 'start':
      onlyFrom(t, event, 'queued')
      return { state: 'submitting', notice: null }
    case 'send':
      onlyFrom(t, event, 'submitting')
      return {
        attempts: t.attempts + 1,
        startedAt: t.startedAt ?? now,
        notice: null,
      }
    case 'accepted':
      onlyFrom(t, event, 'submitting', 'running')
      return {
        state: 'running',
        serverId: event.serverId,
        serverStatus: event.status,
        progress: event.progress,
        notice: null,
        error: null,
      }
    case 'outputs':
      onlyFrom(t, event, 'submitting', 'running', 'downloading')
      if (event.outputs.length === 0) throw new InvalidTransition(t.state, event.type)
      return { state: 'downloading', outputs: event.outputs, notice: null, progress: null }
    case 'progress':
      onlyFrom(t, event, 'running')
      return { serverStatus: event.status, progress: event.progress, notice: null }
    case 'server_failed':
      onlyFrom(t, event, 'submitting', 'running', 'downloading')
      return { state: 'failed', error: event.error, finishedAt: now, notice: null }
    case 'refused':
      onlyFrom(t, event, 'submitting')
      return { state: 'failed', error: event.error, finishedAt: now, notice: null }
    case 'transient':
      onlyFrom(t, event, 'submitting', 'running', 'downloading')
      return { notice: event.notice }
    case 'quoted':
      onlyFrom(t, event, 'submitting')
      return { quote: event.quote, pendingQuote: null, notice: null }
    case 'quote_changed':
      onlyFrom(t, event, 'submitting')
      return {
        state: 'needs_attention',
        attention: event.reason,
        pendingQuote: event.quote,
        notice: null,
      }
    case 'quote_confirmed':
      if (
        t.state !== 'needs_attention' ||
        (t.attention !== 'quote_changed' && t.attention !== 'price_above_estimate') ||
        !t.pendingQuote
      )
        throw new InvalidTransition(t.state, event.type)
      return {
        state: 'queued',
        attention: null,
        quote: { ...t.pendingQuote },
        pendingQuote: null,
        error: null,
      }
    case 'blocked':
      onlyFrom(t, event, 'submitting', 'running', 'downloading')
      return { state: 'needs_attention', attention: 'blocked', error: event.error, notice: null }
    case 'renew_links':
      onlyFrom(t, event, 'downloading')
      // A video asks its task again; a synchronous kind re-sends its request with the same key.
      return t.serverId
        ? { state: 'running', outputs: null, notice: null }
        : { state: 'submitting', outputs: null, notice: null }
    case 'links_lost':
      onlyFrom(t, event, 'downloading')
      return {
        state: 'needs_attention',
        attention: 'result_unavailable',
        error: event.error,
        notice: null,
      }
    case 'result_saved':
      onlyFrom(t, event, 'downloading')
      return { notice: null }
    case 'saved':
      onlyFrom(t, event, 'downloading')
      return { state: 'saved', finishedAt: now, progress: 1, notice: null, error: null }
    case 'resume':
      if (
        t.state !== 'needs_attention' ||
        (t.attention !== 'blocked' && t.attention !== 'result_unavailable')
      )
        throw new InvalidTransition(t.state, event.type)
      return { state: resumePhase(t), attention: null, error: null, notice: null }
    case 'cancel':
      return { ...stopPatch(t, event, now), notice: null }
    case 'dismiss':
      if (['saved', 'failed', 'cancelled'].includes(t.state)) return { dismissed: true }
      if (t.state === 'needs_attention' && !waitsOnQuote(t)) return { dismissed: true }
      return { ...stopPatch(t, event, now), notice: null, dismissed: true }
  }
}
