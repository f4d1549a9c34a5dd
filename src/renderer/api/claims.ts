import type { InputOf } from '@shared/ipc/contract'

import { api, call } from './client'

/** The requests of a range a claim may be about (failed, pending too long, reported unusable). */
export const claimCandidates = (input: InputOf<'spending:claimCandidates'>) =>
  call(() => api().spending.claimCandidates(input))

/** Writes the claim pack of the ticked requests; null when the user cancelled the save dialog. */
export const exportClaim = (input: InputOf<'spending:exportClaim'>) =>
  call(() => api().spending.exportClaim(input))

/** Reports a saved task's result as unusable, with the user's reason. */
export const markUnusable = (id: string, reason: string) =>
  call(() => api().tasks.markUnusable({ id, reason }))
