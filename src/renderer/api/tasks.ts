import type { InputOf } from '@shared/ipc/contract'
import type { SubmitTaskInput } from '@shared/tasks/submit'

import { api, call } from './client'

/**
 * A request id per submission: sending the same id twice (a double click, a resend after a
 * reload) makes the engine return the existing task instead of starting a second, paid one.
 */
export const newRequestId = (): string =>
  `gen-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`

/**
 * Starts a generation under a new request id. The answer is a task view: the caller hands it to
 * the task store (stores/tasks), which merges it with the feed. Task controls (cancel, resume,
 * dismiss, confirm a quote) are that store's `run` action.
 */
export const submitTask = (input: SubmitTaskInput) =>
  call(() => api().tasks.submit({ requestId: newRequestId(), ...input }))

/** A queued, never-sent task's request, for the edit dialog (refused once it was sent). */
export const queuedRequest = (id: string) => call(() => api().tasks.request({ id }))

/**
 * Edits a queued, never-sent task's request: main validates, prices and checks it against the
 * budget as a new request, and answers the task with its new estimate (or field errors).
 */
export const editQueued = (input: InputOf<'tasks:edit'>) => call(() => api().tasks.edit(input))
