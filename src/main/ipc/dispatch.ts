import {
  type Channel,
  type HandlerContext,
  type Handlers,
  invokeContract,
} from '@shared/ipc/contract'
import { type AppError, err, isAppFailure, ok, type Result } from '@shared/result'
import type { z } from 'zod'

import { t } from '../i18n'

/** Turns zod issues into field path → first message, for form-level display. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '(payload)'
    fields[key] ??= issue.message
  }
  return fields
}

/** Logs an unexpected failure; the caller decides where (and redacts). */
export type UnexpectedErrorSink = (channel: string, error: unknown) => void

/**
 * The single entry for every IPC call, used by register.ts (Electron) and the browser test bridge:
 * unknown channel → not_found, bad payload → validation with field messages, expected failure →
 * its AppError, anything else → internal (logged, message generic). Never throws.
 */
export async function dispatch(
  handlers: Handlers,
  channel: string,
  payload: unknown,
  ctx: HandlerContext,
  onUnexpected: UnexpectedErrorSink = () => {},
): Promise<Result<unknown>> {
  if (!Object.prototype.hasOwnProperty.call(invokeContract, channel)) {
    return err({ code: 'not_found', message: t('ipcUnknownChannel', { channel }) })
  }
  const name = channel as Channel
  const parsed = invokeContract[name].input.safeParse(payload)
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error)
    const first = Object.entries(fields)[0]
    return err({
      code: 'validation',
      message: first
        ? t('fieldProblem', { field: first[0], problem: first[1] })
        : t('ipcInvalidRequest'),
      fields,
    })
  }
  try {
    const handler = handlers[name] as (input: unknown, ctx: HandlerContext) => unknown
    return ok(await handler(parsed.data, ctx))
  } catch (e) {
    if (isAppFailure(e)) return err(e.error)
    onUnexpected(channel, e)
    const error: AppError = {
      code: 'internal',
      message: t('ipcInternal'),
    }
    return err(error)
  }
}
