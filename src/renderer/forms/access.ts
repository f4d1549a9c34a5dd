import { NATIVE_MODELS } from '@shared/catalog'
import { create } from 'zustand'

import { testConnection } from '../api/account'
import { useSettingsStore } from '../stores/settings'

/**
 * Which catalog models the account can use, as far as the app knows (GET /v1/models from the last
 * connection test). null = unknown: nothing is marked. Loaded once per session by the screens.
 */
interface AccessState {
  models: ReadonlySet<string> | null
  loaded: boolean
  /** The question was asked this session (asked once, answered or not). */
  requested: boolean
  set(models: readonly string[] | null): void
}

export const useAccessStore = create<AccessState>()((set) => ({
  models: null,
  loaded: false,
  requested: false,
  set: (models) => set({ models: models ? new Set(models) : null, loaded: true }),
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
export function loadModelAccess(): void {
  if (useAccessStore.getState().requested) return
  useAccessStore.setState({ requested: true })
  void testConnection().then((r) => {
    useAccessStore.getState().set(r.ok ? r.value.usable : null)
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
