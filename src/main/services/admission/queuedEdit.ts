/**
 * The parts of an edit of a queued, never-sent task (Admission.editQueued) that need no service:
 * the edited input's shape, the row it becomes, and the refusal once the task has been sent.
 */
import { randomUUID } from 'node:crypto'

import { fail } from '@shared/result'
import type { LedgerBasis } from '@shared/spending/types'
import { costOf, promptOf } from '@shared/tasks/estimate'
import { type SubmitTaskInput, submitTaskSchema } from '@shared/tasks/submit'

import { t } from '../../i18n'
import type { QueuedRequest } from '../journal/TaskJournal'

/** What an edit of a queued task sends (tasks:edit): its new request, and the user's choices. */
export interface QueuedEdit {
  request: Record<string, unknown>
  /** The user chose to pay again for a request already paid for. */
  allowRepeat?: boolean
  /** The user chose to go over a budget cap once for this edit. */
  overrideBudget?: boolean
}

/**
 * The edited input checked for shape as `tasks:submit` checks a new one (the kind's request
 * schema), with field-level messages; the catalog's validators run after.
 */
export function parseEdit(candidate: SubmitTaskInput): SubmitTaskInput {
  const parsed = submitTaskSchema.safeParse(candidate)
  if (parsed.success) return parsed.data
  const fields: Record<string, string> = {}
  for (const issue of parsed.error.issues) fields[issue.path.join('.')] ??= issue.message
  // A failed parse has at least one issue, so the fallback is never read.
  // Stryker disable next-line ArrayDeclaration,StringLiteral: equivalent, unreachable (see above)
  const [path, message] = Object.entries(fields)[0] ?? ['request', t('invalidRequest')]
  return fail('validation', t('fieldProblem', { field: path, problem: message }), {
    fields,
    action: t('fixFieldsQueuedKept'),
  })
}

/**
 * The task row an edit writes: the new request with its estimate (the same function a new task
 * journals its estimate with) and a new key (a different request; the old key was never sent).
 */
export function editedRequest(input: SubmitTaskInput): QueuedRequest {
  const { costUsd, costLabel } = costOf(input)
  const request = { ...(input.request as Record<string, unknown>) }
  return {
    request,
    prompt: promptOf(input),
    model: String(request.model ?? ''),
    costUsd,
    costLabel,
    idempotencyKey: randomUUID(),
  }
}

/** The ledger row of an edited task: its new estimate (an edited request has no quote). */
export function ledgerAmountOf(r: QueuedRequest): {
  amountUsd: number | null
  basis: LedgerBasis
  model: string
  prompt: string
} {
  const basis: LedgerBasis = r.costUsd !== null ? 'estimate' : 'none'
  return { amountUsd: r.costUsd, basis, model: r.model, prompt: r.prompt }
}

/** Refuses an edit of a task that has been sent (or stopped) meanwhile; nothing was written. */
export function notUnsent(): never {
  return fail('validation', t('queuedAlreadySent'), {
    action: t('queuedAlreadySentAction'),
  })
}
