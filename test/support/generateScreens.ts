import { useAccessStore } from '@renderer/forms/access'
import { DEFAULT_DRAFTS, useFormsStore } from '@renderer/stores/forms'
import { useWorkbenchStore } from '@renderer/stores/generate/workbench'
import { initialState as tasksInitial, useTasksStore } from '@renderer/stores/tasks'
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
  queuePosition: null,
  queuePriority: 0,
  ...over,
})

/**
 * A fake main process: records every call and answers from a table. Events reach every listener
 * subscribed to them; `subscriptions(event)` counts the subscriptions ever made and
 * `listening(event)` those still open, so a test can prove an event is subscribed once.
 */
export function fakeMain(answers: Record<string, (payload: unknown) => Result<unknown>> = {}) {
  const calls: Array<[string, unknown]> = []
  const listeners = new Map<string, Set<(p: unknown) => void>>()
  const subscribed = new Map<string, number>()
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
      // A wrapper per subscription, so subscribing one function twice counts twice.
      const entry = (p: unknown) => l(p)
      const set = listeners.get(event) ?? new Set()
      set.add(entry)
      listeners.set(event, set)
      subscribed.set(event, (subscribed.get(event) ?? 0) + 1)
      return () => void set.delete(entry)
    },
    pathForFile: async () => '',
  })
  return {
    calls,
    of: (channel: string) => calls.filter(([c]) => c === channel).map(([, p]) => p),
    emit: (event: string, payload: unknown) => {
      for (const l of [...(listeners.get(event) ?? [])]) l(payload)
    },
    subscriptions: (event: string) => subscribed.get(event) ?? 0,
    listening: (event: string) => listeners.get(event)?.size ?? 0,
  }
}

/** Fresh stores and an empty localStorage before each test; unmount after. */
export function resetScreensEachTest(): void {
  beforeEach(() => {
    localStorage.clear()
    useFormsStore.setState({ drafts: structuredClone(DEFAULT_DRAFTS) })
    useTasksStore.setState(tasksInitial)
    useWorkbenchStore.setState({ quote: null, assets: {}, quoting: false })
    useAccessStore.setState({
      models: null,
      unknown: [],
      loaded: false,
      requested: false,
      askedAt: 0,
    })
  })
  afterEach(cleanup)
}

export const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement
