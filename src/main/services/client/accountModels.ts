import { usableModels } from '@shared/catalog'

/**
 * Which catalog models an account can use, from its GET /v1/models listing (the rule is
 * shared/catalog/freshness.ts `usableModels`, which the forms also compare the listing with).
 * Calls can still be refused per request (balance, membership), which the error mapping reports.
 */
export function usableCatalogModels(listed: readonly string[]): string[] {
  return usableModels(listed)
}
