import { join } from 'node:path'
import type { Worker } from 'node:worker_threads'

import { JsonFile } from './adapters/fs/JsonFile'
import { isNetworkFilesystem } from './adapters/fs/networkFilesystem'
import type { SecretStore } from './adapters/secrets/SecretStore'
import { sqliteOpener } from './adapters/sqlite/openDatabase'
import { capFollowsSettings } from './adapters/thumbnails/capFollowsSettings'
import { Thumbnailer } from './adapters/thumbnails/Thumbnailer'
import { MainEvents } from './events'
import type { Platform } from './platform'
import { createMediaHandler } from './protocols/mediaProtocol'
import { admissionOver } from './services/admission/Admission'
import { BatchService } from './services/batches/BatchService'
import { WildcardStore } from './services/batches/WildcardStore'
import { createChatService } from './services/chat/createChatService'
import { ServiceClient } from './services/client/ServiceClient'
import { CrashReports } from './services/crashes/CrashReports'
import { DemoService } from './services/demo/DemoService'
import type { DiagnosticsSink } from './services/diagnostics/Diagnostics'
import { Diagnostics } from './services/diagnostics/Diagnostics'
import { DownloadService } from './services/downloads/DownloadService'
import { ChosenFiles } from './services/files/ChosenFiles'
import { Journal } from './services/journal/Journal'
import { composeGrid } from './services/library/files/composeGrid'
import { LibraryService } from './services/library/LibraryService'
import type { LibraryReader } from './services/library/reader/LibraryReader'
import type { IndexWriter } from './services/library/writer/IndexWriter'
import { noUpscaler, PictureService } from './services/picture/PictureService'
import { PresetStore } from './services/presets/PresetStore'
import { type PersistedSettings, SettingsService } from './services/settings/SettingsService'
import { BudgetGate } from './services/spending/BudgetGate'
import { ClaimService } from './services/spending/ClaimService'
import { SpendingService } from './services/spending/SpendingService'
import { createTaskService } from './services/tasks/createTaskService'
import { createUpdateService, noUpdater } from './services/updates/createUpdateService'
import type { UpdaterPort } from './services/updates/ports'
import { UploadStaging } from './services/uploads/UploadStaging'

export interface ContainerOptions {
  /** Electron's userData in production; a temp folder in tests. */
  userDataDir: string
  defaultLibraryDir: string
  secrets: SecretStore
  platform: Platform
  /** The better-sqlite3 build for this runtime (Electron's; see adapters/sqlite/nativeBinding.ts). */
  sqliteBinding?: string
  /**
   * Reads a library folder for its first index on worker threads (index.ts: READER_LANES of the
   * built `libraryReader.js`); none: it is read on main's thread.
   */
  libraryReader?: LibraryReader
  /** The library index's bulk writes in a process of their own (boot.ts: a utility process). */
  libraryWriter?: (paths: { indexPath: string; thumbsDir: string }) => IndexWriter
  /** Where Electron's crashReporter writes minidumps (app.getPath('crashDumps')). */
  crashDumpsDir?: string
  /** The app's updater (Electron: adapters/updates/electronUpdater.ts); none: updates are off. */
  updater?: (log: DiagnosticsSink) => UpdaterPort
  /** Starts the local upscaler's thread (the built `upscaler.js`, issue #31); none: no model. */
  upscaler?: () => Worker
  /** The OS's preferred languages (Electron: app.getPreferredSystemLanguages); none: English. */
  systemLanguages?: () => readonly string[]
}

/**
 * Wires the plain-Node services to their adapters. Electron's index.ts and the browser e2e bridge
 * both build the app through this, so tests exercise the same objects the user runs.
 */
