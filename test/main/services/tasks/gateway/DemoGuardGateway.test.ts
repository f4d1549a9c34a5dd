import { dispositionOf } from '@main/services/tasks/engine/classify'
import { DemoGuardGateway } from '@main/services/tasks/gateway/DemoGuardGateway'
import type { GatewayTask, TaskGateway } from '@main/services/tasks/ports'
import { isAppFailure } from '@shared/result'
import { describe, expect, it } from 'vitest'

const task = (demo: boolean): GatewayTask => ({
  id: demo ? 'demo-task' : 'real-task',
  kind: 'video',
  idempotencyKey: 'k-1',
  request: { model: 'clip-h3', prompt: 'waves' },
  files: { images: [] },
  serverId: 'vid_1',
  quote: null,
  demo,
})

/** A gateway that records which calls reached the service. */
function recordingGateway() {
  const calls: string[] = []
  const inner: TaskGateway = {
    account: async () => 'https://svc',
    submit: async (t) => (
      calls.push(`submit ${t.id}`),
      { type: 'task', serverId: 'vid_1', status: null }
    ),
    status: async (t) => (
      calls.push(`status ${t.id}`),
      { phase: 'running', raw: 'queued', progress: null, outputs: null, error: null }
    ),
    async *events(t) {
      calls.push(`events ${t.id}`)
      yield { type: 'keepalive' } as const
    },
    estimate: async (t) => (calls.push(`estimate ${t.id}`), { quoteId: 'q', priceUsd: 0.01 }),
    download: async (t) => (
      calls.push(`download ${t.id}`),
      { path: '/tmp/x', bytes: 1, mime: 'video/mp4', ext: 'mp4' }
    ),
    usesServiceBudget: () => true,
    release: async () => {},
  }
  return { inner, calls }
}

const failureOf = async (p: Promise<unknown>) => {
  try {
    await p
  } catch (e) {
    if (isAppFailure(e)) return e.error
    throw e
  }
  throw new Error('expected a failure')
}

describe('DemoGuardGateway', () => {
  const signal = new AbortController().signal

  it('sends demo tasks only while the demo runs, real tasks only outside it', async () => {
    const { inner, calls } = recordingGateway()
    let demo = true
    const guard = new DemoGuardGateway(inner, async () => ({ demo }))
    await guard.submit(task(true), signal)
    demo = false
    await guard.status(task(false), signal)
    expect(calls).toEqual(['submit demo-task', 'status real-task'])
  })

  it('ends a demo task once the demo is over, without sending anything to the real service', async () => {
    const { inner, calls } = recordingGateway()
    const guard = new DemoGuardGateway(inner, async () => ({ demo: false }))
    for (const call of [
      () => guard.submit(task(true), signal),
      () => guard.status(task(true), signal),
      () => guard.estimate(task(true), signal),
      () => guard.download(task(true), { type: 'video', serverId: 'vid_1' }, 0, signal),
      () => guard.events(task(true), signal)[Symbol.asyncIterator]().next(),
    ]) {
      const error = await failureOf(call())
      expect(error.message).toMatch(/offline demo, which has ended/)
      expect(dispositionOf(error)).toBe('refused')
    }
    expect(calls).toEqual([])
  })

  it('pauses a real task while the demo runs (never polls the simulator with it)', async () => {
    const { inner, calls } = recordingGateway()
    const guard = new DemoGuardGateway(inner, async () => ({ demo: true }))
    const error = await failureOf(guard.status(task(false), signal))
    expect(error.message).toMatch(/Paused while the offline demo runs/)
    expect(dispositionOf(error)).toBe('offline')
    expect(calls).toEqual([])
  })
})
