import { InvalidTransition } from '@main/services/tasks/engine/transitions'
import type { ServerStatus } from '@main/services/tasks/ports'
import {
  completed,
  failedStatus,
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

/** Runs the virtual clock until `done` holds; fails the test if it never does. */
async function until(done: () => boolean, maxMs: number): Promise<void> {
  await r.clock.runUntil(done, maxMs)
  expect(done()).toBe(true)
}

describe('image tasks', () => {
  it('journals the key before sending, then saves the result with its metadata', async () => {
    r = rig()
    const seenAtSend: Array<{ state: string; attempts: number; key: string }> = []
    r.gateway.before = (call) => {
      if (call.op !== 'submit') return
      const row = r.journal.get(call.taskId)!
      seenAtSend.push({ state: row.state, attempts: row.attempts, key: row.idempotencyKey })
    }
    const t = r.submit(
      newTask({
        request: { model: 'std-image-2', prompt: 'a fox', quality: 'high' },
        prompt: 'a fox',
      }),
    )
    await until(() => state(t.id) === 'saved', 60_000)
    expect(seenAtSend).toEqual([{ state: 'submitting', attempts: 1, key: t.idempotencyKey }])
    expect(r.sink.saved).toHaveLength(1)
    expect(r.sink.saved[0]!.meta).toMatchObject({
      taskId: t.id,
      index: 0,
      kind: 'image',
      model: 'std-image-2',
      prompt: 'a fox',
      params: { model: 'std-image-2', prompt: 'a fox', quality: 'high' },
      costEstimate: 0.01,
    })
    expect(r.journal.results(t.id)).toEqual([
      { index: 0, libraryId: 'lib-1', relPath: '2026/01/01/lib-1.png' },
    ])
    expect(r.gateway.released).toEqual([t.id])
  })

  it('timeouts, disconnects and 5xx never fail a task: it is re-sent with the same key', async () => {
    r = rig()
    const errors = [failure('timeout'), failure('network'), failure('server', { status: 503 })]
    r.gateway.onSubmit = (_t, n) => {
      if (n <= errors.length) throw errors[n - 1]
      return { type: 'outputs', outputs: [{ type: 'url', url: 'https://cdn.test/x.png' }] }
    }
    const t = r.submit(newTask())
    const notices: string[] = []
    await until(() => {
      const row = r.journal.get(t.id)!
      if (row.notice) notices.push(row.notice.code)
      expect(row.state).not.toBe('failed')
      return row.state === 'saved'
    }, 10 * 60_000)
    const sends = r.gateway.calls.filter((c) => c.op === 'submit')
    expect(sends).toHaveLength(4)
    expect(new Set(sends.map((c) => c.key))).toEqual(new Set([t.idempotencyKey]))
    expect(r.journal.get(t.id)!.attempts).toBe(4)
    expect(notices).toEqual(expect.arrayContaining(['timeout', 'network', 'server']))
  })

  it('generation_pending keeps the key and waits as the server asks', async () => {
    r = rig()
    r.gateway.onSubmit = (_t, n) => {
      if (n === 1) throw failure('timeout')
      if (n <= 3) throw failure('pending', { retryAfterMs: 7_000 })
      return { type: 'outputs', outputs: [{ type: 'url', url: 'https://cdn.test/x.png' }] }
    }
    const t = r.submit(newTask())
    await until(() => state(t.id) === 'saved', 10 * 60_000)
    const sends = r.gateway.calls.filter((c) => c.op === 'submit')
    expect(sends.map((c) => c.key)).toEqual(Array(4).fill(t.idempotencyKey))
    expect(sends[3]!.at - sends[2]!.at).toBeGreaterThanOrEqual(7_000)
    expect(r.sink.saved).toHaveLength(1)
  })

  it('a definitive 4xx on the first send ends the task as failed, with the server’s words', async () => {
    r = rig()
    r.gateway.onSubmit = () => {
      throw failure('validation', {
        status: 400,
        message: 'The service rejected the request (HTTP 400). The service said: size is invalid',
        fields: { size: 'size is invalid' },
      })
    }
    const t = r.submit(newTask())
    await until(() => state(t.id) === 'failed', 60_000)
    expect(r.gateway.count('submit')).toBe(1)
    expect(r.journal.get(t.id)!.error).toMatchObject({
      code: 'validation',
      fields: { size: 'size is invalid' },
    })
    await r.clock.advance(120_000)
    expect(r.gateway.count('submit')).toBe(1)
  })

  it('a 400 after a timeout still fails: the request itself is wrong', async () => {
    r = rig()
    r.gateway.onSubmit = (_t, n) => {
      if (n === 1) throw failure('timeout')
      throw failure('validation', { status: 400 })
    }
    const t = r.submit(newTask())
    await until(() => state(t.id) === 'failed', 60_000)
    expect(r.gateway.count('submit')).toBe(2)
  })

  it('a 401 after an earlier send that may have been charged waits for the user instead of failing', async () => {
    r = rig()
    let denied = true
    r.gateway.onSubmit = (_t, n) => {
      if (n === 1) throw failure('timeout')
      if (denied) throw failure('auth', { status: 401 })
      return { type: 'outputs', outputs: [{ type: 'url', url: 'https://cdn.test/x.png' }] }
    }
    const t = r.submit(newTask())
    await until(() => state(t.id) === 'needs_attention', 60_000)
    expect(r.journal.get(t.id)).toMatchObject({ attention: 'blocked', error: { code: 'auth' } })
    denied = false
    r.engine.resume(t.id)
    await until(() => state(t.id) === 'saved', 60_000)
    expect(new Set(r.gateway.calls.map((c) => c.key))).toEqual(new Set([t.idempotencyKey]))
  })

  it('expired result links are renewed by re-sending with the same key, then the user is asked', async () => {
    r = rig({ policy: { maxLinkRenewals: 2 } })
    r.gateway.onDownload = () => {
      throw failure('not_found', { status: 403, message: 'The result link is no longer valid' })
    }
    const t = r.submit(newTask())
    await until(() => state(t.id) === 'needs_attention', 10 * 60_000)
    expect(r.gateway.count('submit')).toBe(3)
    expect(new Set(r.gateway.calls.map((c) => c.key)).size).toBe(1)
    expect(r.journal.get(t.id)).toMatchObject({ attention: 'result_unavailable' })
    expect(r.sink.saved).toHaveLength(0)
  })

  it('a truncated or wrong download is retried, then its links are renewed', async () => {
    r = rig({ policy: { maxBadDownloads: 2 } })
    r.gateway.onDownload = (task, _o, index, n) => {
      if (n <= 3) throw failure('bad_response', { message: 'The download ended early' })
      return { path: `/s/${task.id}/${index}.png`, bytes: 9, mime: 'image/png', ext: 'png' }
    }
    const t = r.submit(newTask())
    await until(() => state(t.id) === 'saved', 10 * 60_000)
    expect(r.gateway.count('submit')).toBe(2)
    expect(r.gateway.count('download')).toBe(4)
  })

  it('a library that cannot take the file blocks the task without losing it', async () => {
    r = rig()
    r.sink.failNext = failure('storage', { message: 'The disk is full.' })
    const t = r.submit(newTask())
    await until(() => state(t.id) === 'needs_attention', 60_000)
    expect(r.journal.get(t.id)).toMatchObject({ attention: 'blocked', error: { code: 'storage' } })
    r.engine.resume(t.id)
    await until(() => state(t.id) === 'saved', 60_000)
    expect(r.gateway.count('submit')).toBe(1)
  })

  it('waits without sending while no address and key are set', async () => {
    r = rig()
    r.gateway.accountId = null
    const t = r.submit(newTask())
    await r.clock.advance(60_000)
    expect(r.gateway.count('submit')).toBe(0)
    expect(r.journal.get(t.id)).toMatchObject({
      state: 'submitting',
      notice: { code: 'not_connected' },
    })
    r.gateway.accountId = 'acct'
    await until(() => state(t.id) === 'saved', 60_000)
  })
})

describe('video tasks', () => {
  const outputs = (id: string) => [{ type: 'video' as const, serverId: id }]

  it('polls first after 5 s, treats unknown statuses as running, downloads on completed', async () => {
    r = rig()
    r.gateway.onSubmit = () => ({ type: 'task', serverId: 'vid-1', status: running(0, 'queued') })
    const statuses: ServerStatus[] = [
      running(0.2),
      running(0.5, 'rendering_frames'),
      running(null, 'mystery'),
      completed(),
    ]
    r.gateway.onStatus = (_t, n) => statuses[Math.min(n, statuses.length) - 1]!
    r.gateway.onDownload = (task, output, index) => {
      expect(output).toEqual({ type: 'video', serverId: 'vid-1' })
      return { path: `/s/${task.id}/${index}.mp4`, bytes: 10, mime: 'video/mp4', ext: 'mp4' }
    }
    const t = r.submit(newTask({ kind: 'video', model: 'motion-2.0' }))
    await until(() => r.gateway.count('submit') === 1, 1_000)
    const submittedAt = r.gateway.calls[0]!.at
    await until(() => r.gateway.count('status') === 3, 120_000)
    expect(state(t.id)).toBe('running')
    expect(r.journal.get(t.id)).toMatchObject({ serverId: 'vid-1', serverStatus: 'mystery' })
    await until(() => state(t.id) === 'saved', 120_000)
    const polls = r.gateway.calls.filter((c) => c.op === 'status')
    expect(polls[0]!.at - submittedAt).toBe(5_000)
    expect(r.journal.get(t.id)!.outputs).toEqual(outputs('vid-1'))
    expect(r.sink.saved[0]!.meta.kind).toBe('video')
  })

  it('the server’s failed ends the task as failed with its message', async () => {
    r = rig()
    r.gateway.onSubmit = () => ({ type: 'task', serverId: 'vid-2', status: null })
    r.gateway.onStatus = () => failedStatus('prompt was refused by the moderation')
    const t = r.submit(newTask({ kind: 'video' }))
    await until(() => state(t.id) === 'failed', 120_000)
    const row = r.journal.get(t.id)!
    expect(row.error?.message).toContain('prompt was refused by the moderation')
    expect(row.error?.serverCode).toBe('content_policy')
  })

  it('polling errors (5xx, timeouts) and 429s never fail a running task', async () => {
    r = rig()
    r.gateway.onSubmit = () => ({ type: 'task', serverId: 'vid-3', status: null })
    r.gateway.onStatus = (_t, n) => {
      if (n === 1) throw failure('server', { status: 502 })
      if (n === 2) throw failure('rate_limited', { status: 429, retryAfterMs: 30_000 })
      if (n === 3) throw failure('timeout')
      return n < 6 ? running(n / 10) : completed()
    }
    const t = r.submit(newTask({ kind: 'video' }))
    await until(() => state(t.id) === 'saved', 30 * 60_000)
    const polls = r.gateway.calls.filter((c) => c.op === 'status')
    // Nothing was asked inside the 30 s Retry-After window.
    expect(polls[2]!.at - polls[1]!.at).toBeGreaterThanOrEqual(30_000)
  })

  it('a Retry-After from one task pauses every task’s requests to that account', async () => {
    r = rig()
    let limitedAt = -1
    r.gateway.onSubmit = (task) => ({ type: 'task', serverId: `srv-${task.id}`, status: null })
    r.gateway.onStatus = (task, n) => {
      if (limitedAt < 0 && n === 2) {
        limitedAt = r.clock.now()
        throw failure('rate_limited', { status: 429, retryAfterMs: 20_000 })
      }
      return n > 6 ? completed() : running(n / 10)
    }
    const tasks = [1, 2, 3, 4].map(() => r.submit(newTask({ kind: 'video' })))
    await until(() => tasks.every((t) => state(t.id) === 'saved'), 30 * 60_000)
    const inside = r.gateway.calls.filter((c) => c.at > limitedAt && c.at < limitedAt + 20_000)
    expect(limitedAt).toBeGreaterThan(0)
    expect(inside).toEqual([])
  })

  it('runs at most the configured number per kind and queues the rest; queued ones cancel locally', async () => {
    r = rig({ limits: { video: 2 } })
    const finish = new Set<string>()
    r.gateway.onSubmit = (task) =>
      task.kind === 'video'
        ? { type: 'task', serverId: `srv-${task.id}`, status: null }
        : { type: 'outputs', outputs: [{ type: 'url', url: 'https://cdn.test/i.png' }] }
    r.gateway.onStatus = (task) => (finish.has(task.id) ? completed() : running(0.1))
    const [a, b, c, d] = [1, 2, 3, 4].map(() => r.submit(newTask({ kind: 'video' })))
    await r.clock.advance(30_000)
    expect([a, b, c, d].map((t) => state(t!.id))).toEqual([
      'running',
      'running',
      'queued',
      'queued',
    ])
    r.engine.cancel(d!.id)
    expect(state(d!.id)).toBe('cancelled')
    finish.add(a!.id)
    await until(() => state(c!.id) === 'running', 120_000)
    expect(state(a!.id)).toBe('saved')
    await r.clock.advance(60_000)
    expect(r.gateway.calls.filter((x) => x.taskId === d!.id)).toEqual([])
    // Other kinds are not held up by the video limit.
    const img = r.submit(newTask())
    await until(() => state(img.id) === 'saved', 60_000)
  })

  it('notifies the OS when a long task ends, not for a short one', async () => {
    r = rig({ policy: { longTaskMs: 30_000 } })
    r.gateway.onSubmit = (task) =>
      task.kind === 'video'
        ? { type: 'task', serverId: `srv-${task.id}`, status: null }
        : { type: 'outputs', outputs: [{ type: 'url', url: 'https://cdn.test/i.png' }] }
    r.gateway.onStatus = (_t, n) => (n >= 8 ? completed() : running(n / 10))
    const long = r.submit(newTask({ kind: 'video', prompt: 'a slow river' }))
    const quick = r.submit(newTask())
    await until(() => state(long.id) === 'saved' && state(quick.id) === 'saved', 30 * 60_000)
    expect(r.notifier.sent).toEqual([
      expect.objectContaining({
        taskId: long.id,
        title: 'Video ready',
        body: expect.stringContaining('a slow river'),
      }),
    ])
  })
})

describe('answers that will never parse, and the user stopping a task (issue #13)', () => {
  it('an unusable answer is re-sent a few times with the same key, then waits for the user and frees its slot; a restart leaves it waiting', async () => {
    r = rig({ limits: { image: 1 } })
    const bad = failure('bad_response', { message: 'data[0].url is not a string' })
    r.gateway.onSubmit = (task) => {
      if (task.request.prompt === 'broken') throw bad
      return { type: 'outputs', outputs: [{ type: 'url', url: 'https://cdn.test/i.png' }] }
    }
    const stuck = r.submit(newTask({ request: { model: 'std-image-2', prompt: 'broken' } }))
    const next = r.submit(newTask())
    await until(() => state(stuck.id) === 'needs_attention', 30 * 60_000)
    const row = r.journal.get(stuck.id)!
    expect(row.attention).toBe('blocked')
    expect(row.error).toMatchObject({ code: 'bad_response' })
    expect(row.error!.message).toContain('data[0].url is not a string')
    const sends = r.gateway.calls.filter((c) => c.op === 'submit' && c.taskId === stuck.id)
    expect(sends.map((c) => c.key)).toEqual(Array(3).fill(stuck.idempotencyKey))
    // The slot (image: 1) went to the next task.
    await until(() => state(next.id) === 'saved', 60_000)
    await r.restart()
    await r.clock.advance(10 * 60_000)
    expect(state(stuck.id)).toBe('needs_attention')
    expect(r.gateway.calls.filter((c) => c.taskId === stuck.id)).toHaveLength(3)
  })

  it('an unexpected exception counts as an unusable answer too, not as a retry forever', async () => {
    r = rig()
    r.gateway.onSubmit = () => {
      throw new TypeError("Cannot read properties of undefined (reading 'url')")
    }
    const t = r.submit(newTask())
    await until(() => state(t.id) === 'needs_attention', 30 * 60_000)
    expect(r.journal.get(t.id)!.error).toMatchObject({ code: 'internal' })
    expect(r.gateway.count('submit')).toBe(3)
  })

  it('a usable answer in between resets the count: polling keeps going after odd answers', async () => {
    r = rig()
    r.gateway.onSubmit = (task) => ({ type: 'task', serverId: `srv-${task.id}`, status: null })
    r.gateway.onStatus = (_t, n) => {
      if (n % 2 === 1 && n < 9) throw failure('bad_response')
      return n >= 10 ? completed() : running(n / 10)
    }
    const t = r.submit(newTask({ kind: 'video' }))
    await until(() => state(t.id) === 'saved', 60 * 60_000)
  })

  it('Cancel stops a running video at once: no more calls, its slot is free, Try again resumes it with the same server id', async () => {
    r = rig({ limits: { video: 1 } })
    r.gateway.onSubmit = (task) => ({ type: 'task', serverId: `srv-${task.id}`, status: null })
    let finish = false
    r.gateway.onStatus = () => (finish ? completed() : running(0.2))
    const a = r.submit(newTask({ kind: 'video' }))
    const b = r.submit(newTask({ kind: 'video' }))
    await until(() => state(a.id) === 'running', 60_000)
    expect(state(b.id)).toBe('queued')
    r.engine.cancel(a.id)
    expect(r.journal.get(a.id)).toMatchObject({
      state: 'needs_attention',
      attention: 'blocked',
      serverId: `srv-${a.id}`,
    })
    const callsAtCancel = r.gateway.calls.filter((c) => c.taskId === a.id).length
    await until(() => state(b.id) === 'running', 60_000)
    await r.clock.advance(5 * 60_000)
    expect(r.gateway.calls.filter((c) => c.taskId === a.id)).toHaveLength(callsAtCancel)
    finish = true
    r.engine.resume(a.id)
    await until(() => state(a.id) === 'saved' && state(b.id) === 'saved', 30 * 60_000)
    expect(r.gateway.calls.filter((c) => c.taskId === a.id && c.op === 'submit')).toHaveLength(1)
  })
})

describe('recovery after a crash', () => {
  it('re-sends a task caught mid-submit with the SAME key', async () => {
    r = rig({ start: false })
    const t = newTask()
    r.submit(t)
    // As if the process died right after journaling the send.
    r.journal.update(
      t.id,
      { state: 'submitting', attempts: 1, startedAt: r.clock.now() },
      r.clock.now(),
    )
    await r.restart()
    await until(() => state(t.id) === 'saved', 60_000)
    expect(r.gateway.calls.filter((c) => c.op === 'submit').map((c) => c.key)).toEqual([
      t.idempotencyKey,
    ])
    expect(r.journal.get(t.id)!.attempts).toBe(2)
  })

  it('resumes polling a running video without submitting it again', async () => {
    r = rig({ start: false })
    const t = newTask({ kind: 'video' })
    r.submit(t)
    r.journal.update(t.id, { state: 'running', attempts: 1, serverId: 'vid-9' }, r.clock.now())
    r.gateway.onStatus = (task, n) => {
      expect(task.serverId).toBe('vid-9')
      return n >= 2 ? completed() : running(0.5)
    }
    await r.restart()
    await until(() => state(t.id) === 'saved', 60_000)
    expect(r.gateway.count('submit')).toBe(0)
  })

  it('resumes a download, skipping outputs already saved, and adopts a save the crash interrupted', async () => {
    r = rig({ start: false })
    const t = newTask()
    r.submit(t)
    const outs = [0, 1, 2].map((i) => ({ type: 'url' as const, url: `https://cdn.test/${i}.png` }))
    r.journal.update(t.id, { state: 'downloading', attempts: 1, outputs: outs }, r.clock.now())
    r.journal.addResult(
      t.id,
      { index: 0, libraryId: 'old-0', relPath: 'x/old-0.png' },
      r.clock.now(),
    )
    // Output 1 reached the library but the crash came before the journal recorded it.
    await r.sink.save(
      {
        taskId: t.id,
        index: 1,
        kind: 'image',
        model: 'm',
        prompt: 'p',
        negativePrompt: '',
        params: {},
        seed: null,
        costEstimate: null,
        demo: false,
        batch: null,
      },
      { path: '/s/1.png', bytes: 1, mime: 'image/png', ext: 'png' },
    )
    await r.restart()
    await until(() => state(t.id) === 'saved', 60_000)
    expect(r.gateway.calls.filter((c) => c.op === 'download')).toHaveLength(1)
    expect(r.sink.saved).toHaveLength(2)
    expect(r.journal.results(t.id).map((x) => x.libraryId)).toEqual(['old-0', 'lib-1', 'lib-2'])
  })

  it('resumes a running workbench task through its events path, never submitting again', async () => {
    r = rig({ start: false })
    const t = newTask({
      kind: 'workbench',
      quote: { quoteId: 'q', priceUsd: 0.003, quotedAt: 0 },
      request: { model: 'art-v4.5', model_variant: 'art-diffusion-4-5-full', prompt: 'p' },
    })
    r.submit(t)
    r.journal.update(t.id, { state: 'running', attempts: 1, serverId: '1001' }, r.clock.now())
    r.gateway.onEvents = (task) => {
      expect(task.serverId).toBe('1001')
      return stream([{ type: 'done', outputs: [{ type: 'url', url: 'https://cdn.test/r.png' }] }])
    }
    await r.restart()
    await until(() => state(t.id) === 'saved', 60_000)
    expect(r.gateway.calls.map((c) => c.op)).toEqual(['events', 'download'])
  })

  it('leaves finished and waiting-for-user tasks alone', async () => {
    r = rig({ start: false })
    const done = newTask()
    const waiting = newTask({ kind: 'video' })
    r.submit(done)
    r.submit(waiting)
    r.journal.update(done.id, { state: 'saved' }, r.clock.now())
    r.journal.update(
      waiting.id,
      { state: 'needs_attention', attention: 'blocked', serverId: 'v' },
      r.clock.now(),
    )
    await r.restart()
    await r.clock.advance(5 * 60_000)
    expect(r.gateway.calls).toEqual([])
  })
})

describe('workbench tasks', () => {
  const wb = (quote: { quoteId: string; priceUsd: number | null } | null = null) =>
    newTask({
      kind: 'workbench',
      model: 'art-v4.5',
      costUsd: 0.003,
      request: { model: 'art-v4.5', model_variant: 'art-diffusion-4-5-full', prompt: 'cat' },
      quote: quote ? { ...quote, quotedAt: 0 } : null,
    })

  it('quotes, submits with client_request_id and the quote, streams previews, saves on done', async () => {
    r = rig()
    r.gateway.onSubmit = () => ({ type: 'task', serverId: '42', status: null })
    r.gateway.onEvents = () =>
      stream([
        { type: 'queued', position: 2 },
        { type: 'keepalive' },
        { type: 'preview', image: 'data:image/png;base64,AAAA', progress: 0.5 },
        { type: 'done', outputs: [{ type: 'url', url: 'https://cdn.test/w.png' }] },
      ])
    const t = r.submit(wb())
    await until(() => state(t.id) === 'saved', 60_000)
    const previews = r.views.filter((v) => v.id === t.id).map((v) => v.preview)
    const submit = r.gateway.calls.find((c) => c.op === 'submit')!
    expect(submit).toMatchObject({ key: t.idempotencyKey, quoteId: 'q1' })
    expect(previews).toContain('data:image/png;base64,AAAA')
    expect(r.sink.saved[0]!.meta.kind).toBe('workbench')
  })

  it('a first quote above the estimate shown before submitting waits for the user', async () => {
    r = rig()
    r.gateway.onEstimate = () => ({ quoteId: 'dear', priceUsd: 0.01 })
    const t = r.submit(wb())
    await until(() => state(t.id) === 'needs_attention', 60_000)
    expect(r.journal.get(t.id)).toMatchObject({
      attention: 'price_above_estimate',
      pendingQuote: { quoteId: 'dear', priceUsd: 0.01 },
    })
    expect(r.gateway.count('submit')).toBe(0)
  })

  it('an expired quote at the same price is replaced silently; the request id stays', async () => {
    r = rig()
    r.gateway.onSubmit = (_t, n) => {
      if (n === 1) throw failure('quote_expired')
      return {
        type: 'task',
        serverId: '7',
        status: completed([{ type: 'url', url: 'https://cdn.test/q.png' }]),
      }
    }
    r.gateway.onEstimate = () => ({ quoteId: 'fresh', priceUsd: 0.003 })
    const t = r.submit(wb({ quoteId: 'old', priceUsd: 0.003 }))
    await until(() => state(t.id) === 'saved', 60_000)
    const sends = r.gateway.calls.filter((c) => c.op === 'submit')
    expect(sends.map((c) => [c.key, c.quoteId])).toEqual([
      [t.idempotencyKey, 'old'],
      [t.idempotencyKey, 'fresh'],
    ])
  })

  it('an expired quote whose price changed is never accepted silently; confirming continues with the same request id', async () => {
    r = rig()
    r.gateway.onSubmit = (_t, n) => {
      if (n === 1) throw failure('quote_expired')
      return {
        type: 'task',
        serverId: '8',
        status: completed([{ type: 'url', url: 'https://cdn.test/z.png' }]),
      }
    }
    r.gateway.onEstimate = () => ({ quoteId: 'higher', priceUsd: 0.0045 })
    const t = r.submit(wb({ quoteId: 'old', priceUsd: 0.003 }))
    await until(() => state(t.id) === 'needs_attention', 60_000)
    expect(r.journal.get(t.id)).toMatchObject({
      attention: 'quote_changed',
      pendingQuote: { quoteId: 'higher', priceUsd: 0.0045 },
      quote: { quoteId: 'old', priceUsd: 0.003 },
    })
    await r.clock.advance(10 * 60_000)
    expect(r.gateway.count('submit')).toBe(1)
    // Confirming a price the user was not shown (a stale quote id) is refused and sends nothing.
    expect(() => r.engine.confirmQuote(t.id, 'stale')).toThrow(InvalidTransition)
    expect(state(t.id)).toBe('needs_attention')
    r.engine.confirmQuote(t.id, 'higher')
    await until(() => state(t.id) === 'saved', 60_000)
    const sends = r.gateway.calls.filter((c) => c.op === 'submit')
    expect(sends.map((c) => [c.key, c.quoteId])).toEqual([
      [t.idempotencyKey, 'old'],
      [t.idempotencyKey, 'higher'],
    ])
  })

  it('a silent stream is dropped by the watchdog and resumed; a dropped stream falls back to GET', async () => {
    r = rig({ policy: { sseIdleMs: 30_000 } })
    r.gateway.onSubmit = () => ({ type: 'task', serverId: '9', status: null })
    r.gateway.onEvents = (_t, n, signal) => {
      if (n === 1)
        return stream([{ type: 'queued', position: 1 }], { hang: { clock: r.clock, signal } })
      return stream([{ type: 'preview', image: null, progress: 0.3 }], {
        failAfter: failure('network', { message: 'stream dropped' }),
      })
    }
    r.gateway.onStatus = (_t, n) =>
      n >= 2
        ? completed([{ type: 'url', url: 'https://cdn.test/9.png' }])
        : running(0.5, 'generating')
    const t = r.submit(wb({ quoteId: 'q', priceUsd: 0.003 }))
    await until(() => state(t.id) === 'saved', 10 * 60_000)
    const ops = r.gateway.calls.map((c) => c.op)
    expect(ops).toEqual(['submit', 'events', 'status', 'events', 'status', 'download'])
    const firstEvents = r.gateway.calls.find((c) => c.op === 'events')!
    const firstStatus = r.gateway.calls.find((c) => c.op === 'status')!
    expect(firstStatus.at - firstEvents.at).toBeGreaterThanOrEqual(30_000)
  })

  it('an error event is checked with GET before anything is decided', async () => {
    r = rig()
    r.gateway.onSubmit = () => ({ type: 'task', serverId: '10', status: null })
    r.gateway.onEvents = () => stream([{ type: 'error', error: { message: 'upstream hiccup' } }])
    r.gateway.onStatus = () => failedStatus('the model crashed')
    const t = r.submit(wb({ quoteId: 'q', priceUsd: 0.003 }))
    await until(() => state(t.id) === 'failed', 60_000)
    expect(r.journal.get(t.id)!.error?.message).toContain('the model crashed')
  })
})

describe('views and dismissal', () => {
  it('views carry no key or request; dismiss hides a finished task', async () => {
    r = rig()
    const t = r.submit(newTask({ prompt: 'secret-ish prompt' }))
    await until(() => state(t.id) === 'saved', 60_000)
    const view = r.engine.list()[0]!
    expect(JSON.stringify(view)).not.toContain(t.idempotencyKey)
    expect(view).toMatchObject({ state: 'saved', progress: 1, results: [{ libraryId: 'lib-1' }] })
    r.engine.dismiss(t.id)
    expect(r.engine.list()).toEqual([])
    expect(r.journal.get(t.id)!.dismissed).toBe(true)
  })
})
