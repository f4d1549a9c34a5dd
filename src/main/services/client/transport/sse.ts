import { type AppError, AppFailure, isAppFailure } from '@shared/result'

import { cancelledFailure } from '../../../adapters/clock/Clock'
import { classifyTransportError } from '../../../adapters/http/retryPolicy'
import { parseSse, type SseEvent, SseTooLargeError } from '../../../adapters/http/sse'
import { t } from '../../../i18n'
import { redactText } from '../../diagnostics/redact'
import { mapHttpError, parseErrorBody, transportError } from '../errors'
import type { ArtEvent, CallOptions } from '../types'
import type { HttpTransport } from './HttpTransport'
import type { KeyScrubber } from './keyScrub'
import type { Opened, Spec } from './spec'

/**
 * Server-Sent Events over the transport: the art extension's task events and the text deltas.
 * A stream that ends before its last event is a disconnect (`network`: reconnect, never resubmit).
 */

/** Parses an open SSE body; transport failures mid-stream become `network` (reconnect). */
export async function* sseEvents(
  t: HttpTransport,
  opened: Opened,
  endpoint: string,
  options: CallOptions,
): AsyncGenerator<SseEvent> {
  try {
    // Every message is scrubbed of the key as it arrives (the JSON in it once more when parsed).
    for await (const event of parseSse(opened.body)) yield opened.scrub.value(event)
  } catch (e) {
    if (options.signal?.aborted) throw cancelledFailure()
    if (isAppFailure(e)) throw e
    if (e instanceof SseTooLargeError) {
      throw new AppFailure({ code: 'bad_response', message: e.message })
    }
    const kind = classifyTransportError(e)
    const error =
      kind === 'cancelled'
        ? cancelledFailure().error
        : kind === 'timeout'
          ? transportError('timeout', endpoint, options.taskId)
          : streamDropped(endpoint, options.taskId)
    t.diagnostics?.request({
      method: 'SSE',
      endpoint,
      target: 'service',
      code: error.code,
      attempt: 1,
      durationMs: 0,
      message: `stream ended: ${(e as Error)?.message ?? String(e)}`,
      ...(options.taskId ? { taskId: options.taskId } : {}),
    })
    throw new AppFailure(error)
  } finally {
    opened.body.destroy()
  }
}

export async function* artStream(
  t: HttpTransport,
  spec: Omit<Spec<Opened>, 'read'>,
): AsyncGenerator<ArtEvent> {
  const opened = await t.call({ ...spec, read: async (o) => o })
  let terminal = false
  for await (const event of sseEvents(t, opened, spec.endpoint, spec.options)) {
    let data: unknown = event.data
    try {
      data = opened.scrub.value(JSON.parse(event.data))
    } catch {
      // Not JSON: the text is passed on as sent.
    }
    const out: ArtEvent = { event: event.event, data }
    if (event.id !== undefined) out.id = event.id
    yield out
    if (event.event === 'done' || event.event === 'error') {
      terminal = true
      break
    }
  }
  if (!terminal) throw new AppFailure(streamDropped(spec.endpoint, spec.options.taskId))
}

/** An error sent inside an event stream, mapped as an HTTP 500 answer would be. */
export function streamError(
  json: object,
  endpoint: string,
  privateStrings: string[],
  scrub: KeyScrubber,
): AppError {
  const parsed = parseErrorBody(JSON.stringify(scrub.value(json)), 'application/json')
  return mapHttpError({
    status: 500,
    parsed,
    retryAfterMs: null,
    target: 'service',
    endpoint,
    redact: (t) => redactText(scrub.text(t), { privateStrings }),
  })
}

export function streamDropped(endpoint: string, taskId?: string): AppError {
  const error: AppError = {
    code: 'network',
    message: t('streamDropped', { endpoint }),
    action: t('streamDroppedAction'),
  }
  if (taskId) error.taskId = taskId
  return error
}
