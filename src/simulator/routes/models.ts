/**
 * GET /v1/models: the public catalog models this key may use (never compact-2-sfw), and any
 * models the account is set to list beyond the catalog (`extraListedModels`).
 */
import { mayUse } from '../accounts'
import type { RouteRequest } from '../context'
import { jsonResponse } from '../http'
import { CATALOG } from '../rules/catalog'

/** A fixed creation time keeps the listing byte-identical between runs. */
const CREATED = 1_767_225_600

export async function listModels(rq: RouteRequest): Promise<void> {
  const ids = [
    ...CATALOG.filter((m) => m.publicApi && mayUse(rq.account, m.id)).map((m) => m.id),
    ...(rq.account.config.extraListedModels ?? []),
  ]
  const data = ids.map((id) => ({
    id,
    object: 'model',
    created: CREATED,
    owned_by: 'gen-studio-simulator',
  }))
  await rq.send(jsonResponse(200, { object: 'list', data }))
}
