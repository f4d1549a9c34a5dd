/**
 * The `spending:` channels and event: the local ledger of every charge-bearing request, summed
 * over a range of days or written out as CSV. Amounts are estimates or accepted quotes.
 */
import { z } from 'zod'

import {
  type ClaimCandidate,
  claimCandidatesSchema,
  exportClaimSchema,
} from '../../spending/claims'
import { projectRangeSchema, spendRangeSchema } from '../../spending/schemas'
import type { BudgetState, KeptCost, SpendSummary } from '../../spending/types'
import { channel, type DomainChannels, type DomainEvents, event } from './define'

/** Reading the ledger (the caps are `budget:`). */
export const spendingChannels = {
  'spending:summary': channel<SpendSummary>()(
    'Ledger totals for a range of local days: by day, model, kind and project, the most expensive requests, cost per kept image. Amounts are estimates or accepted quotes, never actual charges.',
    spendRangeSchema,
  ),
  'spending:exportCsv': channel<{ path: string; rows: number } | null>()(
    'Write the ledger rows of a range to a CSV file chosen with the save dialog; null if cancelled.',
    spendRangeSchema,
  ),
  'spending:exportInvoice': channel<{ path: string; rows: number } | null>()(
    "Write an invoice-style CSV for one project (null: the requests made with no project) over a range of days, real activity only, to a file chosen with the save dialog; null if cancelled. Per-project totals are in spending:summary's byProject.",
    projectRangeSchema,
  ),
  'spending:claimCandidates': channel<ClaimCandidate[]>()(
    'The requests of a range a claim may be about: failed charges, charges pending longer than pendingHours (24 by default), results reported unusable. No prompts.',
    claimCandidatesSchema,
  ),
  'spending:exportClaim': channel<{ path: string; requests: number } | null>()(
    'Write a claim pack (ZIP: claim.json + claim.csv) of the ticked candidates to a file chosen with the save dialog; prompts only with includePrompts; never the API key. Null if cancelled.',
    exportClaimSchema,
  ),
  'spending:costPerKept': channel<KeptCost>()(
    "One model's cost per kept image (library favourite) over the last 30 days, from settled amounts: shown beside Generate.",
    z.object({ model: z.string().min(1).max(200) }).strict(),
  ),
} as const satisfies DomainChannels<'spending'>

/** The ledger or the caps moved: every budget badge refreshes. */
export const spendingEvents = {
  'spending:changed': event<BudgetState>(
    'The ledger or the caps changed (a request recorded, settled or failed; caps edited).',
  ),
} as const satisfies DomainEvents<'spending'>
