/**
 * Following a workbench task's event stream (steps/stream.ts): what is shown while it runs
 * (previews within the memory limit, the stream's own error words), when the task finishes, and
 * what a stream that ends without a result leads to (a GET of the task, a 429 pausing the
 * account, a refusal stopping the task, and a reconnect after a growing wait). Never a new send.
 */
import { getEventListeners } from 'node:events'

import type { WorkbenchEvent } from '@main/services/tasks/ports'
import {
  completed,
  failure,
  newTask,
  type Rig,
  rig,
  running,
  stream,
} from '@test/support/taskFakes'
import { afterEach, describe, expect, it, vi } from 'vitest'

let r: Rig
afterEach(async () => {
  await r?.close()
})

const state = (id: string) => r.journal.get(id)!.state
const wb = () =>
  newTask({
    kind: 'workbench',
    model: 'art-v4.5',
    costUsd: 0.003,
    request: { model: 'art-v4.5', model_variant: 'art-diffusion-4-5-full', prompt: 'cat' },
    quote: { quoteId: 'q', priceUsd: 0.003, quotedAt: 0 },
  })
const OUT = [{ type: 'url' as const, url: 'https://cdn.test/w.png' }]

/** A workbench rig whose submission is accepted as server task `s1`. */
function accepted(events: (n: number) => AsyncIterable<WorkbenchEvent>): Rig {
  r = rig({ policy: { sseReconnectBaseMs: 1_000, sseReconnectMaxMs: 16_000 } })
  r.gateway.onSubmit = () => ({ type: 'task', serverId: 's1', status: null })
  r.gateway.onEvents = (_t, n) => events(n)
  return r
}

/** A workbench task whose stream stays open (silent after one keepalive) until it is closed. */
async function openStream(): Promise<{ t: { id: string }; conn: AbortSignal }> {
  let conn: AbortSignal | null = null
  accepted(() => stream([]))
  r.gateway.onEvents = (_t, _n, signal) => {
    conn = signal
    return stream([{ type: 'keepalive' }], { hang: { clock: r.clock, signal } })
  }
  const t = r.submit(wb())
  await r.clock.runUntil(() => conn !== null, 60_000)
  return { t, conn: conn! }
}

const at = (op: 'events' | 'status' | 'download') =>
  r.gateway.calls.filter((c) => c.op === op).map((c) => c.at)

