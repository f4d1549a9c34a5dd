/**
 * How current the built-in tables are, and how they compare with what the service lists today.
 * The catalog (models and their rules) and the price tables were written from the service's
 * published interface; the service can change both after this version shipped. The app says how
 * old its prices are, warns about models it cannot know, and stops offering models the account no
 * longer lists; it never prices a request from a guess (an unknown model has no estimate and is
 * refused by validation).
 */
import { catalogModelForNative, getNativeModel } from './artModels'
import { getModel, PUBLIC_MODELS } from './models'

/**
 * The day the catalog and price tables were last checked against the service's published prices
 * and rules (the spec's tables; test/simulator/pricing.test.ts and rules/boundaries.test.ts hold
 * them against the simulator's independent copy). Change it whenever the tables are checked again.
 */
export const PRICES_CHECKED_AT = '2026-11-26'

/**
 * Which public catalog models an account can use from its GET /v1/models listing: a model counts
 * when its own id is listed, or (art models) when one of its native variants is. compact-2-sfw
 * (web workspace only) never counts.
 */
export function usableModels(listed: readonly string[]): string[] {
  const ids = new Set(listed)
  for (const id of listed) {
    const viaNative = catalogModelForNative(id)
    if (viaNative) ids.add(viaNative)
  }
  return PUBLIC_MODELS.filter((m) => ids.has(m.id)).map((m) => m.id)
}

export interface CatalogDrift {
  /** Listed by the service, unknown to this version: "not supported by this version — update". */
  unknown: string[]
  /** Public catalog models the account does not list (any more): hidden from the forms. */
  unlisted: string[]
}

/** Compares a GET /v1/models listing with the catalog. */
export function catalogDrift(listed: readonly string[]): CatalogDrift {
  const usable = new Set(usableModels(listed))
  return {
    unknown: [...new Set(listed)].filter((id) => !getModel(id) && !getNativeModel(id)).sort(),
    unlisted: PUBLIC_MODELS.filter((m) => !usable.has(m.id)).map((m) => m.id),
  }
}
