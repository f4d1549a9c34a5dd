import {
  type ChatRequest,
  type ResponsesRequest,
  validateChat,
  validateResponses,
} from '@shared/catalog'
import { AppFailure } from '@shared/result'

import { chatChunkSchema, chatSchema, parseAnswer, parseJson, responsesSchema } from '../schemas'
import { validated } from '../transport/helpers'
import type { HttpTransport } from '../transport/HttpTransport'
import { sseEvents, streamDropped, streamError } from '../transport/sse'
import type { CallOptions, ChatDelta, ChatReply, ResponsesReply } from '../types'

function chatPrivate(messages: ChatRequest['messages']): string[] {
  return messages.flatMap((m) =>
    typeof m.content === 'string' ? [m.content] : m.content.map((p) => p.text),
  )
}

function responsesPrivate(req: ResponsesRequest): string[] {
  const input =
    typeof req.input === 'string'
      ? [req.input]
      : req.input.flatMap((m) =>
          typeof m.content === 'string' ? [m.content] : m.content.map((p) => p.text ?? ''),
        )
  return [...input, req.instructions ?? '']
}

/** POST /v1/chat/completions without streaming. Not retried (no idempotency key exists). */
export async function chat(
  t: HttpTransport,
  req: ChatRequest,
  options: CallOptions = {},
): Promise<ChatReply> {
  const endpoint = '/v1/chat/completions'
  const body = { ...req, stream: false }
  validated(validateChat(body), endpoint)
  const json = await t.json('POST', endpoint, endpoint, JSON.stringify(body), options, {
    privateStrings: chatPrivate(req.messages),
  })
  const parsed = parseAnswer(chatSchema, json, endpoint)
  const choice = parsed.choices[0]!
  const reply: ChatReply = { content: choice.message.content ?? '', raw: parsed }
  if (choice.finish_reason) reply.finishReason = choice.finish_reason
  return reply
}

/** POST /v1/chat/completions with stream: true, as text deltas. */
export async function* chatStream(
  t: HttpTransport,
  req: ChatRequest,
  options: CallOptions = {},
): AsyncGenerator<ChatDelta> {
  const endpoint = '/v1/chat/completions'
  const payload = { ...req, stream: true }
  validated(validateChat(payload), endpoint)
  const body = JSON.stringify(payload)
  const privateStrings = chatPrivate(req.messages)
  const opened = await t.call({
    method: 'POST',
    path: endpoint,
    endpoint,
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: () => body,
    read: async (o) => o,
    privateStrings,
    options,
  })
  let finished = false
  // A key split across two deltas is caught too: the reply is scrubbed as one text.
  const reply = opened.scrub.stream()
  for await (const event of sseEvents(t, opened, endpoint, options)) {
    if (event.data === '[DONE]') {
      finished = true
      break
    }
    const json = opened.scrub.value(parseJson(event.data, endpoint))
    if (json && typeof json === 'object' && 'error' in json) {
      throw new AppFailure(streamError(json, endpoint, privateStrings, opened.scrub))
    }
    const chunk = parseAnswer(chatChunkSchema, json, endpoint)
    for (const choice of chunk.choices ?? []) {
      const delta: ChatDelta = { content: reply.push(choice.delta?.content ?? '') }
      if (choice.finish_reason) {
        delta.content += reply.end()
        delta.finishReason = choice.finish_reason
        finished = true
      }
      if (delta.content || delta.finishReason) yield delta
    }
  }
  const rest = reply.end()
  if (finished && rest) yield { content: rest }
  if (!finished) throw new AppFailure(streamDropped(endpoint, options.taskId))
}

/** POST /v1/responses or /v1/responses/compact (payload unshown by the spec; OpenAI-shaped). */
export async function responses(
  t: HttpTransport,
  endpoint: '/v1/responses' | '/v1/responses/compact',
  req: ResponsesRequest,
  options: CallOptions = {},
): Promise<ResponsesReply> {
  validated(
    validateResponses(req, endpoint === '/v1/responses' ? 'responses' : 'responses.compact'),
    endpoint,
  )
  const json = await t.json('POST', endpoint, endpoint, JSON.stringify(req), options, {
    privateStrings: responsesPrivate(req),
  })
  const parsed = parseAnswer(responsesSchema, json, endpoint)
  const text =
    parsed.output_text ??
    (parsed.output ?? [])
      .flatMap((o) => o.content ?? [])
      .map((c) => c.text ?? '')
      .join('')
  return { text, raw: parsed }
}
