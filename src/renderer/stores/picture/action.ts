import type { UpscaleJobView } from '@shared/library/upscale'
import type { StateCreator } from 'zustand'

import { api } from '../../api/client'
import { upscaleJobs } from '../../api/picture'
import type { PictureState } from './initialState'

export interface PictureActions {
  /** Subscribes to `picture:job` (once for the renderer) and loads the list; returns the release. */
  connect(): () => void
  /** Merges a job view, newer `updatedAt` wins (events and list answers may cross). */
  receive(job: UpscaleJobView): void
}

export type PictureStore = PictureState & PictureActions

let connections = 0
let unsubscribe: (() => void) | null = null

export const createPictureActions: StateCreator<PictureStore, [], [], PictureActions> = (
  set,
  get,
) => ({
  connect() {
    connections++
    if (connections === 1) unsubscribe = api().on('picture:job', (j) => get().receive(j))
    void upscaleJobs().then((r) => {
      if (r.ok) for (const j of r.value) get().receive(j)
    })
    let released = false
    return () => {
      if (released) return
      released = true
      connections--
      if (connections === 0) {
        unsubscribe?.()
        unsubscribe = null
      }
    }
  },
  receive(job) {
    set((s) => {
      const old = s.jobs[job.jobId]
      if (old && old.updatedAt > job.updatedAt) return s
      return { jobs: { ...s.jobs, [job.jobId]: job } }
    })
  },
})
