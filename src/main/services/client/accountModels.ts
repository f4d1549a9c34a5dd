import { catalogModelForNative, PUBLIC_MODELS } from '@shared/catalog'

/**
 * Which catalog models an account can use, from its GET /v1/models listing: a public catalog
 * model counts when its own id is listed, or (art models) when one of its native variants is.
 * compact-2-sfw (web workspace only) never counts. Calls can still be refused per request
 * (balance, membership), which the error mapping reports.
 */
export function usableCatalogModels(listed: readonly string[]): string[] {
  const ids = new Set(listed)
  for (const id of listed) {
    const viaNative = catalogModelForNative(id)
    if (viaNative) ids.add(viaNative)
  }
  return PUBLIC_MODELS.filter((m) => ids.has(m.id)).map((m) => m.id)
}
