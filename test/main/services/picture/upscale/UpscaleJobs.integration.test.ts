import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'

import sharp from 'sharp'
import { afterEach, describe, expect, it, vi } from 'vitest'

vi.mock('electron', () => ({}))

import { noUpscaler, UpscaleJobs } from '@main/services/picture/upscale/UpscaleJobs'
import type { LineageView } from '@shared/library/lineage'
import type { LibraryItem } from '@shared/library/types'
import type { UpscaleEstimate, UpscaleJobView } from '@shared/library/upscale'
import { ipcFailure, ipcValue } from '@test/support/ipcCalls'
import { makeMp4, waitFor } from '@test/support/mediaFixtures'
import { createTestApp } from '@test/support/testContainer'
import { tsWorker } from '@test/support/tsWorker'

const ENTRY = join(__dirname, '../../../../../src/main/workers/upscaler.ts')
type TestApp = ReturnType<typeof createTestApp>
const apps: TestApp[] = []
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close()
})

function newApp() {
  const spawned: number[] = []
  const app = createTestApp({
    upscaler: () => {
      const w = tsWorker(ENTRY)
      spawned.push(w.threadId)
      return w
    },
  })
  apps.push(app)
  const jobs: UpscaleJobView[] = []
  app.container.events.forward((e, p) => {
    if (e === 'picture:job') jobs.push(p as UpscaleJobView)
  })
  return { app, lib: app.container.library, jobs, spawned }
}

const call = ipcValue
const failure = ipcFailure

const texture = (w: number, h: number) => {
  const raw = Buffer.alloc(w * h * 3)
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 31 + (i % 7) * 17) & 255
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .png()
    .toBuffer()
}
const saveItem = async (lib: TestApp['container']['library'], w: number, h: number) =>
  lib.save({
    kind: 'image',
    model: 'std-image-2',
    prompt: 'a harbour',
    params: { size: `${w}x${h}` },
    file: { bytes: await texture(w, h), ext: 'png' },
  })
const itemCount = async (app: TestApp) => (await app.container.library.query({}, null)).items.length

