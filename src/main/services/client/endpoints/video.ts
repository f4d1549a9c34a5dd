import { validateVideo, type VideoRequest } from '@shared/catalog'

import { parseAnswer, videoTaskSchema } from '../schemas'
import { binary, validated } from '../transport/helpers'
import type { HttpTransport } from '../transport/HttpTransport'
import type { BinarySink, CallOptions, GenerationOptions, VideoTask } from '../types'

/** POST /v1/videos: creates the task; the returned id is what the journal must keep. */
export async function createVideo(
  t: HttpTransport,
  req: VideoRequest,
  options: GenerationOptions,
): Promise<VideoTask> {
  const endpoint = '/v1/videos'
  validated(validateVideo(req), endpoint)
  const json = await t.json('POST', endpoint, endpoint, JSON.stringify(req), options, {
    idempotencyKey: options.idempotencyKey,
    privateStrings: [req.prompt],
  })
  return toVideoTask(parseAnswer(videoTaskSchema, json, endpoint))
}

/** GET /v1/videos/{id}: status and progress for polling. */
export async function getVideo(
  t: HttpTransport,
  id: string,
  options: CallOptions = {},
): Promise<VideoTask> {
  const endpoint = '/v1/videos/{id}'
  const path = `/v1/videos/${encodeURIComponent(id)}`
  const json = await t.json('GET', path, endpoint, undefined, { taskId: id, ...options })
  return toVideoTask(parseAnswer(videoTaskSchema, json, endpoint))
}

/**
 * GET /v1/videos/{id}/content into `sink` (the DownloadService). A redirect to another origin
 * is followed through the keyless dispatcher.
 */
export function videoContent<T>(
  t: HttpTransport,
  id: string,
  sink: BinarySink<T>,
  options: CallOptions = {},
): Promise<T> {
  return t.call({
    method: 'GET',
    path: `/v1/videos/${encodeURIComponent(id)}/content`,
    endpoint: '/v1/videos/{id}/content',
    followRedirects: true,
    read: (o) => sink(binary(o), options.signal),
    options: { taskId: id, ...options },
  })
}

function toVideoTask(
  parsed: Record<string, unknown> & {
    id: string
    status: string
    progress?: number | undefined
    error?: { code?: string | undefined; message?: string | undefined } | null | undefined
    expires_at?: number | null | undefined
  },
): VideoTask {
  const task: VideoTask = { id: parsed.id, status: parsed.status, raw: parsed }
  if (parsed.progress !== undefined) task.progress = parsed.progress
  if (parsed.error) {
    const error: VideoTask['error'] = {}
    if (parsed.error.code) error.code = parsed.error.code
    if (parsed.error.message) error.message = parsed.error.message
    task.error = error
  }
  if (typeof parsed.expires_at === 'number') task.expiresAt = parsed.expires_at
  return task
}
