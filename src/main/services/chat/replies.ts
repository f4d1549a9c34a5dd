import type { TextEndpoint } from '@shared/chat/types'

import type { StoredMessage } from './ChatStore'
import { compactionText, historyTurns } from './history'
import { interrupted, replyError } from './replyErrors'
import type { ReplyWriter } from './ReplyWriter'
import type { TextGateway } from './TextGateway'

/** One request in flight for a conversation (a reply or a compaction). */
export interface ActiveRequest {
  controller: AbortController
  /** Set by Stop, so an abort is told apart from the app closing. */
  stopped: boolean
  writer: ReplyWriter | null
  done: Promise<void>
}

/** A new request for the `active` map; `release` resolves its `done` (a compaction's end). */
export function pendingRequest(writer: ReplyWriter | null): {
  active: ActiveRequest
  release: () => void
} {
  let release: () => void = () => {}
  const done = new Promise<void>((r) => (release = r))
  return { active: { controller: new AbortController(), stopped: false, writer, done }, release }
}

/** Compacts `messages` with the service: the message to store, holding its output verbatim. */
export async function compactionOf(
  gateway: TextGateway,
  model: string,
  messages: readonly StoredMessage[],
  active: ActiveRequest,
): Promise<{ content: string; raw: unknown }> {
  const reply = await gateway.compact({
    model,
    input: historyTurns(messages),
    signal: active.controller.signal,
  })
  return { content: reply.text || compactionText(reply.output), raw: reply.output }
}

/**
 * Asks the model for a reply and hands its text to the writer as it arrives: chat completions
 * (streamed or not) or responses (streamed when the gateway can). Throws what the call threw; the
 * writer keeps what arrived.
 */
export async function runReply(
  gateway: TextGateway,
  active: ActiveRequest,
  call: {
    model: string
    endpoint: TextEndpoint
    stream: boolean
    history: ReturnType<typeof historyTurns>
  },
): Promise<void> {
  const writer = active.writer!
  const signal = active.controller.signal
  if (call.endpoint === 'chat.completions') {
    const req = { model: call.model, messages: call.history, signal }
    if (call.stream) {
      for await (const delta of gateway.chatStream(req)) writer.append(delta)
    } else {
      writer.append((await gateway.chat(req)).text)
    }
    return
  }
  const req = { model: call.model, input: call.history, signal }
  if (call.stream && gateway.responsesStream) {
    for await (const delta of gateway.responsesStream(req)) writer.append(delta)
  } else {
    writer.append((await gateway.responses(req)).text)
  }
}

/**
 * Writes how a failed reply ended: `stopped` after Stop, interrupted when the app closed,
 * otherwise the service's error (partial text kept as `incomplete`). A refusal that says the
 * account's rights changed calls `onRightsChanged`, so the cached model list is asked again.
 */
export function settleFailedReply(
  active: ActiveRequest,
  e: unknown,
  onRightsChanged: () => void,
): void {
  const writer = active.writer!
  const partial = writer.content.length > 0
  if (active.stopped) return writer.finish('stopped', null)
  if (active.controller.signal.aborted)
    return writer.finish(partial ? 'incomplete' : 'error', interrupted())
  const error = replyError(e, partial)
  if (['auth', 'forbidden', 'model_unavailable'].includes(error.code)) onRightsChanged()
  writer.finish(partial ? 'incomplete' : 'error', error)
}
