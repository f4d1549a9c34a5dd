import type { InputOf } from '@shared/ipc/contract'
import type { SubmitTaskInput } from '@shared/tasks/submit'
import type { TasksUpdate } from '@shared/tasks/views'
import { useEffect } from 'react'

import { api, call } from '../api/client'
import { useGenerateStore } from '../stores/generate'
import { loadModelAccess } from './access'
import type { Stager } from './addFiles'

/**
 * A request id per submission: sending the same id twice (a double click, a resend after a
 * reload) makes the engine return the existing task instead of starting a second, paid one.
 */
export const newRequestId = (): string =>
  `gen-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`

/** The calls the generation screens make, each answering a Result (never throwing). */
export const tasksClient = {
  submit: (input: SubmitTaskInput) =>
    call(() => api().tasks.submit({ requestId: newRequestId(), ...input })),
  submitNative: (input: InputOf<'generate:submitNative'>) =>
    call(() => api().generate.submitNative({ requestId: newRequestId(), ...input })),
  cancel: (id: string) => call(() => api().tasks.cancel({ id })),
  dismiss: async (id: string) => {
    const r = await call(() => api().tasks.dismiss({ id }))
    if (r.ok) useGenerateStore.getState().removeTasks([id])
    return r
  },
  confirmQuote: (id: string, quoteId: string) =>
    call(() => api().tasks.confirmQuote({ id, quoteId })),
  resume: (id: string) => call(() => api().tasks.resume({ id })),
  uploadAsset: (path: string) => call(() => api().generate.uploadAsset({ path })),
  estimate: (request: InputOf<'generate:estimate'>['request']) =>
    call(() => api().generate.estimate({ request })),
  stage: ((_name, bytes) => call(() => api().generate.stageFile({ bytes }))) as Stager,
}

let subscribers = 0
let unsubscribe: (() => void) | null = null

/**
 * Keeps the screens' task views current: loads the engine's list when the first generation screen
 * opens (so tasks from before a restart show again, previews included) and applies every
 * tasks:updated while any of them is open.
 */
export function useTaskFeed(): void {
  useEffect(() => {
    subscribers++
    loadModelAccess()
    if (subscribers === 1) {
      unsubscribe = api().on('tasks:updated', (u: TasksUpdate) => {
        const s = useGenerateStore.getState()
        s.upsertTasks(u.changed)
        s.removeTasks(u.removed)
      })
      void call(() => api().tasks.list({})).then((r) => {
        if (r.ok) useGenerateStore.getState().upsertTasks(r.value)
      })
    }
    return () => {
      subscribers--
      if (subscribers === 0) {
        unsubscribe?.()
        unsubscribe = null
      }
    }
  }, [])
}
