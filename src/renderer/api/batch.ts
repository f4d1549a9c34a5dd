import type { InputOf } from '@shared/ipc/contract'

import { api, call } from './client'

/** Prices a batch in full before anything is sent. */
export const planBatch = (input: InputOf<'batch:plan'>) => call(() => api().batch.plan(input))

/** Starts a priced batch (its request id makes a resend return the same batch). */
export const submitBatch = (input: InputOf<'batch:submit'>) => call(() => api().batch.submit(input))

/** A batch's results as a grid of its axes. */
export const batchGrid = (id: string) => call(() => api().batch.grid({ id }))

/** Saves a batch's grid as one image; answers its path, or null when the user cancelled. */
export const exportBatchGrid = (id: string) => call(() => api().batch.exportGrid({ id }))
