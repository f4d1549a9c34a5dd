/**
 * The `tasks:` channels and event: starting a generation, the task monitor's list, and what the
 * user can do with a task in any state (cancel, resume, retry as new, dismiss, accept a new quote).
 */
import { z } from 'zod'

import { markUnusableSchema } from '../../spending/claims'
import { submitTaskSchema } from '../../tasks/submit'
import type { OpenedResult, QueuedRequestView, TasksUpdate, TaskView } from '../../tasks/views'
import { channel, type DomainChannels, type DomainEvents, empty, event } from './define'

/** A task's local id (a UUID made by main). */
const taskIdSchema = z.string().min(1).max(64)
/** The payload of every channel that acts on one task. */
const byId = z.object({ id: taskIdSchema }).strict()

/** Generation tasks, journaled in main before anything is sent. */
export const tasksChannels = {
  'tasks:list': channel<TaskView[]>()(
    'Every task not dismissed, newest first: state, progress, times, cost, error and results.',
    empty,
  ),
  'tasks:get': channel<TaskView>()('One task by its id, as tasks:list shows it.', byId),
  'tasks:submit': channel<TaskView>()(
    'Start a generation (image | edit | video | native | workbench). Validated with the catalog first (field errors, nothing sent); journaled with a new key before it is sent.',
    submitTaskSchema,
  ),
  'tasks:cancel': channel<TaskView>()(
    'Stop a task in any state: one still local is cancelled; one the service may be working on stops as needs-attention with its key kept (Try again never charges twice).',
    byId,
  ),
  'tasks:retryAsNew': channel<TaskView>()(
    'Run a finished, failed or cancelled task again as a NEW generation (new key: a new charge). ' +
      'An exact repeat of a paid request is refused (`repeat`) unless `allowRepeat`.',
    z.object({ id: taskIdSchema, allowRepeat: z.boolean().optional() }).strict(),
  ),
  'tasks:dismiss': channel<{ id: string }>()(
    'Hide a task in any state (one still in progress is stopped first, as Cancel would); the journal keeps it.',
    byId,
  ),
  'tasks:confirmQuote': channel<TaskView>()(
    'Accept the new price of a re-quoted workbench task; it continues with the same request id.',
    z.object({ id: taskIdSchema, quoteId: z.string().min(1).max(500) }).strict(),
  ),
  'tasks:resume': channel<TaskView>()(
    'Try a blocked task again with the same key (after fixing the key or the connection).',
    byId,
  ),
  'tasks:openResult': channel<OpenedResult[]>()(
    "A task's saved outputs with gen-media: URLs to show them.",
    byId,
  ),
  'tasks:request': channel<QueuedRequestView>()(
    "A queued, never-sent task's request as journaled (no files, no key), for the edit dialog. Refused (validation) once it was sent.",
    byId,
  ),
  'tasks:reorder': channel<TaskView[]>()(
    'Put the queued, never-sent tasks in this order (every queued id as the user arranged them; one transaction). Answers every queued task in run order.',
    z.object({ ids: z.array(taskIdSchema).max(100_000) }).strict(),
  ),
  'tasks:runNext': channel<TaskView[]>()(
    'Move a queued, never-sent task to the front of the queue (behind tasks of a batch given priority). Answers every queued task in run order.',
    byId,
  ),
  'tasks:edit': channel<TaskView>()(
    "Change a queued, never-sent task's request (same kind): validated, priced and checked against the budget like a new request; the task and its ledger row change before anything is sent, with a new key. Refused (validation) once it was sent.",
    z
      .object({
        id: taskIdSchema,
        request: z.record(z.string(), z.unknown()),
        allowRepeat: z.boolean().optional(),
        overrideBudget: z.boolean().optional(),
      })
      .strict(),
  ),
  'tasks:remove': channel<TaskView[]>()(
    'Remove a queued, never-sent task: cancelled (its ledger row void) and out of the list. Answers the other queued tasks in run order.',
    byId,
  ),
  'tasks:restore': channel<TaskView>()(
    "Undo a removal: the removed request is admitted again (validated, priced, budget checked) as a new task with a new key, in the removed one's place.",
    byId,
  ),
  'tasks:markUnusable': channel<{ id: string; reportedAt: number }>()(
    "Report a saved task's result as unusable, with the user's reason: it is then listed when the user prepares a claim.",
    markUnusableSchema,
  ),
} as const satisfies DomainChannels<'tasks'>

/** The task monitor's feed. */
export const tasksEvents = {
  'tasks:updated': event<TasksUpdate>(
    'Tasks that changed since the last event (coalesced per task, at most 10 per second) and ids removed.',
  ),
} as const satisfies DomainEvents<'tasks'>
