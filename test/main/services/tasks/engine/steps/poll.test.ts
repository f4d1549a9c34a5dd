/**
 * Polling a server task (steps/poll.ts): what a status means for the task (a finished video with
 * no list is its own output, a finished workbench task without images is asked again, a failure
 * keeps the service's words and code), and how polls are paced after a restart (by the task's
 * age since its first send, not since the app came back).
 */
import { t as tr } from '@main/i18n'
import type { OutputRef, ServerStatus } from '@main/services/tasks/ports'
import {
  completed,
  failure,
  newTask,
  type Rig,
  rig,
  running,
  stream,
} from '@test/support/taskFakes'
import { afterEach, describe, expect, it } from 'vitest'

let r: Rig
afterEach(async () => {
  await r?.close()
})

const state = (id: string) => r.journal.get(id)!.state
const accepted = () => ({ type: 'task' as const, serverId: 'srv-1', status: null })

/** The engine's journal writes, each as its method and the fields it set. */
function recordWrites(): Array<[string, string[]]> {
  const writes: Array<[string, string[]]> = []
  r.fault = (method, args) => {
    if (method !== 'get') writes.push([method, Object.keys(args[1] as object).sort()])
  }
  return writes
}
const progressWrites = (writes: Array<[string, string[]]>) =>
  writes.filter(([, keys]) => keys.includes('progress') && !keys.includes('state'))

/** A failed status without the service's words. */
const failedSilently: ServerStatus = {
  phase: 'failed',
  raw: 'failed',
  progress: null,
  outputs: null,
  error: null,
}

/** A workbench task with its accepted quote, ready to send. */
const quotedWorkbench = () =>
  newTask({
    kind: 'workbench',
    costUsd: 0.003,
    quote: { quoteId: 'q', priceUsd: 0.003, quotedAt: 0 },
  })

describe('a polled status', () => {
  it('a finished video that lists no outputs (none, or an empty list) is downloaded by its server id', async () => {
    r = rig()
    r.gateway.onSubmit = accepted
    let polls = 0
    r.gateway.onStatus = () => completed(++polls === 1 ? null : [])
    const asked: OutputRef[] = []
    const download = r.gateway.onDownload
    r.gateway.onDownload = (task, output, index, n) => {
      asked.push(output)
      return download(task, output, index, n)
    }
    // An empty list says the same as none.
    for (let i = 0; i < 2; i++) {
      const t = r.submit(newTask({ kind: 'video' }))
      await r.clock.runUntil(() => state(t.id) === 'saved', 60_000)
      expect(state(t.id)).toBe('saved')
    }
    expect(asked).toEqual([
      { type: 'video', serverId: 'srv-1' },
      { type: 'video', serverId: 'srv-1' },
    ])
  })

  it('a finished workbench task without images is asked again until it lists them', async () => {
    r = rig()
    r.gateway.onSubmit = accepted
    r.gateway.onEvents = () => stream([])
    const downloaded: OutputRef[] = []
    const download = r.gateway.onDownload
    r.gateway.onDownload = (task, output, index, n) => {
      downloaded.push(output)
      return download(task, output, index, n)
    }
    r.gateway.onStatus = (_t, n) =>
      n >= 3 ? completed([{ type: 'url', url: 'https://cdn.test/w.png' }]) : completed([])
    const writes = recordWrites()
    const t = r.submit(quotedWorkbench())
    await r.clock.runUntil(() => state(t.id) === 'saved', 10 * 60_000)
    const at = (op: string) => r.gateway.calls.filter((c) => c.op === op).map((c) => c.at)
    const asked = at('status')
    expect(asked).toHaveLength(3)
    // Each "finished, no images" waits out a reconnect backoff (half of 1 s at least) before the
    // stream is opened again, but the answer with images is downloaded at once.
    const opened = at('events')
    expect(opened).toHaveLength(3)
    expect(opened[1]! - asked[0]!).toBeGreaterThanOrEqual(500)
    expect(opened[2]! - asked[1]!).toBeGreaterThanOrEqual(500)
    expect(at('download')[0]).toBe(asked[2])
    expect(downloaded).toEqual([{ type: 'url', url: 'https://cdn.test/w.png' }])
    expect(r.views.some((v) => v.id === t.id && v.state === 'running' && v.progress === 1)).toBe(
      true,
    )
    // Its progress is a soft write, like any other.
    expect(progressWrites(writes).map(([method]) => method)).toEqual(['updateSoft', 'updateSoft'])
  })

  it('a failure keeps the service’s words and its code; without words, a plain message', async () => {
    r = rig()
    r.gateway.onSubmit = accepted
    r.gateway.onStatus = () => ({
      phase: 'failed',
      raw: 'failed',
      progress: null,
      outputs: null,
      error: { code: 'content_policy', message: 'flagged by the filter' },
    })
    const said = r.submit(newTask({ kind: 'video' }))
    await r.clock.runUntil(() => state(said.id) === 'failed', 60_000)
    expect(r.journal.get(said.id)!.error).toMatchObject({
      code: 'server',
      serverCode: 'content_policy',
      message: tr('svcSaid', { message: tr('genFailed'), said: 'flagged by the filter' }),
    })
    expect(tr('genFailed')).not.toBe('')
    r.gateway.onStatus = () => failedSilently
    const plain = r.submit(newTask({ kind: 'video' }))
    await r.clock.runUntil(() => state(plain.id) === 'failed', 60_000)
    const error = r.journal.get(plain.id)!.error!
    expect(error).not.toHaveProperty('serverCode')
    expect(error.message).toBeTruthy()
    expect(error.action).toBeTruthy()
  })

  it('a poll that fails in passing is asked again, and the task goes on', async () => {
    r = rig()
    r.gateway.onSubmit = accepted
    r.gateway.onStatus = (_t, n) => {
      if (n === 1) throw failure('server')
      return n >= 3 ? completed(null) : running(0.2)
    }
    const t = r.submit(newTask({ kind: 'video' }))
    await r.clock.runUntil(() => state(t.id) === 'saved', 10 * 60_000)
    expect(r.gateway.count('status')).toBe(3)
  })
})

