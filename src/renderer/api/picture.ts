import type { InputOf } from '@shared/ipc/contract'

import { api, call } from './client'

/** Crop, rotate, flip or resize into a new item (issue #31); the original is never changed. */
export const editPicture = (input: InputOf<'picture:edit'>) => call(() => api().picture.edit(input))

/** "Made from" and "derived" links of one item. */
export const lineageOf = (id: string) => call(() => api().picture.lineage({ id }))

/** How long the local model would take (measured now on a probe tile). */
export const upscaleEstimate = (input: InputOf<'picture:upscaleEstimate'>) =>
  call(() => api().picture.upscaleEstimate(input))

/** Starts a local upscale; progress arrives on `picture:job`. */
export const startUpscale = (input: InputOf<'picture:upscale'>) =>
  call(() => api().picture.upscale(input))

export const cancelUpscale = (jobId: string) => call(() => api().picture.cancel({ jobId }))

export const upscaleJobs = () => call(() => api().picture.jobs({}))

/** Builds and stages the padded picture and mask of an expand under `requestId`. */
export const expandPrepare = (input: InputOf<'picture:expandPrepare'>) =>
  call(() => api().picture.expandPrepare(input))

/**
 * Sends the expand's infill as an ordinary native task under the SAME request id the lineage
 * was stored with: admission prices it, checks the budget and journals it like any other.
 */
export const submitExpand = (input: InputOf<'generate:submitNative'>) =>
  call(() => api().generate.submitNative(input))
