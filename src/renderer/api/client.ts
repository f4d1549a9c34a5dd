import type { Api } from '@shared/ipc/contract'
import type { AppError, Result } from '@shared/result'

/** The bridge to main. Components and stores call it through here so tests can swap it. */
export const api = (): Api => window.api

/** An AppError for a bridge that is missing or threw (should not happen; keeps the UI alive). */
export const bridgeError = (e: unknown): AppError => ({
  code: 'internal',
  message: e instanceof Error ? e.message : 'The connection to the app core failed.',
})

/** Calls a channel and never throws: a transport failure becomes an `internal` Result. */
export async function call<T>(run: () => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await run()
  } catch (e) {
    return { ok: false, error: bridgeError(e) }
  }
}
