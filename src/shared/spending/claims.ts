/**
 * Claims (issue #29): the requests the user may want to raise with the service (failed charges,
 * charges pending too long, results that could not be used), and the pack that lists them.
 */
import { z } from 'zod'

import { msg } from '../i18n/message'
import { dayKeySchema } from './schemas'
import type { LedgerEntryView } from './types'

/** Why a request is a candidate for a claim. */
export type ClaimReason = 'failed' | 'pending' | 'unusable'

/** A pending charge older than this is listed as "pending too long" unless the user says otherwise. */
export const DEFAULT_PENDING_HOURS = 24

/** The version of claim.json's shape; bumped whenever a field changes meaning. */
export const CLAIM_PACK_VERSION = 1

/** One request the claim dialog lists (no prompt: prompts only ever go into a pack when asked). */
export interface ClaimCandidate extends Pick<
  LedgerEntryView,
  'id' | 'taskId' | 'kind' | 'model' | 'amountUsd' | 'basis' | 'status' | 'createdAt'
> {
  reasons: ClaimReason[]
  /** The service's last words about it (error, else notice), bounded; null if none. */
  message: string | null
  /** What the user wrote when reporting the result unusable. */
  unusableReason: string | null
}

const candidateQuery = {
  from: dayKeySchema,
  to: dayKeySchema,
  /** Pending charges older than this many hours are listed. */
  pendingHours: z
    .number()
    .min(1)
    .max(24 * 365)
    .optional(),
}

const orderedRange = <T extends { from: string; to: string }>(r: T) => r.from <= r.to
const rangeMessage = { error: () => msg('rangeBackwards'), path: ['to'] }

export const claimCandidatesSchema = z
  .object(candidateQuery)
  .strict()
  .refine(orderedRange, rangeMessage)

export const exportClaimSchema = z
  .object({
    ...candidateQuery,
    /** The ledger ids the user ticked (they must be candidates of the range). */
    ids: z
      .array(z.string().min(1).max(64))
      .min(1, { error: () => msg('claimTickOne') })
      .max(10_000),
    /** Prompts are the user's own content: only in the pack when ticked. */
    includePrompts: z.boolean(),
  })
  .strict()
  .refine(orderedRange, rangeMessage)

export const markUnusableSchema = z
  .object({
    id: z.string().min(1).max(64),
    reason: z
      .string()
      .trim()
      .min(3, { error: () => msg('claimReasonShort') })
      .max(1000, { error: () => msg('claimReasonLong') }),
  })
  .strict()

export type ClaimCandidatesQuery = z.infer<typeof claimCandidatesSchema>
export type ExportClaimRequest = z.infer<typeof exportClaimSchema>
