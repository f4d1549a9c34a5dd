/**
 * Video tasks: POST /v1/videos, GET /v1/videos/{id}, GET /v1/videos/{id}/content. A task is
 * queued, then in_progress with progress 0–100, then completed (or failed, and refunded), on a
 * timeline scaled by timeScale. Status follows OpenAI's video API, as DESIGN.md records.
 */
import type { RouteRequest } from '../context'
import { SimError, validationError } from '../errors'
import { jsonResponse } from '../http'
import { canonicalJson, sha256 } from '../idempotency'
import { parseMultipart } from '../multipart'
import { renderPng } from '../png'
import { videoCharge } from '../pricing'
import { videoDefaults } from '../rules/catalog'
import { type Body, isBody } from '../rules/refusals'
import { ALL_REFERENCE, refuseVideo } from '../rules/videoRules'
import type { VideoTask } from '../state/videoStore'
import { ensureModelAccess, unixSeconds, withIdempotency } from './common'

/** A prompt containing this text makes the simulated task fail (and be refunded). */
export const VIDEO_FAIL_MARKER = '[simulate:fail]'

/** Output lifetime reported in expires_at (our choice; the spec does not show it). */
const CONTENT_LIFETIME_MS = 60 * 60_000

const SHORT_SIDE: Record<string, number> = { '480p': 480, '720p': 720, '768p': 768, '1080p': 1080 }

function frameSize(resolution: string, aspect: string): string {
  const short = SHORT_SIDE[resolution] ?? 720
  const [w, h] = aspect.split(':').map(Number) as [number, number]
  const long = Math.round((short * Math.max(w, h)) / Math.min(w, h) / 2) * 2
  return w >= h ? `${long}x${short}` : `${short}x${long}`
}

function statusOf(t: VideoTask, now: number): { status: string; progress: number } {
  if (now < t.startAt) return { status: 'queued', progress: 0 }
  if (now < t.endAt) {
    const p = Math.floor(((now - t.startAt) / Math.max(1, t.endAt - t.startAt)) * 100)
    return { status: 'in_progress', progress: Math.min(99, Math.max(0, p)) }
  }
  return { status: t.fails ? 'failed' : 'completed', progress: 100 }
}

function view(t: VideoTask, now: number) {
  const { status, progress } = statusOf(t, now)
  const done = status === 'completed'
  return {
    id: t.id,
    object: 'video',
    model: t.model,
    status,
    progress,
    created_at: unixSeconds(t.createdAt),
    completed_at: done ? unixSeconds(t.endAt) : null,
    expires_at: done ? unixSeconds(t.endAt + CONTENT_LIFETIME_MS) : null,
    error:
      status === 'failed'
        ? { code: 'generation_failed', message: 'The simulated generation failed' }
        : null,
    prompt: t.prompt,
    duration: t.duration,
    seconds: String(t.duration),
    resolution: t.resolution,
    aspect_ratio: t.aspectRatio,
    size: frameSize(t.resolution, t.aspectRatio),
    mode: t.mode,
  }
}

/**
 * The task request: JSON as the spec says, or multipart/form-data as OpenAI's SDK sends it
 * (text parts; `name[]` parts become lists; integer fields are converted).
 */
async function readVideoRequest(rq: RouteRequest): Promise<unknown> {
  const type = rq.header('content-type') ?? ''
  if (!/^multipart\/form-data/i.test(type)) return rq.json()
  const { body } = await rq.body(8 * 1024 * 1024)
  const out: Body = {}
  for (const part of parseMultipart(body, type)) {
    if (part.filename !== null) continue
    const text = part.data.toString('utf8')
    if (part.name.endsWith('[]')) {
      const key = part.name.slice(0, -2)
      out[key] = [...(Array.isArray(out[key]) ? (out[key] as unknown[]) : []), text]
    } else {
      out[part.name] = INTEGER_FIELDS.has(part.name) && /^-?\d+$/.test(text) ? Number(text) : text
    }
  }
  return out
}

