/**
 * The updates e2e suites' shared pieces: an installed "AppImage" with its user folders as the
 * packaged app finds them, a release whose AppImage records that it ran, and the updater's view.
 * The "AppImage" is a shell script: installing it replaces the file at $APPIMAGE and runs it,
 * which writes a line to a marker file, so an install is seen, not assumed.
 */
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import type { UpdatePrefs } from '@main/services/updates/ports'
import type { UpdateView } from '@shared/ipc/contract/updates'
import type { Result } from '@shared/result'
import { type Simulator, startSimulator } from '@simulator'
import { type AppUnderTest, launchApp, valueOf } from '@test/e2e/harness/launch'
import { type FeedRelease, startUpdateFeed } from '@test/support/updateFeed'
import { afterAll, beforeAll, expect } from 'vitest'

type UpdateFeed = Awaited<ReturnType<typeof startUpdateFeed>>

const ROOT = join(import.meta.dirname, '..', '..', '..')

/**
 * A new version's "AppImage": records that it ran (and how) in $UPDATE_MARKER. `padTo` makes it
 * that many bytes (after `exit 0`, so the shell never reads the padding).
 */
export function scriptRelease(
  version: string,
  extra: Partial<FeedRelease> & { padTo?: number } = {},
): FeedRelease {
  const { padTo, ...rest } = extra
  const script = Buffer.from(
    `#!/bin/sh\necho "installed ${version} silent=\${APPIMAGE_SILENT_INSTALL:-}" >> "$UPDATE_MARKER"\nexit 0\n`,
  )
  const padding = Buffer.alloc(Math.max(0, (padTo ?? 0) - script.length))
  for (let i = 0; i < padding.length; i++) padding[i] = (i * 2654435761) >>> 24
  return {
    version,
    notes: `Gen Studio ${version}\n• Faster library\n• Prices checked again`,
    bytes: Buffer.concat([script, padding]),
    ...rest,
  }
}

/** The folders of an installed AppImage and its user, as the packaged app would find them. */
export function installedApp(feedUrl: string, prefs: Partial<UpdatePrefs> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'gen-e2e-update-'))
  const resources = join(dir, 'resources')
  mkdirSync(join(resources, 'native'), { recursive: true })
  // electron-builder writes app-update.yml from `publish`; electron-updater reads its cache name.
  writeFileSync(
    join(resources, 'app-update.yml'),
    `provider: generic\nurl: ${feedUrl}\nupdaterCacheDirName: gen-studio-updater\n`,
  )
  // The packaged app loads better-sqlite3 from resources/native (this Node's build here).
  copyFileSync(
    join(ROOT, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node'),
    join(resources, 'native', 'better_sqlite3.node'),
  )
  const appImage = join(dir, 'Applications', 'Gen-Studio.AppImage')
  mkdirSync(join(dir, 'Applications'))
  writeFileSync(appImage, '#!/bin/sh\necho old\n')
  chmodSync(appImage, 0o755)
  const userData = join(dir, 'userData')
  mkdirSync(join(userData, 'Crashpad', 'completed'), { recursive: true })
  writeFileSync(join(userData, 'Crashpad', 'completed', 'earlier.dmp'), Buffer.alloc(2048, 7))
  writeFileSync(
    join(userData, 'updates.json'),
    JSON.stringify({ enabled: true, channel: 'stable', feedUrl, ...prefs }),
  )
  const marker = join(dir, 'installed.log')
  const launch = () =>
    launchApp({
      dir,
      isPackaged: true,
      resourcesPath: resources,
      dialogs: { save: [join(dir, 'report.zip')] },
      env: {
        APPIMAGE: appImage,
        XDG_CACHE_HOME: join(dir, 'cache'),
        UPDATE_MARKER: marker,
      },
    })
  const installs = () => (existsSync(marker) ? readFileSync(marker, 'utf8') : '')
  /** electron-updater's cache for this app (pending/ and our partial/). */
  const updaterCache = join(dir, 'cache', 'gen-studio-updater')
  return { dir, appImage, marker, launch, installs, updaterCache }
}

export const updatesOf = async (app: AppUnderTest) =>
  valueOf(await app.api<Result<UpdateView>>('updates:get'))

export async function untilPhase(app: AppUnderTest, phase: UpdateView['phase'], timeout = 30_000) {
  await expect.poll(async () => (await updatesOf(app)).phase, { timeout }).toBe(phase)
  return updatesOf(app)
}

/** The app's exit code once it quits by itself (an install restarts it); fails after `ms`. */
export function untilExit(app: AppUnderTest, ms: number): Promise<number> {
  let timer: NodeJS.Timeout | undefined
  return Promise.race([
    app.app.exited,
    new Promise<number>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the app did not quit within ${ms} ms`)), ms)
    }),
  ]).finally(() => clearTimeout(timer))
}

/**
 * The update feed and a simulator for one e2e file: started before its tests, closed after.
 * Read `suite.feed` / `suite.sim` inside tests (they exist once beforeAll has run).
 */
export function feedAndSimulator(options: Parameters<typeof startSimulator>[0]) {
  const suite = {} as { feed: UpdateFeed; sim: Simulator }
  beforeAll(async () => {
    suite.feed = await startUpdateFeed()
    suite.sim = await startSimulator(options)
  })
  afterAll(async () => {
    await suite.feed?.close()
    await suite.sim?.close()
  })
  return suite
}
