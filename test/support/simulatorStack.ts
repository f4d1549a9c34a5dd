import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { JsonFile } from '@main/adapters/fs/JsonFile'
import { RecordingNotifier } from '@main/adapters/notifications/Notifier'
import { Thumbnailer } from '@main/adapters/thumbnails/Thumbnailer'
import { MainEvents } from '@main/events'
import { type Admission, admissionOver } from '@main/services/admission/Admission'
import { BatchService } from '@main/services/batches/BatchService'
import { WildcardStore } from '@main/services/batches/WildcardStore'
import { ServiceClient } from '@main/services/client/ServiceClient'
import { DownloadService } from '@main/services/downloads/DownloadService'
import { Journal } from '@main/services/journal/Journal'
import { composeGrid } from '@main/services/library/files/composeGrid'
import { LibraryService } from '@main/services/library/LibraryService'
import { type PersistedSettings, SettingsService } from '@main/services/settings/SettingsService'
import { BudgetGate } from '@main/services/spending/BudgetGate'
import { createTaskService } from '@main/services/tasks/createTaskService'
import type { EnginePolicy } from '@main/services/tasks/engine/policy'
import type { TaskService } from '@main/services/tasks/TaskService'
import { MemorySecretStore } from '@test/support/MemorySecretStore'

/**
 * Timings for tests against the simulator at a small timeScale: the same engine, asked to poll
 * and back off in milliseconds instead of seconds. The request budget stays a real limit.
 */
export const FAST_POLICY: Partial<EnginePolicy> = {
  poll: {
    firstMs: 150,
    factor: 1.5,
    jitter: 0.2,
    minMs: 50,
    caps: [[0, 600]],
    overdueMs: 100,
  },
  budget: {
    ratePerSec: 60,
    burst: 20,
    minRatePerSec: 5,
    decreaseFactor: 0.7,
    recoverStep: 5,
    recoverEveryMs: 1_000,
  },
  retryBaseMs: 80,
  retryMaxMs: 800,
  pendingBaseMs: 100,
  pendingMaxMs: 800,
  offlineWaitMs: 300,
  sseIdleMs: 1_500,
  sseReconnectBaseMs: 50,
  sseReconnectMaxMs: 500,
  longTaskMs: 60_000,
}

export interface Stack {
  dir: string
  userDataDir: string
  libraryDir: string
  settings: SettingsService
  library: LibraryService
  tasks: TaskService
  /** The one way in for paid requests, wired as the container wires it. */
  admission: Admission
  journal: Journal
  batches: BatchService
  events: MainEvents
  notifier: RecordingNotifier
  close(options?: { keep?: boolean }): Promise<void>
}

/**
 * The real task service (real ServiceClient, DownloadService, LibraryService, SQLite journal) in a
 * temp folder, connected to `baseUrl` with `key`. Pass `dir` to reopen the same folders (restart).
 */
export async function startStack(opts: {
  baseUrl: string
  key: string
  dir?: string
  policy?: Partial<EnginePolicy>
  timeouts?: { headersMs?: number; bodyMs?: number; generationHeadersMs?: number }
}): Promise<Stack> {
  const dir = opts.dir ?? mkdtempSync(join(tmpdir(), 'gen-studio-tasks-it-'))
  const userDataDir = join(dir, 'userData')
  const libraryDir = join(dir, 'Library')
  mkdirSync(userDataDir, { recursive: true })
  const events = new MainEvents()
  const secrets = new MemorySecretStore()
  const settings = new SettingsService({
    file: new JsonFile<PersistedSettings>(join(userDataDir, 'settings.json')),
    secrets,
    events,
    defaultLibraryDir: libraryDir,
  })
  await settings.connect(opts.baseUrl, opts.key)
  const library = new LibraryService({
    settings,
    events,
    indexPath: join(userDataDir, 'library-index.sqlite'),
    thumbs: new Thumbnailer(join(userDataDir, 'cache', 'thumbs')),
    trash: { trashItem: async () => {} },
    watch: false,
    log: () => {},
  })
  const notifier = new RecordingNotifier()
  // Short timeouts where a test exercises stalls; the engine makes every call with retry: 'caller'.
  const client = new ServiceClient({
    connection: () => settings.connection(),
    ...(opts.timeouts ? { timeouts: opts.timeouts } : {}),
  })
  const journal = new Journal(join(userDataDir, 'tasks.sqlite'))
  const gate = new BudgetGate({ ledger: journal.ledger, budgets: () => settings.budgets() })
  const tasks = createTaskService({
    userDataDir,
    journal,
    settings,
    library,
    events,
    notifier,
    policy: { ...FAST_POLICY, ...opts.policy },
    client,
    downloads: new DownloadService({ client }),
  })
  const admission = admissionOver(journal, {
    userDataDir,
    gate,
    intake: tasks,
    connection: () => settings.connection(),
  })
  const batches = new BatchService({
    admission,
    gate,
    tasks,
    batches: journal.batches,
    journal: journal.tasks,
    wildcards: new WildcardStore(new JsonFile(join(userDataDir, 'wildcards.json'))),
    settings,
    events,
    library,
    composeGrid,
  })
  await tasks.start()
  return {
    dir,
    userDataDir,
    libraryDir,
    settings,
    library,
    tasks,
    admission,
    journal,
    batches,
    events,
    notifier,
    async close({ keep = false } = {}) {
      await tasks.dispose()
      journal.close()
      await client.close()
      await library.close()
      if (!keep) rmSync(dir, { recursive: true, force: true })
    },
  }
}