const INTEGER_FIELDS = new Set(['duration', 'input_video_seconds'])

export async function createVideo(rq: RouteRequest): Promise<void> {
  const body = await readVideoRequest(rq)
  const req = isBody(body) ? body : {}
  ensureModelAccess(rq, req.model)
  const refused = refuseVideo(body)
  if (refused) throw validationError(refused)
  const model = String(req.model)
  const defaults = videoDefaults(model)
  const duration = typeof req.duration === 'number' ? req.duration : defaults.seconds
  const resolution = typeof req.resolution === 'string' ? req.resolution : defaults.resolution
  const aspectRatio = typeof req.aspect_ratio === 'string' ? req.aspect_ratio : '16:9'
  const mode = typeof req.mode === 'string' ? req.mode : null
  const price = videoCharge({
    model,
    duration,
    resolution,
    aspectRatio,
    referenceMode: mode === ALL_REFERENCE,
  })
  if (!price) throw new SimError(500, 'server_error', `No price for ${model} ${resolution}`)
  const key = rq.header('idempotency-key')

  await withIdempotency(rq, key, sha256(canonicalJson(body)), async () => {
    const { ctx } = rq
    const id = `video_${ctx.prng.hex(12)}`
    const charge = ctx.ledger.charge(rq.account, {
      route: rq.route,
      model,
      micros: price.micros,
      approximate: price.approximate,
      idempotencyKey: key ?? null,
      taskId: id,
    })
    const now = ctx.opts.now()
    const task: VideoTask = {
      id,
      account: rq.account.name,
      model,
      prompt: String(req.prompt),
      duration,
      resolution,
      aspectRatio,
      mode,
      createdAt: now,
      startAt: now + ctx.opts.timings.videoQueuedMs,
      endAt: now + ctx.opts.timings.videoQueuedMs + ctx.opts.timings.videoRunMs,
      fails: String(req.prompt).includes(VIDEO_FAIL_MARKER),
      charge,
    }
    ctx.videos.tasks.set(id, task)
    if (task.fails) {
      const account = rq.account
      ctx.schedule(task.endAt - now, () => ctx.ledger.refund(account, charge))
    }
    return jsonResponse(200, view(task, now))
  })
}

function ownedTask(rq: RouteRequest): VideoTask {
  const t = rq.ctx.videos.tasks.get(rq.params[0] ?? '')
  if (!t || t.account !== rq.account.name)
    throw new SimError(404, 'video_not_found', 'No such video task')
  return t
}

export async function getVideo(rq: RouteRequest): Promise<void> {
  await rq.send(jsonResponse(200, view(ownedTask(rq), rq.ctx.opts.now())))
}

export async function videoContent(rq: RouteRequest): Promise<void> {
  const t = ownedTask(rq)
  const { status } = statusOf(t, rq.ctx.opts.now())
  if (status === 'failed')
    throw new SimError(409, 'video_failed', 'The video task failed; there is no content')
  if (status !== 'completed') {
    throw new SimError(
      409,
      'video_not_ready',
      `The video task is ${status}; download it once completed`,
    )
  }
  const variant = rq.query.get('variant') ?? 'video'
  if (variant === 'thumbnail') {
    const png = await renderPng({ width: 320, height: 180, seed: `${t.id}\nthumbnail` })
    return rq.send({ status: 200, headers: { 'Content-Type': 'image/png' }, body: png })
  }
  if (variant !== 'video') {
    throw new SimError(400, 'invalid_request', 'variant must be video or thumbnail', {
      param: 'variant',
    })
  }
  const mp4 = rq.ctx.videos.sampleMp4()
  if (rq.ctx.opts.videoContentRedirect) {
    const url = rq.ctx.cdn.publish(mp4, { contentType: 'video/mp4', filename: `${t.id}.mp4` })
    return rq.send({ status: 302, headers: { Location: url }, body: Buffer.alloc(0) })
  }
  await rq.send({ status: 200, headers: { 'Content-Type': 'video/mp4' }, body: mp4 })
}
