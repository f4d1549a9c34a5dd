import type { SettingsStore } from './action'

/** Connected means: an address and a key exist (real or demo). Decides first-run vs. the app. */
export const selectIsConnected = (s: SettingsStore): boolean =>
  Boolean(s.settings?.baseUrl && s.settings.hasKey)
export const selectIsDemo = (s: SettingsStore): boolean => Boolean(s.settings?.demo.active)
export const selectSecureStore = (s: SettingsStore) => s.settings?.secureStore ?? null
