import { dispatch } from '@main/ipc/dispatch'
import type { AppError, Result } from '@shared/result'

import type { createTestApp } from './testContainer'

type TestApp = Pick<ReturnType<typeof createTestApp>, 'handlers'>

/** A channel called as the renderer calls it (zod parse, handler, Result); its value, or throws. */
export async function ipcValue<T>(app: TestApp, channel: string, payload: unknown): Promise<T> {
  const r = (await dispatch(app.handlers, channel, payload, { senderId: 7 })) as Result<T>
  if (!r.ok) throw new Error(`${channel}: ${r.error.message}`)
  return r.value
}

/** The error a channel answers; throws when it succeeds. */
export async function ipcFailure(
  app: TestApp,
  channel: string,
  payload: unknown,
): Promise<AppError> {
  const r = await dispatch(app.handlers, channel, payload, { senderId: 7 })
  if (r.ok) throw new Error(`expected ${channel} to fail`)
  return r.error
}
