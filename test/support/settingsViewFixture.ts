import type { SettingsView } from '@shared/ipc/contract'

/**
 * A connected SettingsView for renderer tests: each test overrides what it is about (adding a
 * field to SettingsView then means one fixture to change, not one per test file).
 */
export const settingsView = (overrides: Partial<SettingsView> = {}): SettingsView => ({
  baseUrl: 'https://api.example.com',
  hasKey: true,
  keyHint: '…1234',
  libraryDir: '/home/u/Gen Studio',
  concurrency: { image: 4, video: 8, art: 2, workbench: 2 },
  secureStore: { available: true, backend: 'Secret Service' },
  demo: { active: false },
  thumbCacheGiB: 4,
  project: { active: null, recent: [] },
  ...overrides,
})
