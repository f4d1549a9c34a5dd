import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { ManualClock } from '@main/adapters/clock/ManualClock'
import { MainEvents } from '@main/events'
import { dispatch } from '@main/ipc/dispatch'
import { TaskJournal } from '@main/services/tasks/journal/TaskJournal'
import type { GatewayTask } from '@main/services/tasks/ports'
import { TaskService } from '@main/services/tasks/TaskService'
import type { AppError } from '@shared/result'
import { TASK_KINDS } from '@shared/tasks/states'
import { SUBMIT_KINDS } from '@shared/tasks/submit'
import type { TasksUpdate } from '@shared/tasks/views'
import { FakeGateway, FakeSink, running } from '@test/support/taskFakes'
import { createTestApp } from '@test/support/testContainer'
import sharp from 'sharp'
import { afterEach, describe, expect, it } from 'vitest'

const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

function service(opts: { concurrency?: Partial<Record<string, number>> } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'gen-studio-tasksvc-'))
  const clock = new ManualClock()
  const gateway = new FakeGateway(clock)
  const sink = new FakeSink()
  const events = new MainEvents()
  const updates: Array<{ at: number; update: TasksUpdate }> = []
  events.forward((name, payload) => {
    if (name === 'tasks:updated') updates.push({ at: clock.now(), update: payload as TasksUpdate })
  })
  const svc = new TaskService({
    userDataDir: dir,
    gateway,
    sink,
    events,
    clock,
    settings: {
      settings: async () => ({
        concurrency: { image: 4, video: 8, art: 2, workbench: 2, ...opts.concurrency },
      }),
      connection: async () => ({ demo: true }),
    },
  })
  cleanups.push(async () => {
    await svc.dispose()
    rmSync(dir, { recursive: true, force: true })
  })
  return { svc, dir, clock, gateway, sink, updates }
}

async function rejection(p: Promise<unknown>): Promise<AppError> {
  try {
    await p
  } catch (e) {
    return (e as { error: AppError }).error
  }
  throw new Error('expected a failure')
}

const video = { model: 'motion-2.0', prompt: 'a wave', duration: 5, resolution: '720p' }

