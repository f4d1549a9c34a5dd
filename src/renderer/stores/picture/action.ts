import type { UpscaleJobView } from '@shared/library/upscale'
import type { StateCreator } from 'zustand'

import { api } from '../../api/client'
import { upscaleJobs } from '../../api/picture'
import { sharedSubscription } from '../sharedSubscription'
import type { PictureState } from './initialState'

export interface PictureActions {
  /** Subscribes to `picture:job` (once for the renderer) and loads the list; returns the release. */
  connect(): () => void
  /** Merges a job view, newer `updatedAt` wins (events and list answers may cross). */
  receive(job: UpscaleJobView): void
}

export type PictureStore = PictureState & PictureActions

const feed = sharedSubscription()

export const createPictureActions: StateCreator<PictureStore, [], [], PictureActions> = (
  set,
  get,
) => ({
  connect() {
    const release = feed.join(() => api().on('picture:job', (j) => get().receive(j)))
    void upscaleJobs().then((r) => {
      if (r.ok) for (const j of r.value) get().receive(j)
    })
    return release
  },
  receive(job) {
    set((s) => {
      const old = s.jobs[job.jobId]
      if (old && old.updatedAt > job.updatedAt) return s
      return { jobs: { ...s.jobs, [job.jobId]: job } }
    })
  },
})
