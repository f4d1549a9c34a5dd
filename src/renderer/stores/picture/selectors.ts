import type { UpscaleJobView } from '@shared/library/upscale'

import type { PictureState } from './initialState'

/** Every job, newest first. */
export const jobList = (s: PictureState): UpscaleJobView[] =>
  Object.values(s.jobs).sort((a, b) => b.startedAt - a.startedAt)

/** The jobs of one item, newest first. */
export const jobsOf = (s: PictureState, itemId: string): UpscaleJobView[] =>
  jobList(s).filter((j) => j.itemId === itemId)

export const isActive = (j: UpscaleJobView): boolean =>
  j.state === 'running' || j.state === 'saving'
