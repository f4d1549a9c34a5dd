/**
 * The simulator's error bodies. The spec does not show the error body shape, so we use the
 * OpenAI-style `{"error":{"message","type","code","param"}}`, plus `fields` (every invalid field
 * with its message) on 400s and `task_id` where a task already exists. See README.md.
 */
export interface ErrorBody {
  error: {
    message: string
    type: string
    code: string
    param: string | null
    fields?: Record<string, string>
    task_id?: string | number
  }
}

/** Thrown by route handlers; the dispatcher turns it into the status, headers and JSON body. */
export class SimError extends Error {
  readonly status: number
  readonly type: string
  readonly code: string
  readonly param: string | null
  readonly fields?: Record<string, string>
  readonly headers: Record<string, string>
  readonly taskId?: string | number

  constructor(
    status: number,
    code: string,
    message: string,
    extra: {
      type?: string
      param?: string | null
      fields?: Record<string, string>
      headers?: Record<string, string>
      taskId?: string | number
    } = {},
  ) {
    super(message)
    this.status = status
    this.code = code
    this.type = extra.type ?? typeFor(status)
    this.param = extra.param ?? null
    this.fields = extra.fields
    this.headers = extra.headers ?? {}
    this.taskId = extra.taskId
  }

  body(): ErrorBody {
    return {
      error: {
        message: this.message,
        type: this.type,
        code: this.code,
        param: this.param,
        ...(this.fields ? { fields: this.fields } : {}),
        ...(this.taskId !== undefined ? { task_id: this.taskId } : {}),
      },
    }
  }
}

function typeFor(status: number): string {
  if (status === 400) return 'invalid_request_error'
  if (status === 401) return 'authentication_error'
  if (status === 402) return 'billing_error'
  if (status === 403) return 'permission_error'
  if (status === 404) return 'not_found_error'
  if (status === 409) return 'conflict_error'
  if (status === 429) return 'rate_limit_error'
  return 'server_error'
}

/** 400 naming the first invalid field in `param` and listing all of them in `fields`. */
export function validationError(fields: Record<string, string>): SimError {
  const [param, message] = Object.entries(fields)[0] ?? ['body', 'Invalid request']
  return new SimError(400, 'invalid_request', message, { param, fields })
}