describe('what a status does to the task', () => {
  it('progress is a soft write (a power cut may lose it); the finished outputs a durable one', async () => {
    r = rig()
    r.gateway.onSubmit = accepted
    r.gateway.onStatus = (_t, n) => (n === 1 ? running(0.5) : completed(null))
    const writes = recordWrites()
    const t = r.submit(newTask({ kind: 'video' }))
    await r.clock.runUntil(() => state(t.id) === 'saved', 60_000)
    expect(progressWrites(writes).map(([method]) => method)).toEqual(['updateSoft'])
    expect(writes.find(([, keys]) => keys.includes('outputs'))?.[0]).toBe('update')
  })
})

describe('a workbench task the server failed, found after its stream', () => {
  it('gives its slot to the next task at once, not after a reconnect wait', async () => {
    r = rig({ limits: { workbench: 1 } })
    r.gateway.onSubmit = accepted
    r.gateway.onEvents = () => stream([])
    r.gateway.onStatus = () => failedSilently
    const first = r.submit(quotedWorkbench())
    const second = r.submit(quotedWorkbench())
    await r.clock.runUntil(() => state(second.id) === 'failed', 60_000)
    expect(state(first.id)).toBe('failed')
    const at = (op: string) => r.gateway.calls.filter((c) => c.op === op).map((c) => c.at)
    expect(at('submit')).toHaveLength(2)
    expect(at('submit')[1]).toBe(at('status')[0])
  })
})

describe('polling after a restart', () => {
  it('paces by the task’s age since its first send: a task sent two hours ago is asked once a minute', async () => {
    const poll = { firstMs: 5_000, factor: 4, jitter: 0 }
    r = rig({ policy: { poll } })
    r.gateway.onSubmit = accepted
    r.gateway.onStatus = () => running(null)
    const t = r.submit(newTask({ kind: 'video' }))
    await r.clock.runUntil(() => r.gateway.count('status') >= 1, 60_000)
    await r.engine.stop()
    await r.clock.advance(2 * 60 * 60_000)
    await r.restart()
    const from = r.gateway.calls.length
    await r.clock.runUntil(() => r.gateway.count('status') >= 5, 60 * 60_000)
    const polls = r.gateway.calls
      .slice(from)
      .filter((c) => c.op === 'status')
      .map((c) => c.at)
    const gaps = polls.slice(1).map((at, i) => at - polls[i]!)
    // The first poll's 5 s, then 5 s × 4, then the cap for a task over an hour old: 60 s (a
    // task counted from the restart would be capped at 12 s).
    expect(gaps).toEqual([5_000, 20_000, 60_000])
    expect(state(t.id)).toBe('running')
  })

  it('while no address and key are set, a running task is not asked about', async () => {
    r = rig()
    r.gateway.onSubmit = accepted
    r.gateway.onStatus = () => running(0.1)
    const t = r.submit(newTask({ kind: 'video' }))
    await r.clock.runUntil(() => state(t.id) === 'running', 60_000)
    r.gateway.accountId = null
    await r.clock.advance(5 * 60_000)
    expect(r.gateway.count('status')).toBe(0)
    expect(r.views.at(-1)!.notice?.code).toBe('not_connected')
  })

  it('at 100 % but not finished, each answer that repeats it lengthens the wait', async () => {
    r = rig({ policy: { poll: { firstMs: 5_000, factor: 1.5, jitter: 0, overdueMs: 3_000 } } })
    r.gateway.onSubmit = accepted
    r.gateway.onStatus = (_t, n) => (n >= 6 ? completed(null) : running(1))
    const t = r.submit(newTask({ kind: 'video' }))
    await r.clock.runUntil(() => state(t.id) === 'saved', 10 * 60_000)
    const polls = r.gateway.calls.filter((c) => c.op === 'status').map((c) => c.at)
    const gaps = polls.slice(1).map((at, i) => at - polls[i]!)
    expect(gaps.slice(1, 4)).toEqual([4_500, 6_750, 10_125])
  })
})