export function createContainer(options: ContainerOptions) {
  const events = new MainEvents()
  const openDatabase = sqliteOpener(options.sqliteBinding)
  // The task journal holds paid work: it opens first, and a journal that cannot be opened stops
  // start-up (boot.ts) before anything else holds a file.
  const journal = new Journal(join(options.userDataDir, 'tasks.sqlite'), openDatabase)
  const settings = new SettingsService({
    file: new JsonFile<PersistedSettings>(join(options.userDataDir, 'settings.json')),
    secrets: options.secrets,
    events,
    defaultLibraryDir: options.defaultLibraryDir,
    systemLanguages: options.systemLanguages,
  })
  const indexPath = join(options.userDataDir, 'library-index.sqlite')
  const thumbsDir = join(options.userDataDir, 'cache', 'thumbs')
  const thumbs = new Thumbnailer(thumbsDir)
  capFollowsSettings(thumbs.cap, { settings: () => settings.settings(), events })
  const library = new LibraryService({
    settings,
    events,
    indexPath,
    thumbs,
    trash: { trashItem: (path) => options.platform.trashItem(path) },
    openDatabase,
    networkShare: isNetworkFilesystem,
    ...(options.libraryReader ? { reader: options.libraryReader } : {}),
    ...(options.libraryWriter ? { writer: options.libraryWriter({ indexPath, thumbsDir }) } : {}),
  })
  const diagnostics = new Diagnostics({ dir: join(options.userDataDir, 'logs') })
  const uploads = new UploadStaging(join(options.userDataDir, 'uploads'))
  const client = new ServiceClient({ connection: () => settings.connection(), diagnostics })
  const downloads = new DownloadService({ client })
  const gate = new BudgetGate({
    ledger: journal.ledger,
    budgets: () => settings.budgets(),
    project: () => settings.activeProject(),
  })
  const picture = new PictureService(
    library,
    { spawn: options.upscaler ?? noUpscaler, emit: (job) => events.emit('picture:job', job) },
    {
      stage: (bytes) => uploads.stage(bytes),
      file: join(options.userDataDir, 'derived-requests.json'),
      requestIdOf: (id) => journal.tasks.get(id)?.requestId ?? null,
    },
  )
  void picture.expand.open().catch(() => {})
  const tasks = createTaskService({
    lineageOf: (taskId) => picture.expand.lineageOfTask(taskId),
    userDataDir: options.userDataDir,
    journal,
    settings,
    library,
    events,
    diagnostics,
    notifier: options.platform,
    client,
    downloads,
  })
  const admission = admissionOver(journal, {
    userDataDir: options.userDataDir,
    gate,
    intake: tasks,
    connection: () => settings.connection(),
    project: () => settings.activeProject(),
  })
  const chat = createChatService({
    userDataDir: options.userDataDir,
    events,
    client,
    openDatabase,
    spend: admission.text,
  })
  const spending = new SpendingService({
    ledger: journal.ledger,
    tasks: journal.tasks,
    gate,
    settings,
    keptImages: async (from, to, model) =>
      (
        await library.ids({
          favourites: true,
          from,
          to,
          kinds: ['image', 'art', 'workbench'],
          ...(model ? { model } : {}),
        })
      ).length,
    events,
    notifier: options.platform,
  })
  const claims = new ClaimService({
    claims: journal.claims,
    events: journal.events,
    tasks: journal.tasks,
    secrets: async () => {
      const connection = await settings.connection()
      return connection ? [connection.key] : []
    },
  })
  const wildcards = new WildcardStore(new JsonFile(join(options.userDataDir, 'wildcards.json')))
  const batches = new BatchService({
    admission,
    gate,
    tasks,
    batches: journal.batches,
    journal: journal.tasks,
    wildcards,
    settings,
    events,
    library,
    composeGrid,
  })
  tasks.startInBackground()
  const demo = new DemoService({
    settings,
    startSimulator: async () => (await import('../simulator')).startSimulator(),
  })
  const updates = createUpdateService({
    userDataDir: options.userDataDir,
    updater: options.updater?.(diagnostics) ?? noUpdater(options.platform.appInfo().version),
    inFlight: () => journal.tasks.inFlight(),
    replies: () => chat.replying(),
    log: diagnostics,
    events,
  })
  const crashes = new CrashReports({
    dumpsDir: options.crashDumpsDir ?? join(options.userDataDir, 'Crashpad'),
    log: () => diagnostics.export(),
    appInfo: () => options.platform.appInfo(),
  })
  const presets = new PresetStore(new JsonFile(join(options.userDataDir, 'presets.json')))
  return {
    options,
    events,
    settings,
    platform: options.platform,
    library,
    chat,
    client,
    downloads,
    uploads,
    chosenFiles: new ChosenFiles(async () => [uploads.dir, (await settings.view()).libraryDir]),
    diagnostics,
    tasks,
    admission,
    spending,
    claims,
    batches,
    wildcards,
    demo,
    /** The gen-media: protocol handler over the library's folders. */
    serveMedia: createMediaHandler(library.mediaSource),
    presets,
    updates,
    crashes,
    picture,
    async dispose(): Promise<void> {
      await updates.dispose()
      await demo.stop()
      await picture.upscale.dispose()
      spending.close()
      await tasks.dispose()
      await library.close()
      await chat.close()
      await admission.idle()
      journal.close()
      await client.close()
      await diagnostics.flush()
    },
  }
}

export type Container = ReturnType<typeof createContainer>
