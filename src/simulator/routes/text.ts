/**
 * Text: POST /v1/chat/completions (plain, or SSE deltas ending in `data: [DONE]`), /v1/responses
 * and /v1/responses/compact (OpenAI-shaped; lite-v4.1-flash refused there). Replies are
 * deterministic from the prompt. Text has no published rate: nothing enters the ledger, but an
 * empty wallet is still refused (402).
 */
import type { RouteRequest } from '../context'
import { SimError, validationError } from '../errors'
import { jsonResponse, sleep } from '../http'
import { hash32 } from '../prng'
import { type Body, isBody as isObject } from '../rules/refusals'
import { refuseChat, refuseResponses } from '../rules/textRules'
import { ensureFunds, ensureModelAccess, unixSeconds } from './common'

const textOf = (content: unknown): string =>
  typeof content === 'string'
    ? content
    : Array.isArray(content)
      ? content.map((p) => (isObject(p) && typeof p.text === 'string' ? p.text : '')).join(' ')
      : ''

/** The last user message's text (or the whole input string). */
function lastUserText(messages: unknown): string {
  if (typeof messages === 'string') return messages
  if (!Array.isArray(messages)) return ''
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]
    if (isObject(m) && m.role === 'user') return textOf(m.content)
  }
  return isObject(messages[messages.length - 1])
    ? textOf((messages[messages.length - 1] as Body).content)
    : ''
}

/** The simulated reply: always the same for the same model and prompt. */
export function replyFor(model: string, prompt: string): string {
  const echo = prompt.trim().replace(/\s+/g, ' ').slice(0, 200)
  return `Simulated reply from ${model} (#${hash32(`${model}\n${prompt}`).toString(16)}): you said "${echo}".`
}

const tokens = (text: string): number => Math.max(1, Math.ceil(text.length / 4))

export async function chatCompletions(rq: RouteRequest): Promise<void> {
  const body = await rq.json()
  const req: Body = isObject(body) ? body : {}
  ensureModelAccess(rq, req.model)
  const refused = refuseChat(body)
  if (refused) throw validationError(refused)
  ensureFunds(rq)
  const model = String(req.model)
  const prompt = lastUserText(req.messages)
  const text = replyFor(model, prompt)
  const { ctx } = rq
  const id = `chatcmpl-${ctx.prng.hex(12)}`
  const created = unixSeconds(ctx.opts.now())
  const usage = {
    prompt_tokens: tokens(prompt),
    completion_tokens: tokens(text),
    total_tokens: tokens(prompt) + tokens(text),
  }
  await sleep(ctx.opts.timings.textMs)

  if (req.stream !== true) {
    return rq.send(
      jsonResponse(200, {
        id,
        object: 'chat.completion',
        created,
        model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: text },
            finish_reason: 'stop',
            logprobs: null,
          },
        ],
        usage,
      }),
    )
  }
  const sse = rq.sse(false)
  const chunk = (delta: Body, finish: string | null) =>
    JSON.stringify({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
    })
  await sse.send(null, chunk({ role: 'assistant', content: '' }, null))
  const pieces = text.match(/\S+\s*/g) ?? [text]
  for (const piece of pieces) {
    if (sse.closed) return
    await sleep(ctx.opts.timings.textChunkMs)
    await sse.send(null, chunk({ content: piece }, null))
  }
  await sse.send(null, chunk({}, 'stop'))
  const opts = req.stream_options
  if (isObject(opts) && opts.include_usage === true) {
    await sse.send(
      null,
      JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [], usage }),
    )
  }
  await sse.send(null, '[DONE]')
  sse.end()
}

async function respond(
  rq: RouteRequest,
  endpoint: 'responses' | 'responses.compact',
): Promise<void> {
  const body = await rq.json()
  const req: Body = isObject(body) ? body : {}
  ensureModelAccess(rq, req.model)
  const refused = refuseResponses(body)
  if (refused) throw validationError(refused)
  if (req.stream === true) {
    throw new SimError(
      400,
      'unsupported_parameter',
      'The simulator does not stream /v1/responses',
      { param: 'stream' },
    )
  }
  ensureFunds(rq)
  const model = String(req.model)
  const prompt = lastUserText(req.input)
  const reply = replyFor(model, prompt)
  const text = endpoint === 'responses' ? reply : `Summary of the conversation: ${reply}`
  const { ctx } = rq
  await sleep(ctx.opts.timings.textMs)
  const usage = {
    input_tokens: tokens(prompt),
    output_tokens: tokens(text),
    total_tokens: tokens(prompt) + tokens(text),
  }
  await rq.send(
    jsonResponse(200, {
      id: `resp_${ctx.prng.hex(12)}`,
      object: endpoint === 'responses' ? 'response' : 'response.compaction',
      created_at: unixSeconds(ctx.opts.now()),
      status: 'completed',
      model,
      instructions: typeof req.instructions === 'string' ? req.instructions : null,
      output: [
        {
          id: `msg_${ctx.prng.hex(12)}`,
          type: 'message',
          status: 'completed',
          role: 'assistant',
          content: [{ type: 'output_text', text, annotations: [] }],
        },
      ],
      error: null,
      incomplete_details: null,
      usage,
    }),
  )
}

export const responses = (rq: RouteRequest): Promise<void> => respond(rq, 'responses')
export const responsesCompact = (rq: RouteRequest): Promise<void> =>
  respond(rq, 'responses.compact')
