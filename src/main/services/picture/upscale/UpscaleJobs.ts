/**
 * Local upscale jobs (issue #31). The model runs on a worker thread (workers/upscaler.ts) so
 * main's event loop stays free; Lanczos runs in sharp (libuv's pool). Each job reads the picture,
 * upscales it, encodes a PNG and saves it as a new item with its lineage, and only then: a
 * cancelled or crashed job leaves nothing in the library. Jobs live in memory (they are free to
 * run again) and are reported on `picture:job`.
 */
import { randomUUID } from 'node:crypto'
import { freemem } from 'node:os'
import type { Worker } from 'node:worker_threads'

import type { EventPayload } from '@shared/ipc/contract'
import { MAX_EDIT_SIDE } from '@shared/library/pictureEdits'
import type {
  UpscaleEngine,
  UpscaleEstimate,
  UpscaleJobView,
  UpscaleScaleChoice,
} from '@shared/library/upscale'
import { fail } from '@shared/result'

import { loadSharp } from '../../../adapters/thumbnails/loadSharp'
import { t } from '../../../i18n'
import { LANCZOS_MODEL } from '../applyEdit'
import { type PictureLibrary, saveDerived } from '../derived'
import { alphaAt, checkPictureItem, pictureSize, readPicture } from '../readPicture'
import { ESRGAN_MODEL } from './esrganModel'
import type { UpscaleMessage, UpscaleRequest } from './runUpscale'
import { pixelsRead, planTiles } from './tiles'

export interface UpscaleOptions {
  library: PictureLibrary
  /** Starts one upscaler thread (the built workers/upscaler.js; the TypeScript entry in tests). */
  spawn: () => Worker
  emit: (job: EventPayload<'picture:job'>) => void
  /** Bytes of memory free now (os.freemem; tests pass a small machine). */
  freeMemory?: () => number
  now?: () => number
}

/** The spawn of an app built without the upscaler's thread: the model is refused, Lanczos works. */
export const noUpscaler = (): Worker => {
  throw new Error(t('upscaleNoModel'))
}

/** Finished jobs kept for the Tasks screen. */
const KEEP_FINISHED = 50

/**
 * Peak bytes a job holds per output pixel: the RGB output (3) on the thread, its copy handed to
 * sharp, and the PNG encoder's rows and output (measured ≈ 8 B/px on 8192² here; 10 with margin).
 */
const BYTES_PER_OUT_PIXEL = 10

export class UpscaleJobs {
  private readonly jobs = new Map<string, UpscaleJobView>()
  private readonly workers = new Map<string, Worker>()
  /** Input px/s per scale, measured once per run of the app (a probe costs ~0.3 s). */
  private readonly throughput = new Map<UpscaleScaleChoice, number>()
  private readonly now: () => number

  constructor(private readonly o: UpscaleOptions) {
    this.now = o.now ?? Date.now
  }

  /** Sizes checked, then the model's speed here measured on a probe tile: how long it would take. */
  async estimate(id: string, scale: UpscaleScaleChoice): Promise<UpscaleEstimate> {
    const { width, height } = await this.checkedSize(id, scale)
    let pxPerSec = this.throughput.get(scale)
    if (pxPerSec === undefined) {
      pxPerSec = await this.probe(scale)
      this.throughput.set(scale, pxPerSec)
    }
    const seconds = pixelsRead(planTiles(width, height)) / pxPerSec
    return { width, height, outWidth: width * scale, outHeight: height * scale, pxPerSec, seconds }
  }

  /** Starts a job (checks first: a refusal starts nothing); the answer is its first view. */
  async start(
    id: string,
    scale: UpscaleScaleChoice,
    engine: UpscaleEngine,
    estimateSec: number | null = null,
  ): Promise<UpscaleJobView> {
    const { item, width, height } = await this.checkedSize(id, scale)
    const at = this.now()
    const job: UpscaleJobView = {
      jobId: randomUUID(),
      itemId: id,
      fileName: item.fileName,
      scale,
      engine,
      state: 'running',
      done: 0,
      total: engine === 'model' ? planTiles(width, height).length : 1,
      startedAt: at,
      updatedAt: at,
      estimateSec,
      resultId: null,
      message: null,
    }
    this.update(job, {})
    void this.run(job).catch((e: unknown) => {
      if (this.jobs.get(job.jobId)?.state !== 'cancelled')
        this.update(job, { state: 'failed', message: messageOf(e) })
    })
    return job
  }

  /** Stops a job: the thread is terminated, nothing is saved. False when it had already ended. */
  cancel(jobId: string): boolean {
    const job = this.jobs.get(jobId)
    if (!job || (job.state !== 'running' && job.state !== 'saving')) return false
    this.update(job, { state: 'cancelled', message: t('upscaleCancelled') })
    void this.workers.get(jobId)?.terminate()
    this.workers.delete(jobId)
    return true
  }

  /** Every job of this run of the app, newest first. */
  list(): UpscaleJobView[] {
    return [...this.jobs.values()].sort((a, b) => b.startedAt - a.startedAt)
  }

  /** Terminates running threads (app quit). */
  async dispose(): Promise<void> {
    await Promise.all([...this.workers.values()].map((w) => w.terminate()))
    this.workers.clear()
  }

