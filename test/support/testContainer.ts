import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Worker } from 'node:worker_threads'

import type { SecretStore } from '@main/adapters/secrets/SecretStore'
import { FolderTrash } from '@main/adapters/trash/FolderTrash'
import { createContainer } from '@main/container'
import { createHandlers } from '@main/ipc/handlers'
import type { Platform } from '@main/platform'
import { MemorySecretStore } from '@test/support/MemorySecretStore'

/** A Platform that records what the app asked the OS to do. */
export function recordingPlatform(
  overrides: Partial<Platform> = {},
  trashDir = join(mkdtempSync(join(tmpdir(), 'gen-studio-trash-')), 'Trash'),
) {
  const opened: string[] = []
  const notifications: Array<{ title: string; body: string; taskId: string }> = []
  /** Calls to showItemInFolder / openPath / startDrag, as `verb path…`. */
  const shell: string[] = []
  const trash = new FolderTrash(trashDir)
  const platform: Platform = {
    appInfo: () => ({ name: 'Gen Studio', version: '0.0.0-test', platform: 'test', versions: {} }),
    openExternal: async (url) => {
      opened.push(url)
    },
    chooseDirectory: async () => null,
    chooseSaveFile: async () => null,
    showItemInFolder: (path) => void shell.push(`show ${path}`),
    openPath: async (path) => (shell.push(`open ${path}`), ''),
    startDrag: (_senderId, { files }) => void shell.push(`drag ${files.join(' ')}`),
    trashItem: (path) => trash.trashItem(path),
    reloadWindow: (senderId) => void shell.push(`reload ${senderId}`),
    notify: (message) => void notifications.push({ ...message }),
    ...overrides,
  }
  return { platform, opened, shell, trash, notifications }
}

/**
 * The real container and handler map in a temp userData folder. Pass a real SecretStore for
 * integration tests; unit tests default to the memory store.
 */
export function createTestApp(
  options: { secrets?: SecretStore; platform?: Partial<Platform>; upscaler?: () => Worker } = {},
) {
  const dir = mkdtempSync(join(tmpdir(), 'gen-studio-test-'))
  const { platform, opened, shell, trash, notifications } = recordingPlatform(
    options.platform,
    join(dir, 'Trash'),
  )
  const container = createContainer({
    userDataDir: join(dir, 'userData'),
    defaultLibraryDir: join(dir, 'Library'),
    secrets: options.secrets ?? new MemorySecretStore(),
    platform,
    ...(options.upscaler ? { upscaler: options.upscaler } : {}),
  })
  const handlers = createHandlers(container)
  return {
    dir,
    container,
    handlers,
    opened,
    shell,
    trash,
    notifications,
    async close() {
      await container.dispose()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
