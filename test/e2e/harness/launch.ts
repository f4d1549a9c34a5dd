/**
 * The e2e suites' way to start Gen Studio: the BUILT app under the Electron double
 * (test/support/electron), with the real OS keychain. Adds what the suites share: reading the
 * keychain as the user's OS would, connecting through the app's own IPC, and removing the
 * keychain entries a test created when it is done.
 */
import { KEYCHAIN_SERVICE } from '@main/adapters/secrets/KeytarSecretStore'
import type { LibraryItem, LibraryPage, LibraryTile } from '@shared/library/types'
import type { Result } from '@shared/result'
import {
  type ElectronApp,
  launchElectronApp,
  type LaunchOptions,
} from '@test/support/electron/launch'
import keytar from 'keytar'

export { type LaunchOptions, SCREENS_DIR } from '@test/support/electron/launch'

export interface AppUnderTest extends ElectronApp {
  /** The OS keychain, read as any other program of the user would. */
  secrets: { get(origin: string): Promise<string | null> }
  restart(options?: Omit<LaunchOptions, 'dir'>): Promise<AppUnderTest>
}

function withKeychain(app: ElectronApp, before: Set<string>): AppUnderTest {
  const restart = app.restart.bind(app)
  const close = app.close.bind(app)
  return Object.assign(app, {
    secrets: { get: (origin: string) => keytar.getPassword(KEYCHAIN_SERVICE, origin) },
    async restart(next: Omit<LaunchOptions, 'dir'> = {}) {
      return withKeychain(await restart(next), before)
    },
    async close(options: { keepData?: boolean } = {}) {
      await close(options)
      if (options.keepData) return
      for (const { account } of await keytar.findCredentials(KEYCHAIN_SERVICE)) {
        if (!before.has(account)) await keytar.deletePassword(KEYCHAIN_SERVICE, account)
      }
    },
  })
}

/** Starts the built app as a user does (first window loaded). */
export async function launchApp(options: LaunchOptions = {}): Promise<AppUnderTest> {
  const before = new Set((await keytar.findCredentials(KEYCHAIN_SERVICE)).map((c) => c.account))
  return withKeychain(await launchElectronApp(options), before)
}

/** Connects to a service through the app's own IPC (as first run's Connect does) and reloads. */
export async function connect(app: ElectronApp, baseUrl: string, key: string): Promise<void> {
  const answer = await app.api<{ ok: boolean; error?: { message: string } }>('settings:connect', {
    baseUrl,
    key,
  })
  if (!answer.ok) throw new Error(`settings:connect failed: ${answer.error?.message}`)
  await app.page.reload()
}

/** Unwraps a Result from window.api, failing the test with its message. */
export function valueOf<T>(result: { ok: boolean; value?: T; error?: { message: string } }): T {
  if (!result.ok) throw new Error(result.error?.message ?? 'failed')
  return result.value as T
}

/** Library tiles matching a filter, newest first, through the app's own `library:query`. */
export async function libraryTiles(
  app: ElectronApp,
  filter: Record<string, unknown> = {},
  limit = 50,
): Promise<LibraryTile[]> {
  return valueOf(await app.api<Result<LibraryPage>>('library:query', { filter, limit })).items
}

/** One library item with everything, through `library:get`. */
export async function libraryItem(app: ElectronApp, id: string): Promise<LibraryItem> {
  return valueOf(await app.api<Result<LibraryItem>>('library:get', { id }))
}
