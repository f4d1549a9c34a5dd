import { join } from 'node:path'

import { JsonFile } from './adapters/fs/JsonFile'
import type { SecretStore } from './adapters/secrets/SecretStore'
import { MainEvents } from './events'
import type { Platform } from './platform'
import { type PersistedSettings, SettingsService } from './services/settings/SettingsService'

export interface ContainerOptions {
  /** Electron's userData in production; a temp folder in tests. */
  userDataDir: string
  defaultLibraryDir: string
  secrets: SecretStore
  platform: Platform
}

/**
 * Wires the plain-Node services to their adapters. Electron's index.ts and the browser e2e bridge
 * both build the app through this, so tests exercise the same objects the user runs.
 */
export function createContainer(options: ContainerOptions) {
  const events = new MainEvents()
  const settings = new SettingsService({
    file: new JsonFile<PersistedSettings>(join(options.userDataDir, 'settings.json')),
    secrets: options.secrets,
    events,
    defaultLibraryDir: options.defaultLibraryDir,
  })
  // (services are constructed above this line, each from its adapters)
  return {
    options,
    events,
    settings,
    platform: options.platform,
    // (services are exposed above this line)
    async dispose(): Promise<void> {},
  }
}

export type Container = ReturnType<typeof createContainer>