  private async checkedSize(id: string, scale: UpscaleScaleChoice) {
    const item = await this.o.library.get(id)
    checkPictureItem(item, 'upscale')
    const { width, height } = await pictureSize(await this.o.library.absolutePath(id))
    const outW = width * scale
    const outH = height * scale
    if (outW > MAX_EDIT_SIDE || outH > MAX_EDIT_SIDE)
      fail(
        'validation',
        t('upscaleTooLarge', { scale, width, height, outW, outH, max: MAX_EDIT_SIDE }),
        { action: t('upscaleTooLargeAction') },
      )
    const need = outW * outH * BYTES_PER_OUT_PIXEL
    const free = (this.o.freeMemory ?? freemem)()
    if (need > free)
      fail(
        'validation',
        t('upscaleNoMemory', { scale, width, height, need: mib(need), free: mib(free) }),
        { action: t('upscaleNoMemoryAction') },
      )
    return { item, width, height }
  }

  private async run(job: UpscaleJobView): Promise<void> {
    const path = await this.o.library.absolutePath(job.itemId)
    const pic = await readPicture(path, 'upscale', { alpha: false })
    const sharp = loadSharp()
    let rgb: { data: Uint8Array; width: number; height: number }
    if (job.engine === 'lanczos') {
      const width = pic.width * job.scale
      const height = pic.height * job.scale
      const data = await sharp(pic.data, {
        raw: { width: pic.width, height: pic.height, channels: 3 },
      })
        .resize(width, height, { kernel: 'lanczos3' })
        .raw()
        .toBuffer()
      if (this.jobs.get(job.jobId)?.state !== 'running') return
      this.update(job, { done: 1 })
      rgb = { data, width, height }
    } else {
      const out = await this.onThread(job, {
        type: 'run',
        scale: job.scale,
        width: pic.width,
        height: pic.height,
        // A copy of its own to hand over (sharp's buffer may not be transferable).
        data: new Uint8Array(pic.data),
      })
      if (!out) return
      this.update(job, { state: 'saving' })
      rgb = out
    }
    // The model sees colour only; a transparent picture keeps its transparency, Lanczos-scaled.
    const alpha = await alphaAt(path, rgb.width, rgb.height)
    const colour = sharp(rgb.data, { raw: { width: rgb.width, height: rgb.height, channels: 3 } })
    const png = await (
      alpha
        ? colour.joinChannel(alpha, { raw: { width: rgb.width, height: rgb.height, channels: 1 } })
        : colour
    )
      .png()
      .toBuffer()
    if (this.jobs.get(job.jobId)?.state === 'cancelled') return
    this.update(job, { state: 'saving' })
    const parent = await this.o.library.get(job.itemId)
    const saved = await saveDerived(this.o.library, parent, png, {
      parentId: parent.id,
      operation: 'upscale',
      params: { scale: job.scale, engine: job.engine },
      model: job.engine === 'model' ? ESRGAN_MODEL : LANCZOS_MODEL,
    })
    this.update(job, { state: 'done', resultId: saved.id, done: job.total })
  }

  /** Runs a request on a new thread; null when the job was cancelled meanwhile. */
  private onThread(
    job: UpscaleJobView,
    req: Extract<UpscaleRequest, { type: 'run' }>,
  ): Promise<Extract<UpscaleMessage, { type: 'done' }> | null> {
    return new Promise((resolve, reject) => {
      const worker = this.o.spawn()
      this.workers.set(job.jobId, worker)
      let settled = false
      const end = (f: () => void) => {
        if (settled) return
        settled = true
        this.workers.delete(job.jobId)
        void worker.terminate()
        f()
      }
      worker.on('message', (m: UpscaleMessage) => {
        if (m.type === 'progress') this.update(job, { done: m.done, total: m.total })
        else if (m.type === 'done') end(() => resolve(m))
        else if (m.type === 'error') end(() => reject(new Error(m.message)))
      })
      worker.on('error', (e) => end(() => reject(e)))
      worker.on('exit', () =>
        end(() =>
          this.jobs.get(job.jobId)?.state === 'cancelled'
            ? resolve(null)
            : reject(new Error(t('upscalerStopped'))),
        ),
      )
      worker.postMessage(req, [req.data.buffer as ArrayBuffer])
    })
  }

  private probe(scale: UpscaleScaleChoice): Promise<number> {
    return new Promise((resolve, reject) => {
      const worker = this.o.spawn()
      const done = (f: () => void) => {
        worker.removeAllListeners()
        void worker.terminate()
        f()
      }
      worker.on('message', (m: UpscaleMessage) => {
        if (m.type === 'probed') done(() => resolve(m.pxPerSec))
        else if (m.type === 'error') done(() => reject(new Error(m.message)))
      })
      worker.on('error', (e) => done(() => reject(e)))
      worker.on('exit', () => done(() => reject(new Error(t('upscalerStoppedMeasuring')))))
      worker.postMessage({ type: 'probe', scale } satisfies UpscaleRequest)
    })
  }

  private update(job: UpscaleJobView, patch: Partial<UpscaleJobView>): void {
    const current = this.jobs.get(job.jobId) ?? job
    if (current.state === 'cancelled' && patch.state !== 'cancelled') return
    const next = { ...current, ...patch, updatedAt: this.now() }
    Object.assign(job, next)
    this.jobs.set(job.jobId, next)
    this.trim()
    this.o.emit(next)
  }

  private trim(): void {
    const finished = this.list().filter((j) => j.state !== 'running' && j.state !== 'saving')
    for (const j of finished.slice(KEEP_FINISHED)) this.jobs.delete(j.jobId)
  }
}

const mib = (bytes: number) => Math.round(bytes / 2 ** 20)
const messageOf = (e: unknown): string =>
  e && typeof e === 'object' && 'error' in e
    ? String((e as { error: { message: string } }).error.message)
    : (e as Error).message
