import { join } from 'node:path'

import type { Clock } from '../../adapters/clock/Clock'
import type { Notifier } from '../../adapters/notifications/Notifier'
import type { SqliteOpener } from '../../adapters/sqlite/openDatabase'
import type { MainEvents } from '../../events'
import type { ServiceClient } from '../client/ServiceClient'
import type { DiagnosticsSink } from '../diagnostics/Diagnostics'
import type { DownloadService } from '../downloads/DownloadService'
import type { LibraryService } from '../library/LibraryService'
import type { SettingsService } from '../settings/SettingsService'
import type { EnginePolicy } from './engine/policy'
import { DemoGuardGateway } from './gateway/DemoGuardGateway'
import { ServiceTaskGateway } from './gateway/ServiceTaskGateway'
import { LibraryResultSink } from './sink/LibraryResultSink'
import { TaskService } from './TaskService'

export interface TaskServiceDeps {
  userDataDir: string
  settings: Pick<SettingsService, 'settings' | 'connection' | 'budgets'>
  library: Pick<LibraryService, 'save' | 'findBySourceTask' | 'whenReconciled'>
  events: MainEvents
  /** The app's one ServiceClient: the gateway makes every call with `retry: 'caller'`. */
  client: ServiceClient
  downloads: DownloadService
  diagnostics?: DiagnosticsSink
  notifier?: Notifier
  policy?: Partial<EnginePolicy>
  clock?: Clock
  openDatabase?: SqliteOpener
  /** The ledger changed (spending views refresh, cap warnings). */
  onSpend?: () => void
  /** Tasks of these batches changed. */
  onBatches?: (batchIds: string[]) => void
}

/**
 * Builds the task service over the app's adapters: the gateway over the shared client and
 * downloads (demo tasks only ever reach the demo's simulator), the library as the result sink,
 * and the journal in userData.
 */
export function createTaskService(deps: TaskServiceDeps): TaskService {
  const gateway = new DemoGuardGateway(
    new ServiceTaskGateway({
      client: deps.client,
      downloads: deps.downloads,
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
    ...(deps.clock ? { clock: deps.clock } : {}),
    log: (level, message, extra) => deps.diagnostics?.event(level, 'tasks', message, extra ?? {}),
    ...(deps.openDatabase ? { openDatabase: deps.openDatabase } : {}),
    ...(deps.onSpend ? { onSpend: deps.onSpend } : {}),
    ...(deps.onBatches ? { onBatches: deps.onBatches } : {}),
  })
}
