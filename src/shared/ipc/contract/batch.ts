/**
 * The `batch:` channels and event: a form's request expanded into many (wildcards, X/Y axes,
 * repeats), priced in full before the first is sent, then run, paused, resumed or cancelled.
 */
import { z } from 'zod'

import { batchIdSchema, batchInputSchema, batchSubmitSchema } from '../../batch/schemas'
import type { BatchGridView, BatchPlanView, BatchView } from '../../batch/types'
import { channel, type DomainChannels, type DomainEvents, empty, event } from './define'

/** Planning and running batches (the named wildcard lists are `wildcards:`). */
export const batchChannels = {
  'batch:plan': channel<BatchPlanView>()(
    "Expand a form's request into the batch's requests (wildcards, X/Y axes, repeats), validate and price every one, and say whether it fits the budget. Nothing is sent.",
    batchInputSchema,
  ),
  'batch:submit': channel<BatchView>()(
    'Journal every request of a planned batch (each with its own key) in one step after the budget check, then run them through the task engine.',
    batchSubmitSchema,
  ),
  'batch:list': channel<BatchView[]>()('Batches not dismissed, newest first.', empty),
  'batch:grid': channel<BatchGridView>()(
    "A batch's cells in plan order with their tasks' states and saved results (the X/Y grid).",
    batchIdSchema,
  ),
  'batch:pause': channel<BatchView>()(
    'Send nothing new from this batch; requests already sent finish and are saved.',
    batchIdSchema,
  ),
  'batch:resume': channel<BatchView>()('Let a paused batch send again.', batchIdSchema),
  'batch:cancel': channel<BatchView>()(
    'Cancel every request of the batch not yet sent; requests already sent finish and are saved.',
    batchIdSchema,
  ),
  'batch:prioritize': channel<BatchView>()(
    "Run first (`first: true`): the batch's queued tasks go before every other batch's and every single task; `false` gives the usual order back.",
    z.object({ id: z.string().min(1).max(64), first: z.boolean() }).strict(),
  ),
  'batch:exportGrid': channel<{ path: string } | null>()(
    "Compose an X/Y batch's results into one labelled PNG at a path chosen with the save dialog; null if cancelled.",
    batchIdSchema,
  ),
} as const satisfies DomainChannels<'batch'>

/** A batch's progress, for Tasks and the grid. */
export const batchEvents = {
  'batch:updated': event<BatchView>('A batch changed state or one of its tasks moved on.'),
} as const satisfies DomainEvents<'batch'>
