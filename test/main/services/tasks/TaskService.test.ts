import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

import { dispatch } from '@main/ipc/dispatch'
import { TASK_KINDS } from '@shared/tasks/states'
import { SUBMIT_KINDS } from '@shared/tasks/submit'
import { running } from '@test/support/taskFakes'
import { taskServiceRig } from '@test/support/taskServiceRig'
import { createTestApp } from '@test/support/testContainer'
import sharp from 'sharp'
import { afterEach, describe, expect, it } from 'vitest'

const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

function service(opts: { concurrency?: Partial<Record<string, number>> } = {}) {
  const rig = taskServiceRig(opts)
  cleanups.push(() => rig.close())
  return rig
}

const video = { model: 'motion-2.0', prompt: 'a wave', duration: 5, resolution: '720p' }

describe('TaskService', () => {
  it('coalesces tasks:updated per task, at most 10 per second', async () => {
    const { svc, admission, gateway, clock, updates } = service()
    let n = 0
    gateway.onSubmit = (task) => ({ type: 'task', serverId: `s-${task.id}`, status: null })
    gateway.onStatus = () => running(++n / 1000)
    for (let i = 0; i < 20; i++) await admission.submit({ kind: 'video', request: video })
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

  it('dismiss removes a task’s own folder', async () => {
    const { svc, admission, clock, dir } = service()
    const src = join(dir, 'ref.png')
    writeFileSync(
      src,
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f80' } })
        .png()
        .toBuffer(),
    )
    const view = await admission.submit({
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
