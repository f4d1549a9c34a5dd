import { join } from 'node:path'

import type { Notifier } from '../../adapters/notifications/Notifier'
import type { SqliteOpener } from '../../adapters/sqlite/openDatabase'
import type { MainEvents } from '../../events'
import { ServiceClient } from '../client/ServiceClient'
import type { DiagnosticsSink } from '../diagnostics/Diagnostics'
import { DownloadService } from '../downloads/DownloadService'
import type { LibraryService } from '../library/LibraryService'
import type { SettingsService } from '../settings/SettingsService'
import type { EnginePolicy } from './engine/policy'
import { DemoGuardGateway } from './gateway/DemoGuardGateway'
import { ServiceTaskGateway } from './gateway/ServiceTaskGateway'
import { LibraryResultSink } from './sink/LibraryResultSink'
import { TaskService } from './TaskService'

export interface TaskServiceDeps {
  userDataDir: string
  settings: Pick<SettingsService, 'settings' | 'connection'>
  library: Pick<LibraryService, 'save' | 'findBySourceTask' | 'whenReconciled'>
  events: MainEvents
  diagnostics?: DiagnosticsSink
  notifier?: Notifier
  policy?: Partial<EnginePolicy>
  openDatabase?: SqliteOpener
  /** Request timeouts of the tasks' client (tests shorten them to exercise stalls). */
  timeouts?: { headersMs?: number; bodyMs?: number; generationHeadersMs?: number }
}

/**
 * Builds the task service on the real adapters: its own ServiceClient that never retries by
 * itself (every retry goes through the engine's budget, so one Retry-After pauses all tasks),
 * a DownloadService over it, the library as the result sink, and the journal in userData.
 */
export function createTaskService(deps: TaskServiceDeps): TaskService {
  const client = new ServiceClient({
    connection: () => deps.settings.connection(),
    retry: { maxAttempts: 1 },
    ...(deps.timeouts ? { timeouts: deps.timeouts } : {}),
    ...(deps.diagnostics ? { diagnostics: deps.diagnostics } : {}),
  })
  const downloads = new DownloadService({ client })
  const gateway = new DemoGuardGateway(
    new ServiceTaskGateway({
      client,
      downloads,
      connection: () => deps.settings.connection(),
      stagingDir: join(deps.userDataDir, 'tasks', 'staging'),
    }),
    () => deps.settings.connection(),
  )
  return new TaskService({
    userDataDir: deps.userDataDir,
    gateway,
    sink: new LibraryResultSink(deps.library),
    settings: deps.settings,
    events: deps.events,
    ...(deps.notifier ? { notifier: deps.notifier } : {}),
    ...(deps.policy ? { policy: deps.policy } : {}),
    log: (level, message, extra) => deps.diagnostics?.event(level, 'tasks', message, extra ?? {}),
    close: () => client.close(),
    ...(deps.openDatabase ? { openDatabase: deps.openDatabase } : {}),
  })
}
