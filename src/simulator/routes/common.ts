/** Checks and helpers shared by the route handlers: model rights, idempotency, IDs. */
import { mayUse } from '../accounts'
import type { RouteRequest } from '../context'
import { SimError } from '../errors'
import type { BufferedResponse } from '../http'
import { type CatalogRow, catalogRow } from '../rules/catalog'

/**
 * Refuses models the account cannot call: unknown identifiers and web-only models get 404
 * model_not_found; models outside a restricted key's list get 403 permission_denied. A missing or
 * non-string model is left to the validator (400).
 */
export function ensureModelAccess(rq: RouteRequest, model: unknown): CatalogRow | undefined {
  if (typeof model !== 'string' || model === '') return undefined
  const m = catalogRow(model)
  if (!m) {
    throw new SimError(
      404,
      'model_not_found',
      `The model ${model} does not exist or you do not have access to it`,
      {
        param: 'model',
      },
    )
  }
  if (!m.publicApi) {
    throw new SimError(
      404,
      'model_not_found',
      `${model} is available in the web workspace only; it has no public API`,
      {
        param: 'model',
      },
    )
  }
  if (!mayUse(rq.account, m.id)) {
    throw new SimError(403, 'permission_denied', `This API key is not permitted to use ${m.id}`, {
      param: 'model',
    })
  }
  return m
}

/** Refuses paid calls from an account whose wallet is empty (text has no rate, so no amount). */
export function ensureFunds(rq: RouteRequest): void {
  if (rq.account.balanceMicros <= 0) {
    throw new SimError(
      402,
      'insufficient_balance',
      'The wallet balance is too low for this request',
      {
        type: 'billing_error',
      },
    )
  }
}

/**
 * Runs `produce` at most once per (account, route, Idempotency-Key): a repeat with the same body
 * replays the stored response, a repeat while the first runs is 409 generation_pending, and a
 * repeat with another body is 409 idempotency_key_reused. Without a key, `produce` just runs.
 */
export async function withIdempotency(
  rq: RouteRequest,
  key: string | undefined,
  hash: string,
  produce: () => Promise<BufferedResponse>,
): Promise<void> {
  if (!key) return rq.send(await produce())
  const scope = `${rq.account.name}\n${rq.route}`
  const begin = rq.ctx.idem.begin(scope, key, hash)
  if (begin.kind === 'pending') {
    throw new SimError(
      409,
      'generation_pending',
      'A request with this idempotency key is still running; keep the key and retry later',
      {
        headers: { 'Retry-After': '1' },
      },
    )
  }
  if (begin.kind === 'mismatch') {
    throw new SimError(
      409,
      'idempotency_key_reused',
      'This idempotency key was already used with a different request',
      {
        param: 'Idempotency-Key',
      },
    )
  }
  if (begin.kind === 'replay') {
    return rq.send({
      ...begin.response,
      headers: { ...begin.response.headers, 'Idempotent-Replayed': 'true' },
    })
  }
  let response: BufferedResponse
  try {
    response = await produce()
  } catch (e) {
    rq.ctx.idem.abandon(scope, key)
    throw e
  }
  rq.ctx.idem.complete(scope, key, response)
  return rq.send(response)
}

export const unixSeconds = (ms: number): number => Math.floor(ms / 1000)
