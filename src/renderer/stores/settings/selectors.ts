import type { SettingsStore } from './action'

/** Connected means: an address and a key exist (real or demo). Decides first-run vs. the app. */
export const selectIsConnected = (s: SettingsStore): boolean =>
  Boolean(s.settings?.baseUrl && s.settings.hasKey)
export const selectIsDemo = (s: SettingsStore): boolean => Boolean(s.settings?.demo.active)
export const selectSecureStore = (s: SettingsStore) => s.settings?.secureStore ?? null
/** The project new requests are recorded under (null: none). */
export const selectActiveProject = (s: SettingsStore): string | null =>
  s.settings?.project?.active ?? null
const NO_RECENT: string[] = []
/** Projects chosen lately, most recent first. */
export const selectRecentProjects = (s: SettingsStore): string[] =>
  s.settings?.project?.recent ?? NO_RECENT
