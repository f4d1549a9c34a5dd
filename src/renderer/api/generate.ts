import type { InputOf } from '@shared/ipc/contract'

import { api, call } from './client'
import { newRequestId } from './tasks'

/** The art-model endpoint (images in the same request), under a new request id. */
export const submitNative = (input: Omit<InputOf<'generate:submitNative'>, 'requestId'>) =>
  call(() => api().generate.submitNative({ requestId: newRequestId(), ...input }))

/** Uploads a file main can read for the workbench; answers the service's asset id. */
export const uploadAsset = (path: string) => call(() => api().generate.uploadAsset({ path }))

/** Asks the service for a quote of the workbench request (nothing is charged). */
export const estimate = (request: InputOf<'generate:estimate'>['request']) =>
  call(() => api().generate.estimate({ request }))

/** Writes bytes that have no OS path (a paste, a painted mask) where main reads uploads. */
export const stageFile = (bytes: Uint8Array) => call(() => api().generate.stageFile({ bytes }))
