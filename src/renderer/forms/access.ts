import { catalogDrift, NATIVE_MODELS } from '@shared/catalog'
import { create } from 'zustand'

import { testConnection } from '../api/account'
import { useSettingsStore } from '../stores/settings'

/**
 * Which catalog models the account can use, as far as the app knows (GET /v1/models from the last
 * connection test). null = unknown: nothing is marked. Loaded once per session by the screens.
 */
interface AccessState {
  models: ReadonlySet<string> | null
  /** Models the service listed that this version does not know (shown: "update"). */
  unknown: readonly string[]
  loaded: boolean
  /** The question was asked this session (asked once, answered or not). */
  requested: boolean
  /** When it was last asked (it is asked again a day later). */
  askedAt: number
  set(models: readonly string[] | null, listed?: readonly string[]): void
}

/** The listing is compared with the catalog at connect and then daily (issue #30). */
export const ACCESS_MAX_AGE_MS = 24 * 60 * 60 * 1000
/** How often an open screen looks whether the answer is a day old. */
export const ACCESS_RECHECK_MS = 60 * 60 * 1000

export const useAccessStore = create<AccessState>()((set) => ({
  models: null,
  unknown: [],
  loaded: false,
  requested: false,
  askedAt: 0,
  set: (models, listed = []) =>
    set({
      models: models ? new Set(models) : null,
      unknown: models ? catalogDrift(listed).unknown : [],
      loaded: true,
    }),
}))

/**
 * Native variants the account can use: a variant belongs to a catalog model (art-v4.5, art-v5)
 * whose access is known; variants without one are never marked (nothing to check them against).
 */
export function nativeAccess(models: ReadonlySet<string> | null): ReadonlySet<string> | null {
  if (!models) return null
  return new Set(
    NATIVE_MODELS.filter((m) => m.catalogModel === null || models.has(m.catalogModel)).map(
      (m) => m.id,
    ),
  )
}

/**
 * The account's usable models for marking pickers: asked once per session (GET /v1/models through
 * account:testConnection) when the first generation screen opens. A failure (offline, no key)
 * leaves the marks off rather than marking everything missing.
 */
export function loadModelAccess(now = Date.now()): void {
  const { requested, askedAt } = useAccessStore.getState()
  if (requested && now - askedAt < ACCESS_MAX_AGE_MS) return
  useAccessStore.setState({ requested: true, askedAt: now })
  void testConnection().then((r) => {
    useAccessStore.getState().set(r.ok ? r.value.usable : null, r.ok ? r.value.models : [])
  })
}

// Another address or key means another account: ask again the next time a screen opens.
useSettingsStore.subscribe((s, prev) => {
  const a = s.settings
  const b = prev.settings
  if (a?.baseUrl !== b?.baseUrl || a?.keyHint !== b?.keyHint || a?.hasKey !== b?.hasKey) {
    useAccessStore.setState({ models: null, loaded: false, requested: false })
  }
})
