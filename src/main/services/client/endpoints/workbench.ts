import { Readable } from 'node:stream'

import {
  validateWorkbench,
  type WorkbenchEstimateRequest,
  type WorkbenchGenerationRequest,
} from '@shared/catalog'

import { buildMultipart } from '../../../adapters/http/multipart'
import { readArtReference } from '../references'
import { artTaskSchema, assetSchema, estimateSchema, parseAnswer } from '../schemas'
import { filePart, validated } from '../transport/helpers'
import type { HttpTransport } from '../transport/HttpTransport'
import { artStream } from '../transport/sse'
import type { ArtEvent, ArtQuote, ArtTask, CallOptions, FileRef } from '../types'

/** The request's prompts: kept out of diagnostics. */
function artPrivate(req: WorkbenchEstimateRequest): string[] {
  return [
    req.prompt,
    req.negative_prompt ?? '',
    ...(req.characters ?? []).flatMap((c) => [c.prompt, c.negative_prompt ?? '']),
  ]
}

/** POST /v1/art/estimate: the quote (its id, price and payment details as sent). */
export async function estimateArt(
  t: HttpTransport,
  req: WorkbenchEstimateRequest,
  options: CallOptions = {},
): Promise<ArtQuote> {
  const endpoint = '/v1/art/estimate'
  validated(validateWorkbench(req, { phase: 'estimate' }), endpoint)
  const json = await t.json('POST', endpoint, endpoint, JSON.stringify(req), options, {
    privateStrings: artPrivate(req),
  })
  const parsed = parseAnswer(estimateSchema, json, endpoint)
  return { quoteId: parsed.data.quote_id, data: parsed.data }
}

/** POST /v1/art/generations with quote_id and the journaled client_request_id. */
export async function submitArt(
  t: HttpTransport,
  req: WorkbenchGenerationRequest,
  options: CallOptions = {},
): Promise<ArtTask> {
  const endpoint = '/v1/art/generations'
  validated(validateWorkbench(req, { phase: 'generation' }), endpoint)
  const json = await t.json('POST', endpoint, endpoint, JSON.stringify(req), options, {
    retryable: true,
    privateStrings: artPrivate(req),
  })
  return toArtTask(parseAnswer(artTaskSchema, json, endpoint))
}

/** GET /v1/art/generations/{id}: the task after a disconnect or restart. */
export async function getArtTask(
  t: HttpTransport,
  id: string,
  options: CallOptions = {},
): Promise<ArtTask> {
  const endpoint = '/v1/art/generations/{id}'
  const path = `/v1/art/generations/${encodeURIComponent(id)}`
  const json = await t.json('GET', path, endpoint, undefined, { taskId: id, ...options })
  return toArtTask(parseAnswer(artTaskSchema, json, endpoint))
}

/**
 * POST /v1/art/generations/stream: submits and streams events. Establishing the stream is
 * retried like the submission (client_request_id makes it safe); a stream that ends before
 * `done` or `error` throws `network` so the caller resumes with `artEvents`.
 */
export function streamArt(
  t: HttpTransport,
  req: WorkbenchGenerationRequest,
  options: CallOptions = {},
): AsyncIterable<ArtEvent> {
  const endpoint = '/v1/art/generations/stream'
  validated(validateWorkbench(req, { phase: 'generation' }), endpoint)
  const body = JSON.stringify(req)
  return artStream(t, {
    method: 'POST',
    path: endpoint,
    endpoint,
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: () => body,
    idempotent: true,
    privateStrings: artPrivate(req),
    options,
    defaultHeadersMs: t.timeouts.generationHeadersMs,
  })
}

/** GET /v1/art/generations/{id}/events: resumes an existing task's events. */
export function artEvents(
  t: HttpTransport,
  id: string,
  options: CallOptions & { lastEventId?: string } = {},
): AsyncIterable<ArtEvent> {
  const headers: Record<string, string> = { accept: 'text/event-stream' }
  if (options.lastEventId) headers['last-event-id'] = options.lastEventId
  return artStream(t, {
    method: 'GET',
    path: `/v1/art/generations/${encodeURIComponent(id)}/events`,
    endpoint: '/v1/art/generations/{id}/events',
    headers,
    options: { taskId: id, ...options },
  })
}

/**
 * POST /v1/art/assets (multipart part `file`) after the art reference checks (type, 24 MiB,
 * 24 MP): the asset's id. Not retried: the spec gives uploads no idempotency key.
 */
export async function uploadArtAsset(
  t: HttpTransport,
  file: FileRef,
  options: CallOptions = {},
): Promise<{ id: string }> {
  const endpoint = '/v1/art/assets'
  const { mime } = await readArtReference(file.path, 'file')
  const multipart = await buildMultipart([filePart('file', file, mime)])
  const json = await t.json(
    'POST',
    endpoint,
    endpoint,
    () => Readable.from(multipart.stream()),
    options,
    {
      headers: {
        'content-type': multipart.contentType,
        'content-length': String(multipart.contentLength),
      },
    },
  )
  return { id: parseAnswer(assetSchema, json, endpoint).data.id }
}

function toArtTask(
  parsed: Record<string, unknown> & {
    data?:
      | { id?: string | undefined; task_id?: string | undefined; status?: string | undefined }
      | undefined
    id?: string | undefined
    task_id?: string | undefined
    status?: string | undefined
  },
): ArtTask {
  const id = (parsed.data?.id ?? parsed.data?.task_id ?? parsed.id ?? parsed.task_id) as string
  const task: ArtTask = { id, raw: parsed }
  const status = parsed.data?.status ?? parsed.status
  if (status) task.status = status
  return task
}
