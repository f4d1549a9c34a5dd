import { useAccessStore } from '@renderer/forms/access'
import { DEFAULT_DRAFTS, useFormsStore } from '@renderer/stores/forms'
import { useGenerateStore } from '@renderer/stores/generate'
import { useWorkbenchStore } from '@renderer/stores/generate/workbench'
import { buildApi } from '@shared/ipc/buildApi'
import type { Result } from '@shared/result'
import type { TaskView } from '@shared/tasks/views'
import { cleanup, screen } from '@testing-library/react'
import { afterEach, beforeEach } from 'vitest'

/** Helpers shared by the generation screens' tests: a fake main process and fresh stores. */

export const taskView = (over: Partial<TaskView> = {}): TaskView => ({
  id: 't1',
  kind: 'image',
  state: 'queued',
  model: 'std-image-2',
  prompt: 'p',
  progress: null,
  serverStatus: null,
  serverId: null,
  createdAt: 1,
  startedAt: null,
  finishedAt: null,
  updatedAt: 1,
  costUsd: 0.01,
  costLabel: '$0.01',
  quote: null,
  pendingQuote: null,
  attention: null,
  error: null,
  notice: null,
  attempts: 0,
  results: [],
  outputCount: null,
  preview: null,
  retryOf: null,
  batch: null,
  ...over,
})

/** A fake main process: records every call and answers from a table. */
export function fakeMain(answers: Record<string, (payload: unknown) => Result<unknown>> = {}) {
  const calls: Array<[string, unknown]> = []
  const listeners = new Map<string, (p: unknown) => void>()
  window.api = buildApi({
    invoke: async (channel, payload) => {
      calls.push([channel, payload])
      const answer = answers[channel]
      if (answer) return answer(payload)
      if (channel === 'tasks:list') return { ok: true, value: [] }
      if (channel === 'account:testConnection')
        return {
          ok: true,
          value: { models: [], usable: ['std-image-2', 'art-v4.5'], checkedAt: 1 },
        }
      if (channel === 'tasks:submit')
        return { ok: true, value: taskView({ id: `t${calls.length}` }) }
      return { ok: false, error: { code: 'not_found', message: `no answer for ${channel}` } }
    },
    subscribe: (event, l) => {
      listeners.set(event, l)
      return () => listeners.delete(event)
    },
    pathForFile: async () => '',
  })
  return {
    calls,
    of: (channel: string) => calls.filter(([c]) => c === channel).map(([, p]) => p),
    emit: (event: string, payload: unknown) => listeners.get(event)?.(payload),
  }
}

/** Fresh stores and an empty localStorage before each test; unmount after. */
export function resetScreensEachTest(): void {
  beforeEach(() => {
    localStorage.clear()
    useFormsStore.setState({ drafts: structuredClone(DEFAULT_DRAFTS) })
    useGenerateStore.setState({ tasks: {} })
    useWorkbenchStore.setState({ quote: null, assets: {}, quoting: false })
    useAccessStore.setState({ models: null, loaded: false, requested: false })
  })
  afterEach(cleanup)
}

export const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement
