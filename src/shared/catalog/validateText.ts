/** Validators for the text endpoints: chat completions, responses and responses/compact. */
import { msg } from '../i18n/message'
import { checkModelOfKind } from './modelField'
import { type ApiEndpoint, ENDPOINT_PATHS, type TextModel } from './models'
import { CHAT_ROLES } from './types'
import { checkBoolean, checkString, isObject, Issues, type Validation } from './validation'

function resolveTextModel(
  issues: Issues,
  value: unknown,
  endpoint: ApiEndpoint,
): TextModel | undefined {
  const m = checkModelOfKind(issues, value, 'text')
  if (!m) return undefined
  if (!m.endpoints.includes(endpoint)) {
    issues.add('model', msg('textUseChat', { id: m.id, endpoint: ENDPOINT_PATHS[endpoint] }))
    return undefined
  }
  return m
}

function checkContent(issues: Issues, path: string, content: unknown): void {
  if (typeof content === 'string') return
  if (
    Array.isArray(content) &&
    content.length > 0 &&
    content.every(
      (p) =>
        isObject(p) &&
        typeof p.type === 'string' &&
        (p.text === undefined || typeof p.text === 'string'),
    )
  ) {
    return
  }
  issues.add(path, msg('textContent'))
}

function checkMessages(issues: Issues, path: string, value: unknown, label: string): void {
  if (!Array.isArray(value) || value.length === 0) {
    issues.add(path, msg('textMessages', { label }))
    return
  }
  value.forEach((m, i) => {
    if (!isObject(m)) {
      issues.add(`${path}[${i}]`, msg('textMessageObject'))
      return
    }
    if (typeof m.role !== 'string' || !(CHAT_ROLES as readonly string[]).includes(m.role)) {
      issues.add(`${path}[${i}].role`, msg('textRoleOneOf', { allowed: CHAT_ROLES.join(', ') }))
    }
    checkContent(issues, `${path}[${i}].content`, m.content)
  })
}

/** Validates the body of POST /v1/chat/completions. */
export function validateChat(req: unknown): Validation {
  const issues = new Issues()
  if (!isObject(req)) {
    issues.add('body', msg('bodyJsonObject'))
    return issues.result()
  }
  resolveTextModel(issues, req.model, 'chat.completions')
  checkMessages(issues, 'messages', req.messages, 'messages')
  checkBoolean(issues, 'stream', req.stream, 'stream')
  return issues.result()
}

/**
 * Validates the body of POST /v1/responses or /v1/responses/compact (payloads unshown by the
 * spec; OpenAI-shaped `input` as text or messages). lite-v4.1-flash is refused here.
 */
export function validateResponses(
  req: unknown,
  endpoint: 'responses' | 'responses.compact',
): Validation {
  const issues = new Issues()
  if (!isObject(req)) {
    issues.add('body', msg('bodyJsonObject'))
    return issues.result()
  }
  resolveTextModel(issues, req.model, endpoint)
  if (typeof req.input === 'string') {
    if (req.input.trim() === '') issues.add('input', msg('valNotEmpty', { label: 'input' }))
  } else {
    checkMessages(issues, 'input', req.input, 'input')
  }
  checkString(issues, 'instructions', req.instructions, 'instructions')
  return issues.result()
}