describe('TaskService', () => {
  it('validates with the catalog before journaling or sending: field-level errors', async () => {
    const { svc, gateway, clock } = service()
    const error = await rejection(
      svc.submit({ kind: 'video', request: { ...video, duration: 99, resolution: '4k' } }),
    )
    expect(error.code).toBe('validation')
    expect(error.fields).toMatchObject({
      duration: expect.stringContaining('4 to 15'),
      resolution: expect.any(String),
    })
    await clock.advance(60_000)
    expect(await svc.list()).toEqual([])
    expect(gateway.calls).toEqual([])
  })

  it('journals a valid task with its estimate and the demo flag, and sends it', async () => {
    const { svc, gateway, clock } = service()
    gateway.onSubmit = () => ({ type: 'task', serverId: 'v1', status: running(0) })
    const view = await svc.submit({ kind: 'video', request: video })
    expect(view).toMatchObject({
      kind: 'video',
      state: 'queued',
      model: 'motion-2.0',
      prompt: 'a wave',
      costUsd: 0.9072,
      costLabel: '$0.9072',
    })
    await clock.advance(1_000)
    expect(gateway.count('submit')).toBe(1)
    expect((await svc.get(view.id)).state).toBe('running')
  })

  it('the same requestId never starts a second generation', async () => {
    const { svc, gateway, clock } = service()
    const a = await svc.submit({
      kind: 'image',
      requestId: 'req-abcdefgh',
      request: { model: 'std-image-2', prompt: 'x' },
    })
    const b = await svc.submit({
      kind: 'image',
      requestId: 'req-abcdefgh',
      request: { model: 'std-image-2', prompt: 'x' },
    })
    expect(b.id).toBe(a.id)
    await clock.advance(10_000)
    expect(gateway.count('submit')).toBe(1)
    expect(await svc.list()).toHaveLength(1)
  })

  it('copies edit references into the task folder and sends the copies', async () => {
    const { svc, gateway, clock, dir } = service()
    const src = join(dir, 'ref.png')
    writeFileSync(
      src,
      await sharp({ create: { width: 64, height: 64, channels: 3, background: '#08f' } })
        .png()
        .toBuffer(),
    )
    const missing = await rejection(
      svc.submit({
        kind: 'edit',
        request: { model: 'std-image-2', prompt: 'x' },
        images: [join(dir, 'nope.png')],
      }),
    )
    expect(missing.fields).toMatchObject({ 'images.0': expect.any(String) })
    const view = await svc.submit({
      kind: 'edit',
      request: { model: 'std-image-2', prompt: 'bluer' },
      images: [src],
    })
    let sent: string[] = []
    gateway.onSubmit = (task) => {
      sent = task.files.images
      return { type: 'outputs', outputs: [{ type: 'url', url: 'https://cdn.test/e.png' }] }
    }
    await clock.advance(5_000)
    expect(sent).toHaveLength(1)
    expect(sent[0]).not.toBe(src)
    expect(sent[0]!.startsWith(join(dir, 'tasks', view.id))).toBe(true)
    expect(readFileSync(sent[0]!)).toEqual(readFileSync(src))
  })

  it('keeps a native source image and mask as files with the task, not Base64 in its record', async () => {
    const { svc, gateway, clock, dir } = service()
    const png = (colour: string) =>
      sharp({ create: { width: 64, height: 64, channels: 3, background: colour } })
        .png()
        .toBuffer()
    const image = join(dir, 'source.png')
    const mask = join(dir, 'mask.png')
    writeFileSync(image, await png('#0a0'))
    writeFileSync(mask, await png('#fff'))
    const request = {
      input: 'a garden',
      model: 'art-diffusion-4-5-full',
      action: 'infill',
      parameters: { width: 64, height: 64, steps: 10, n_samples: 1, seed: 1 },
    }
    // An infill without its image is refused before anything is kept or sent.
    const missing = await rejection(svc.submit({ kind: 'native', request, mask }))
    expect(missing.code).toBe('validation')
    const view = await svc.submit({ kind: 'native', request, image, mask })
    let sent: GatewayTask | null = null
    gateway.onSubmit = (task) => {
      sent = task
      return { type: 'outputs', outputs: [{ type: 'file', path: '/staging/x.png' }] }
    }
    await clock.advance(5_000)
    const task = sent as unknown as GatewayTask
    expect(task.files.image!.startsWith(join(dir, 'tasks', view.id))).toBe(true)
    expect(task.files.mask!.startsWith(join(dir, 'tasks', view.id))).toBe(true)
    expect(readFileSync(task.files.image!)).toEqual(readFileSync(image))
    const parameters = task.request.parameters as Record<string, unknown>
    expect(parameters.image).toBeUndefined()
    expect(parameters.mask).toBeUndefined()
    // The journal row holds paths, not megabytes of Base64.
    const row = JSON.stringify(
      new TaskJournal(join(dir, 'tasks.sqlite')).list().find((t) => t.id === view.id),
    )
    expect(row.length).toBeLessThan(4000)
  })

  it('coalesces tasks:updated per task, at most 10 per second', async () => {
    const { svc, gateway, clock, updates } = service()
    let n = 0
    gateway.onSubmit = (task) => ({ type: 'task', serverId: `s-${task.id}`, status: null })
    gateway.onStatus = () => running(++n / 1000)
    for (let i = 0; i < 20; i++) await svc.submit({ kind: 'video', request: video })
    await clock.advance(5 * 60_000)
    const times = updates.map((u) => u.at)
    for (let i = 10; i < times.length; i++)
      expect(times[i]! - times[i - 10]!).toBeGreaterThanOrEqual(1_000)
    for (const u of updates) {
      const ids = u.update.changed.map((v) => v.id)
      expect(new Set(ids).size).toBe(ids.length)
    }
    // The last event of each task carries its latest state.
    const last = new Map<string, number | null>()
    for (const u of updates) for (const v of u.update.changed) last.set(v.id, v.progress)
    for (const v of await svc.list()) expect(last.get(v.id)).toBe(v.progress)
  })

  it('retry as new uses a new key and links to the original; actions the state forbids are refused', async () => {
    const { svc, gateway, clock } = service()
    gateway.onSubmit = (_t, n) => {
      if (n === 1) throw Object.assign(new Error('x'), { error: undefined })
      return { type: 'outputs', outputs: [{ type: 'url', url: 'https://cdn.test/r.png' }] }
    }
    const first = await svc.submit({
      kind: 'image',
      request: { model: 'std-image-2', prompt: 'y' },
    })
    await clock.advance(60_000)
    expect((await svc.get(first.id)).state).toBe('saved')
    expect((await rejection(svc.cancel(first.id))).code).toBe('validation')
    const again = await svc.retryAsNew(first.id)
    expect(again).toMatchObject({ retryOf: first.id, state: 'queued' })
    await clock.advance(60_000)
    const keys = new Set(gateway.calls.filter((c) => c.op === 'submit').map((c) => c.key))
    expect(keys.size).toBe(2)
    const opened = await svc.openResult(again.id)
    expect(opened[0]).toMatchObject({
      media: 'image',
      url: expect.stringMatching(/^gen-media:\/\/library\//),
    })
    await svc.dismiss(first.id)
    expect((await svc.list()).map((v) => v.id)).toEqual([again.id])
  })

  it('dismiss removes a task’s own folder', async () => {
    const { svc, clock, dir } = service()
    const src = join(dir, 'ref.png')
    writeFileSync(
      src,
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f80' } })
        .png()
        .toBuffer(),
    )
    const view = await svc.submit({
      kind: 'edit',
      request: { model: 'std-image-2', prompt: 'z' },
      images: [src],
    })
    await clock.advance(60_000)
    expect(existsSync(join(dir, 'tasks', view.id))).toBe(true)
    await svc.dismiss(view.id)
    expect(existsSync(join(dir, 'tasks', view.id))).toBe(false)
  })
})

describe('tasks IPC', () => {
  it('the submit union lists every task kind', () => {
    expect([...SUBMIT_KINDS].sort()).toEqual([...TASK_KINDS].sort())
  })

  it('answers field errors for a bad submit and lists nothing', async () => {
    const app = createTestApp()
    cleanups.push(() => app.close())
    const bad = await dispatch(
      app.handlers,
      'tasks:submit',
      {
        kind: 'video',
        request: { model: 'motion-2.0', prompt: 'p', duration: 99 },
      },
      { senderId: 1 },
    )
    expect(bad).toMatchObject({
      ok: false,
      error: { code: 'validation', fields: { duration: expect.any(String) } },
    })
    const noImages = await dispatch(
      app.handlers,
      'tasks:submit',
      { kind: 'edit', request: { model: 'std-image-2', prompt: 'p' } },
      { senderId: 1 },
    )
    expect(noImages).toMatchObject({
      ok: false,
      error: { code: 'validation', fields: { images: expect.any(String) } },
    })
    const noModel = await dispatch(
      app.handlers,
      'tasks:submit',
      { kind: 'image', request: { prompt: 'p' } },
      { senderId: 1 },
    )
    expect(noModel).toMatchObject({
      ok: false,
      error: { fields: { 'request.model': expect.any(String) } },
    })
    const shape = await dispatch(
      app.handlers,
      'tasks:submit',
      { kind: 'poster', request: {} },
      { senderId: 1 },
    )
    expect(shape).toMatchObject({ ok: false, error: { code: 'validation' } })
    expect(await dispatch(app.handlers, 'tasks:list', {}, { senderId: 1 })).toEqual({
      ok: true,
      value: [],
    })
    const missing = await dispatch(app.handlers, 'tasks:cancel', { id: 'nope' }, { senderId: 1 })
    expect(missing).toMatchObject({ ok: false, error: { code: 'not_found' } })
  })

  it('sends as references only files the user chose, staged uploads and library files (issue #13)', async () => {
    const app = createTestApp()
    cleanups.push(() => app.close())
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123' } })
      .png()
      .toBuffer()
    const secret = join(app.dir, 'private.png')
    writeFileSync(secret, png)
    const edit = (images: string[]) =>
      dispatch(
        app.handlers,
        'tasks:submit',
        { kind: 'edit', request: { model: 'std-image-2', prompt: 'p' }, images },
        { senderId: 1 },
      )
    const forged = await edit([secret])
    expect(forged).toMatchObject({
      ok: false,
      error: { code: 'validation', message: expect.stringContaining('drop or choose') },
    })
    const native = await dispatch(
      app.handlers,
      'generate:uploadAsset',
      { path: secret },
      { senderId: 1 },
    )
    expect(native).toMatchObject({ ok: false, error: { code: 'validation' } })
    // Dropped (the preload reported it), or staged by main: accepted past this check.
    app.container.chosenFiles.add(secret)
    expect(await edit([secret])).not.toMatchObject({
      error: { message: expect.stringContaining('drop or choose') },
    })
    const staged = await app.container.uploads.stage(png)
    expect(await edit([staged.path])).not.toMatchObject({
      error: { message: expect.stringContaining('drop or choose') },
    })
  })
})