describe('a workbench task’s stream', () => {
  it('keeps a preview up to 2,000,000 characters; a larger one is not kept', async () => {
    const fits = `data:image/png;base64,${'A'.repeat(2_000_000 - 22)}`
    const huge = `data:image/png;base64,${'B'.repeat(2_000_000)}`
    accepted(() =>
      stream([
        { type: 'preview', image: fits, progress: 0.3 },
        { type: 'preview', image: huge, progress: 0.6 },
        { type: 'preview', image: null, progress: 0.7 },
        { type: 'done', outputs: OUT },
      ]),
    )
    const t = r.submit(wb())
    await r.clock.runUntil(() => state(t.id) === 'saved', 60_000)
    const shown = r.views.filter((v) => v.id === t.id && v.preview).map((v) => v.preview!.length)
    expect(shown.length).toBeGreaterThan(0)
    expect(new Set(shown)).toEqual(new Set([2_000_000]))
    expect(
      r.views.filter((v) => v.id === t.id && v.state === 'running').map((v) => v.progress),
    ).toEqual(expect.arrayContaining([0.3, 0.6, 0.7]))
  })

  it('a done event that lists no images is no finish: the task itself is asked', async () => {
    accepted(() => stream([{ type: 'done', outputs: [] }]))
    r.gateway.onStatus = () => completed(OUT)
    const t = r.submit(wb())
    await r.clock.runUntil(() => state(t.id) === 'saved', 60_000)
    expect(state(t.id)).toBe('saved')
    expect(r.gateway.calls.map((c) => c.op)).toEqual(['submit', 'events', 'status', 'download'])
    // Not an error either: nothing is shown to the user for it.
    expect(r.views.some((v) => v.id === t.id && v.notice)).toBe(false)
  })

  it('an error event shows the stream’s words (or a plain message) until the task is checked', async () => {
    accepted((n) =>
      stream([
        n === 1
          ? { type: 'error', error: { message: 'upstream hiccup' } }
          : { type: 'error', error: {} },
      ]),
    )
    r.gateway.onStatus = (_t, n) => (n >= 2 ? completed(OUT) : running(0.5))
    const t = r.submit(wb())
    await r.clock.runUntil(() => state(t.id) === 'saved', 60_000)
    const said = r.views.filter((v) => v.id === t.id && v.notice).map((v) => v.notice!)
    // A server-side problem (an AppError code the renderer knows), not the user's network.
    expect(new Set(said.map((n) => n.code))).toEqual(new Set(['server']))
    const notices = said.map((n) => n.message)
    expect(notices.some((m) => m.includes('upstream hiccup'))).toBe(true)
    expect(notices.some((m) => m.length > 0 && !m.includes('upstream hiccup'))).toBe(true)
    // An error event ends this stream at once: the task is asked, then the stream reopened.
    expect(r.gateway.calls.map((c) => c.op)).toEqual([
      'submit',
      'events',
      'status',
      'events',
      'status',
      'download',
    ])
  })

  it('a 429 that ends the stream pauses the whole account for its Retry-After', async () => {
    accepted(() =>
      stream([{ type: 'keepalive' }], {
        failAfter: failure('rate_limited', { retryAfterMs: 20_000 }),
      }),
    )
    r.gateway.onStatus = () => completed(OUT)
    const t = r.submit(wb())
    await r.clock.runUntil(() => r.gateway.count('events') === 1, 60_000)
    const dropped = r.clock.now()
    await r.clock.runUntil(() => state(t.id) === 'saved', 120_000)
    expect(at('status')[0]! - dropped).toBeGreaterThanOrEqual(20_000)
  })

  it('a 429 on the GET after the stream pauses the account before the reconnect', async () => {
    accepted(() => stream([]))
    r.gateway.onStatus = (_t, n) => {
      if (n === 1) throw failure('rate_limited', { retryAfterMs: 30_000 })
      return completed(OUT)
    }
    const t = r.submit(wb())
    await r.clock.runUntil(() => state(t.id) === 'saved', 10 * 60_000)
    expect(at('events')[1]! - at('status')[0]!).toBeGreaterThanOrEqual(30_000)
  })

  it('a GET that fails in passing (not a 429) is noted and the stream reconnects after the short backoff', async () => {
    accepted(() => stream([]))
    r.gateway.onStatus = (_t, n) => {
      if (n === 1) throw failure('server', { message: 'bad gateway' })
      return completed(OUT)
    }
    const t = r.submit(wb())
    await r.clock.runUntil(() => state(t.id) === 'saved', 10 * 60_000)
    expect(r.views.some((v) => v.id === t.id && v.notice?.message === 'bad gateway')).toBe(true)
    expect(r.gateway.count('events')).toBe(2)
    // Not a 429: the first reconnect waits 0.5-1 s; a 2 s account pause would show here.
    expect(at('events')[1]! - at('status')[0]!).toBeLessThanOrEqual(1_000)
  })

  it('streams that end without a result are reopened after a growing wait; an event resets it', async () => {
    accepted(() => stream([]))
    r.gateway.onStatus = () => running(0.5)
    const t = r.submit(wb())
    await r.clock.runUntil(() => r.gateway.count('events') >= 5, 10 * 60_000)
    const gaps = at('events')
      .slice(1)
      .map((x, i) => x - at('status')[i]!)
    // Equal jitter: the n-th wait is between half and all of 1 s · 2^(n-1).
    gaps.slice(0, 4).forEach((gap, i) => {
      expect(gap).toBeGreaterThanOrEqual(500 * 2 ** i)
      expect(gap).toBeLessThanOrEqual(1_000 * 2 ** i)
    })
    expect(state(t.id)).toBe('running')
    await r.close()

    const again = accepted(() => stream([{ type: 'keepalive' }]))
    again.gateway.onStatus = () => running(0.5)
    again.submit(wb())
    await again.clock.runUntil(() => again.gateway.count('events') >= 5, 10 * 60_000)
    const steady = at('events')
      .slice(1)
      .map((x, i) => x - at('status')[i]!)
    for (const gap of steady.slice(0, 4)) expect(gap).toBeLessThanOrEqual(1_000)
  })

  it('a stream silent for the idle limit is dropped and said so, then the task is asked', async () => {
    let conn: AbortSignal | null = null
    r = rig({ policy: { sseIdleMs: 10_000 } })
    r.gateway.onSubmit = () => ({ type: 'task', serverId: 's1', status: null })
    r.gateway.onEvents = (_t, _n, signal) => {
      conn = signal
      return stream([{ type: 'keepalive' }], { hang: { clock: r.clock, signal } })
    }
    r.gateway.onStatus = () => completed(OUT)
    const t = r.submit(wb())
    await r.clock.runUntil(() => state(t.id) === 'saved', 60_000)
    const asked = at('status')[0]! - at('events')[0]!
    expect(asked).toBeGreaterThanOrEqual(10_000)
    expect(asked).toBeLessThan(11_000)
    expect(conn!.aborted).toBe(true)
    const quiet = r.views.find((v) => v.id === t.id && v.notice?.message.includes('went quiet'))
    // A connection problem (the network code), so the renderer offers no server-side advice.
    expect(quiet?.notice?.code).toBe('network')
    expect(r.gateway.count('events')).toBe(1)
  })

  it('every event restarts the idle limit: a stream with keepalives under it stays open', async () => {
    r = rig({ policy: { sseIdleMs: 10_000 } })
    r.gateway.onSubmit = () => ({ type: 'task', serverId: 's1', status: null })
    r.gateway.onEvents = (_t, _n, signal) =>
      (async function* () {
        for (let i = 0; i < 5; i++) {
          await r.clock.sleep(8_000, signal)
          yield { type: 'keepalive' } as WorkbenchEvent
        }
        yield { type: 'done', outputs: OUT } as WorkbenchEvent
      })()
    const t = r.submit(wb())
    await r.clock.runUntil(() => state(t.id) === 'saved', 120_000)
    expect(state(t.id)).toBe('saved')
    expect(r.views.some((v) => v.id === t.id && v.notice)).toBe(false)
    expect(r.gateway.calls.map((c) => c.op)).toEqual(['submit', 'events', 'download'])
  })

  it('a queued event shows the task as queued on the server, and nothing else happens', async () => {
    accepted(() =>
      stream([{ type: 'queued' }, { type: 'other' }, { type: 'done', outputs: OUT }] as never),
    )
    const t = r.submit(wb())
    await r.clock.runUntil(() => state(t.id) === 'saved', 60_000)
    expect(
      r.views.some((v) => v.id === t.id && v.state === 'running' && v.serverStatus === 'queued'),
    ).toBe(true)
    expect(r.gateway.calls.map((c) => c.op)).toEqual(['submit', 'events', 'download'])
  })

  it('a task cancelled while its stream is open closes the stream and asks nothing more', async () => {
    const { t, conn } = await openStream()
    r.engine.cancel(t.id)
    await r.clock.runUntil(() => false, 120_000)
    expect(conn.aborted).toBe(true)
    expect(r.gateway.count('status')).toBe(0)
    expect(r.gateway.count('events')).toBe(1)
    expect(r.views.some((v) => v.id === t.id && v.notice)).toBe(false)
  })

  it('waits for a signed-in account before opening the stream', async () => {
    accepted(() => stream([{ type: 'done', outputs: OUT }]))
    r.gateway.onSubmit = () => {
      r.gateway.accountId = null
      return { type: 'task', serverId: 's1', status: null }
    }
    const t = r.submit(wb())
    await r.clock.runUntil(() => r.gateway.count('events') > 0, 10 * 60_000)
    expect(r.gateway.count('events')).toBe(0)
    r.gateway.accountId = 'acct'
    await r.clock.runUntil(() => state(t.id) === 'saved', 10 * 60_000)
    expect(r.gateway.calls.map((c) => c.op)).toEqual(['submit', 'events', 'download'])
  })

  it('an error event ends the stream at once, even when the connection stays open', async () => {
    r = rig({ policy: { sseIdleMs: 60_000 } })
    r.gateway.onSubmit = () => ({ type: 'task', serverId: 's1', status: null })
    r.gateway.onEvents = (_t, _n, signal) =>
      stream([{ type: 'error', error: {} }], { hang: { clock: r.clock, signal } })
    r.gateway.onStatus = () => completed(OUT)
    const t = r.submit(wb())
    await r.clock.runUntil(() => state(t.id) === 'saved', 10 * 60_000)
    expect(at('status')[0]! - at('events')[0]!).toBeLessThan(1_000)
  })

  it('a stream that breaks (not a 429) is noted and the task asked without pausing the account', async () => {
    accepted(() =>
      stream([{ type: 'keepalive' }], {
        failAfter: failure('server', { message: 'stream broke' }),
      }),
    )
    r.gateway.onStatus = () => completed(OUT)
    const t = r.submit(wb())
    await r.clock.runUntil(() => state(t.id) === 'saved', 60_000)
    expect(r.views.some((v) => v.id === t.id && v.notice?.message === 'stream broke')).toBe(true)
    expect(at('status')[0]! - at('events')[0]!).toBeLessThan(1_000)
  })

  it.each(['forbidden', 'not_found', 'storage'] as const)(
    'a GET after the stream that answers %s stops the task for the user (it may be charged)',
    async (code) => {
      accepted(() => stream([]))
      r.gateway.onStatus = () => {
        throw failure(code)
      }
      const t = r.submit(wb())
      await r.clock.runUntil(() => state(t.id) === 'needs_attention', 60_000)
      expect(r.journal.get(t.id)).toMatchObject({ attention: 'blocked', serverId: 's1' })
      expect(r.gateway.count('events')).toBe(1)
      expect(r.gateway.count('submit')).toBe(1)
    },
  )

  it('a stream whose iterator has no return() (the port allows it) is still closed cleanly', async () => {
    accepted(() => stream([]))
    // Replaces the fake's own events(), which wraps every stream in a generator (with return()).
    r.gateway.events = (task) => {
      r.gateway.calls.push({
        op: 'events',
        taskId: task.id,
        key: '',
        at: r.clock.now(),
        quoteId: null,
      })
      const events: WorkbenchEvent[] = [{ type: 'done', outputs: OUT }]
      return {
        [Symbol.asyncIterator]: () => ({
          next: async () =>
            events.length > 0
              ? { done: false as const, value: events.shift()! }
              : { done: true as const, value: undefined },
        }),
      }
    }
    const t = r.submit(wb())
    await r.clock.runUntil(() => state(t.id) === 'saved', 60_000)
    expect(r.views.some((v) => v.id === t.id && v.notice)).toBe(false)
    // A step that threw would restart only after the engine's retry wait (2 s).
    expect(at('download')[0]! - at('events')[0]!).toBe(0)
  })

  it('progress from the stream is written without an fsync (updateSoft), never as a state change', async () => {
    accepted(() =>
      stream([
        { type: 'queued' },
        { type: 'preview', image: null, progress: 0.4 },
        { type: 'done', outputs: OUT },
      ] as never),
    )
    const soft = vi.spyOn(r.journal, 'updateSoft')
    const hard = vi.spyOn(r.journal, 'update')
    const t = r.submit(wb())
    await r.clock.runUntil(() => state(t.id) === 'saved', 60_000)
    expect(soft.mock.calls.map(([, p]) => p.serverStatus)).toEqual(['queued', 'generating'])
    const hardStatuses = hard.mock.calls.map(([, p]) => p.serverStatus)
    expect(hardStatuses).not.toContain('queued')
    expect(hardStatuses).not.toContain('generating')
  })

  it('leaves no idle watchdog behind once the stream is done', async () => {
    accepted(() =>
      stream([{ type: 'keepalive' }, { type: 'keepalive' }, { type: 'done', outputs: OUT }]),
    )
    const t = r.submit(wb())
    await r.clock.runUntil(() => state(t.id) === 'saved', 60_000)
    expect(r.clock.pending).toBe(0)
  })

  it('a reconnecting stream leaves no abort listener behind on the task (one per attempt would leak)', async () => {
    accepted(() => stream([]))
    const listeners: number[] = []
    r.gateway.onStatus = (_t, _n, signal) => {
      listeners.push(getEventListeners(signal, 'abort').length)
      return running(0.5)
    }
    r.submit(wb())
    await r.clock.runUntil(() => listeners.length >= 4, 10 * 60_000)
    expect(new Set(listeners).size).toBe(1)
  })

  it('quitting the app while a stream is open leaves no notice on the task for the next start', async () => {
    const { t, conn } = await openStream()
    await r.engine.stop()
    expect(conn.aborted).toBe(true)
    expect(r.journal.get(t.id)).toMatchObject({ state: 'running', notice: null })
  })
})
