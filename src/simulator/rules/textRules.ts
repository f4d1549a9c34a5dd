/**
 * Text endpoint rules: chat completions (spec: model, messages with role and content, stream) and
 * the responses endpoints, whose payloads are unshown (our choice: OpenAI-shaped `input`, text or
 * messages). Endpoint rule 1: responses take only std-6-sol, std-6-astra and std-5.6-sol.
 */
import { RESPONSES_MODELS } from './catalog'
import { modelOfKind } from './modelRule'
import { isBody, Refusals } from './refusals'

/** Roles a message may carry (OpenAI's chat roles; the spec names none). */
const ROLES = ['system', 'developer', 'user', 'assistant']

function checkMessages(r: Refusals, path: string, v: unknown): void {
  if (!Array.isArray(v) || v.length === 0) return r.add(path, `${path} must be a non-empty array`)
  v.forEach((m, i) => {
    const at = `${path}[${i}]`
    if (!isBody(m)) return r.add(at, 'each message needs role and content')
    r.choice(`${at}.role`, m.role, ROLES, true)
    const c = m.content
    const parts =
      Array.isArray(c) &&
      c.length > 0 &&
      c.every(
        (p) =>
          isBody(p) &&
          typeof p.type === 'string' &&
          ['undefined', 'string'].includes(typeof p.text),
      )
    if (typeof c !== 'string' && !parts)
      r.add(`${at}.content`, 'content must be text or text parts')
  })
}

/** The refused fields of a chat completions request, or null. */
export function refuseChat(v: unknown): Record<string, string> | null {
  if (!isBody(v)) return { body: 'The body must be a JSON object' }
  const r = new Refusals()
  modelOfKind(r, v.model, 'text')
  checkMessages(r, 'messages', v.messages)
  r.optionalFlag('stream', v.stream)
  return r.result()
}

/** The refused fields of a /v1/responses or /v1/responses/compact request, or null. */
export function refuseResponses(v: unknown): Record<string, string> | null {
  if (!isBody(v)) return { body: 'The body must be a JSON object' }
  const r = new Refusals()
  const id = modelOfKind(r, v.model, 'text')
  if (id !== undefined && !RESPONSES_MODELS.includes(id))
    r.add('model', `${id} is served by /v1/chat/completions only`)
  if (typeof v.input === 'string') {
    if (v.input.trim() === '') r.add('input', 'input must not be blank')
  } else checkMessages(r, 'input', v.input)
  r.optionalText('instructions', v.instructions)
  return r.result()
}
