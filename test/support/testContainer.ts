import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import type { SecretStore } from '../../src/main/adapters/secrets/SecretStore'
import { createContainer } from '../../src/main/container'
import { createHandlers } from '../../src/main/ipc/handlers'
import type { Platform } from '../../src/main/platform'
import { MemorySecretStore } from './MemorySecretStore'

/** A Platform that records what the app asked the OS to do. */
export function recordingPlatform(overrides: Partial<Platform> = {}) {
  const opened: string[] = []
  const platform: Platform = {
    appInfo: () => ({ name: 'Gen Studio', version: '0.0.0-test', platform: 'test', versions: {} }),
    openExternal: async (url) => {
      opened.push(url)
    },
    chooseDirectory: async () => null,
    ...overrides,
  }
  return { platform, opened }
}

/**
 * The real container and handler map in a temp userData folder. Pass a real SecretStore for
 * integration tests; unit tests default to the memory store.
 */
export function createTestApp(
  options: { secrets?: SecretStore; platform?: Partial<Platform> } = {},
) {
  const dir = mkdtempSync(join(tmpdir(), 'gen-studio-test-'))
  const { platform, opened } = recordingPlatform(options.platform)
  const container = createContainer({
    userDataDir: join(dir, 'userData'),
    defaultLibraryDir: join(dir, 'Library'),
    secrets: options.secrets ?? new MemorySecretStore(),
    platform,
  })
  const handlers = createHandlers(container)
  return {
    dir,
    container,
    handlers,
    opened,
    async close() {
      await container.dispose()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
