import { join } from 'node:path'
import { Worker } from 'node:worker_threads'

import { MEDIA_SCHEME } from '@shared/protocols'
import { app, BrowserWindow, protocol, utilityProcess } from 'electron'

import { utilityIndexWriter } from './adapters/processes/utilityIndexWriter'
import { KeytarSecretStore } from './adapters/secrets/KeytarSecretStore'
import { resolveSqliteBinding } from './adapters/sqlite/nativeBinding'
import { libraryReaderThread, READER_LANES } from './adapters/threads/libraryReaderThread'
import { electronUpdater } from './adapters/updates/electronUpdater'
import { type Container, createContainer } from './container'
import { createElectronPlatform } from './electronPlatform'
import { followLanguage } from './i18n'
import { createHandlers } from './ipc/handlers'
import { registerIpc } from './ipc/register'

export interface BootOptions {
  userDataDir: string
  defaultLibraryDir: string
  appUrl: string
  /** The checkout or app.asar root. */
  appRoot: string
  /**
   * Where index.js and libraryReader.js are (out/main): this module is a chunk below it, so its
   * own __dirname is not.
   */
  mainDir: string
  /** process.resourcesPath once packaged, else null. */
  resourcesPath: string | null
  isTrustedUrl(url: string): boolean
  /** app.getPath('crashDumps'): where crashReporter (started in index.ts) keeps minidumps. */
  crashDumpsDir: string
  /** Hears the container as soon as it exists (the process guard logs through it). */
  onContainer(container: Container): void
}

/**
 * Everything with behaviour, started after the first window was created (index.ts): the
 * container and its databases, the IPC handlers, the media protocol and the task journal. This
 * module and all it imports are a chunk of their own, evaluated while Chromium starts the
 * window's renderer, so main's own start-up (bench/startup.ts, `main evaluate`) is the lifecycle
 * code alone. The IPC handlers are registered in the same tick the chunk is evaluated, before any
 * message from the page can arrive, and answer once the task journal is open: a page that asks
 * earlier waits instead of failing. Rejects, with nothing left half-open for the page, when a
 * database or the native engine cannot be opened.
 */
export async function bootServices(options: BootOptions): Promise<Container> {
  const sqliteBinding = resolveSqliteBinding({
    abi: Number(process.versions.modules),
    electron: process.versions.electron ?? null,
    platform: process.platform,
    arch: process.arch,
    appRoot: options.appRoot,
    resourcesPath: options.resourcesPath,
  })
  const c = createContainer({
    userDataDir: options.userDataDir,
    defaultLibraryDir: options.defaultLibraryDir,
    secrets: new KeytarSecretStore(),
    platform: createElectronPlatform({ appUrl: options.appUrl }),
    sqliteBinding,
    // Beside this bundle (electron.vite.config.ts builds both), inside app.asar once packaged:
    // worker threads read asar since Electron 18 (electron/electron#33216). Plain Node only, see
    // its header; if it cannot start, the first index is read on main's thread instead.
    upscaler: () => new Worker(join(options.mainDir, 'upscaler.js')),
    libraryReader: libraryReaderThread(
      () => new Worker(join(options.mainDir, 'libraryReader.js')),
      READER_LANES,
    ),
    // The index's bulk writes in a utility process (workers/indexWriter.ts, issue #33), which
    // loads the same better-sqlite3 build and runs its own reader threads from beside this bundle.
    // No `cwd`: a folder inside app.asar cannot be a process's working directory
    // (electron/electron#2081), which is what crashed a utility process in electron/electron#41396.
    libraryWriter: ({ indexPath, thumbsDir }) =>
      utilityIndexWriter(() =>
        utilityProcess.fork(
          join(options.mainDir, 'indexWriter.js'),
          [indexPath, join(options.mainDir, 'libraryReader.js'), thumbsDir, sqliteBinding],
          { serviceName: 'Gen Studio index writer' },
        ),
      ),
    updater: electronUpdater,
    crashDumpsDir: options.crashDumpsDir,
    // "The user's preferred system languages from most preferred to least preferred"
    // (https://www.electronjs.org/docs/latest/api/app#appgetpreferredsystemlanguages): the
    // language setting's 'system' follows the first one Gen Studio speaks (issue #34).
    systemLanguages: () => app.getPreferredSystemLanguages(),
  })
  options.onContainer(c)
  // Main's own messages (dialogs, menu, errors) in the settings' language, and every change.
  followLanguage(c.settings, c.events)
  protocol.handle(MEDIA_SCHEME, c.serveMedia)
  // The task journal holds paid work: a journal that cannot be opened stops start-up with a
  // message, and no handler answers the page before it is open.
  const started = c.tasks.start()
  registerIpc(createHandlers(c), {
    isTrustedUrl: options.isTrustedUrl,
    // Unexpected failures go to the redacting diagnostics log, never raw to the console.
    onUnexpected: (channel, error) => c.diagnostics.error(`ipc ${channel}`, error),
    onChosenFile: (path) => c.chosenFiles.add(path),
    ready: started,
  })
  c.events.forward((event, payload) => {
    for (const window of BrowserWindow.getAllWindows()) window.webContents.send(event, payload)
  })
  await started
  // The first update check once the journal is open (it needs the in-flight count), then every
  // 6 hours; a failing feed is logged and shown in Settings, never thrown.
  void c.updates.start()
  void c.crashes.prune().catch((error: unknown) => c.diagnostics.error('crash dumps', error))
  return c
}