describe('local upscale jobs (issue #31)', () => {
  it('upscales ×2 on a worker thread with progress, and saves a new item with lineage', async () => {
    const { app, lib, jobs } = newApp()
    const parent = await saveItem(lib, 500, 200)
    const est = await call<UpscaleEstimate>(app, 'picture:upscaleEstimate', {
      id: parent.id,
      scale: 2,
    })
    expect(est).toMatchObject({ width: 500, height: 200, outWidth: 1000, outHeight: 400 })
    expect(est.seconds).toBeGreaterThan(0)
    const job = await call<UpscaleJobView>(app, 'picture:upscale', {
      id: parent.id,
      scale: 2,
      engine: 'model',
      estimateSec: est.seconds,
    })
    expect(job).toMatchObject({ state: 'running', total: 2, done: 0 })
    const done = await waitFor(
      () => jobs.find((j) => j.jobId === job.jobId && j.state === 'done'),
      60_000,
    )
    expect(jobs.filter((j) => j.jobId === job.jobId).map((j) => j.done)).toEqual(
      expect.arrayContaining([1, 2]),
    )
    const item = await call<LibraryItem>(app, 'library:get', { id: done!.resultId })
    expect([item.width, item.height]).toEqual([1000, 400])
    const up = await call<LineageView>(app, 'picture:lineage', { id: item.id })
    expect(up.madeFrom).toMatchObject({
      id: parent.id,
      operation: 'upscale',
      params: { scale: 2, engine: 'model' },
      model: expect.stringMatching(/esrgan-slim/),
    })
    expect((await call<UpscaleJobView[]>(app, 'picture:jobs', {}))[0]).toMatchObject({
      jobId: job.jobId,
      state: 'done',
    })
  }, 90_000)

  it('Lanczos is the fast option, on main’s libuv pool, no thread', async () => {
    const { app, lib, jobs, spawned } = newApp()
    const parent = await saveItem(lib, 64, 40)
    const job = await call<UpscaleJobView>(app, 'picture:upscale', {
      id: parent.id,
      scale: 4,
      engine: 'lanczos',
    })
    const done = await waitFor(() => jobs.find((j) => j.jobId === job.jobId && j.state === 'done'))
    const item = await call<LibraryItem>(app, 'library:get', { id: done!.resultId })
    expect([item.width, item.height]).toEqual([256, 160])
    expect(spawned).toHaveLength(0)
  })

  it.each(['lanczos', 'model'] as const)(
    '%s: a transparent picture stays transparent where it was',
    async (engine) => {
      const { app, lib, jobs } = newApp()
      // 48 × 32, the left half opaque texture, the right half fully transparent.
      const w = 48
      const h = 32
      const rgba = Buffer.alloc(w * h * 4)
      for (let i = 0; i < w * h; i++) {
        rgba[i * 4] = (i * 37) & 255
        rgba[i * 4 + 1] = (i * 11) & 255
        rgba[i * 4 + 2] = 90
        rgba[i * 4 + 3] = i % w < w / 2 ? 255 : 0
      }
      const parent = await lib.save({
        kind: 'image',
        model: 'std-image-2',
        prompt: 'a cut-out',
        params: { size: `${w}x${h}` },
        file: {
          bytes: await sharp(rgba, { raw: { width: w, height: h, channels: 4 } })
            .png()
            .toBuffer(),
          ext: 'png',
        },
      })
      const job = await call<UpscaleJobView>(app, 'picture:upscale', {
        id: parent.id,
        scale: 2,
        engine,
      })
      const done = await waitFor(
        () => jobs.find((j) => j.jobId === job.jobId && j.state === 'done'),
        60_000,
      )
      const item = await call<LibraryItem>(app, 'library:get', { id: done!.resultId })
      const { data, info } = await sharp(join(app.dir, 'Library', item.relPath))
        .raw()
        .toBuffer({ resolveWithObject: true })
      expect([info.width, info.height, info.channels]).toEqual([96, 64, 4])
      const alphaAt = (x: number, y: number) => data[(y * 96 + x) * 4 + 3]
      expect(alphaAt(10, 30)).toBe(255)
      expect(alphaAt(85, 30)).toBe(0)
    },
    90_000,
  )

  it('cancel stops the thread mid-way and saves nothing', async () => {
    const { app, lib, jobs } = newApp()
    const parent = await saveItem(lib, 800, 384)
    const before = await itemCount(app)
    const job = await call<UpscaleJobView>(app, 'picture:upscale', {
      id: parent.id,
      scale: 2,
      engine: 'model',
    })
    await waitFor(() => jobs.find((j) => j.jobId === job.jobId && j.done >= 1), 60_000)
    expect(await call<boolean>(app, 'picture:cancel', { jobId: job.jobId })).toBe(true)
    await new Promise((r) => setTimeout(r, 800))
    const last = jobs.filter((j) => j.jobId === job.jobId).at(-1)!
    expect(last.state).toBe('cancelled')
    expect(last.done).toBeLessThan(last.total)
    expect(await itemCount(app)).toBe(before)
    // No temp or half-written file either.
    const day = join(app.dir, 'Library', parent.relPath.split('/').slice(0, 3).join('/'))
    expect(readdirSync(day).filter((f) => !f.startsWith(parent.fileName))).toEqual([])
    expect(await call<boolean>(app, 'picture:cancel', { jobId: job.jobId })).toBe(false)
  }, 90_000)

  it('a crashed upscaler thread fails the job and saves nothing', async () => {
    const { app, lib } = newApp()
    const parent = await saveItem(lib, 64, 64)
    const seen: UpscaleJobView[] = []
    const crashing = new UpscaleJobs({
      library: lib,
      spawn: () => new Worker('process.exit(3)', { eval: true }),
      emit: (j) => seen.push(j),
    })
    const job = await crashing.start(parent.id, 2, 'model')
    const failed = await waitFor(() =>
      seen.find((j) => j.jobId === job.jobId && j.state === 'failed'),
    )
    expect(failed!.message).toMatch(/stopped before it finished/)
    expect(await itemCount(app)).toBe(1)
  })

  it('refuses a video, a picture too large, and one that does not fit in free memory, before any work', async () => {
    const { app, lib } = newApp()
    const video = await lib.save({
      kind: 'video',
      model: 'motion-2.0',
      prompt: 'w',
      params: {},
      file: { bytes: makeMp4(), ext: 'mp4' },
    })
    expect(
      (await failure(app, 'picture:upscale', { id: video.id, scale: 2, engine: 'model' })).message,
    ).toMatch(/video cannot be upscaled/)
    const big = await saveItem(lib, 4100, 8)
    expect(
      (await failure(app, 'picture:upscaleEstimate', { id: big.id, scale: 4 })).message,
    ).toMatch(/would be 16400 × 32: larger than 16384 pixels/)
    const small = new UpscaleJobs({
      library: lib,
      spawn: noUpscaler,
      emit: () => {},
      freeMemory: () => 30 * 2 ** 20,
    })
    const mid = await saveItem(lib, 1024, 1024)
    await expect(small.start(mid.id, 2, 'model')).rejects.toMatchObject({
      error: {
        code: 'validation',
        message: expect.stringMatching(/needs about 40 MiB of memory; 30 MiB is free/),
      },
    })
    expect(small.list()).toEqual([])
    expect(await itemCount(app)).toBe(3)
  })
})
