import { join } from 'node:path'

import type { Lineage } from '@shared/library/lineage'

import type { Clock } from '../../adapters/clock/Clock'
import type { Notifier } from '../../adapters/notifications/Notifier'
import type { MainEvents } from '../../events'
import type { ServiceClient } from '../client/ServiceClient'
import type { DiagnosticsSink } from '../diagnostics/Diagnostics'
import type { DownloadService } from '../downloads/DownloadService'
import type { Journal } from '../journal/Journal'
import type { LibraryService } from '../library/LibraryService'
import type { SettingsService } from '../settings/SettingsService'
import type { EnginePolicy } from './engine/policy'
import { DemoGuardGateway } from './gateway/DemoGuardGateway'
import { ServiceTaskGateway } from './gateway/ServiceTaskGateway'
import { LibraryResultSink } from './sink/LibraryResultSink'
import { TaskService } from './TaskService'

export interface TaskServiceDeps {
  userDataDir: string
  /** The journal's repositories the engine works on (tasks, their ledger rows, batch pauses). */
  journal: Pick<Journal, 'tasks' | 'ledger' | 'batches' | 'events'>
  settings: Pick<SettingsService, 'settings' | 'connection'>
  library: Pick<LibraryService, 'save' | 'findBySourceTask' | 'whenReconciled'>
  events: MainEvents
  /** The app's one ServiceClient: the gateway makes every call with `retry: 'caller'`. */
  client: ServiceClient
  downloads: DownloadService
  diagnostics?: DiagnosticsSink
  notifier?: Notifier
  policy?: Partial<EnginePolicy>
  clock?: Clock
  /** The item a task's results were made from (issue #31: an expanded canvas); none: no lineage. */
  lineageOf?: (taskId: string) => Promise<Lineage | null>
}

/**
 * Builds the task service over the app's adapters: the gateway over the shared client and
 * downloads (demo tasks only ever reach the demo's simulator), the library as the result sink,
 * over the journal the container opened.
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
    journal: deps.journal.tasks,
    ledger: deps.journal.ledger,
    history: deps.journal.events,
    batches: deps.journal.batches,
    gateway,
    sink: new LibraryResultSink(deps.library, deps.lineageOf),
    settings: deps.settings,
    events: deps.events,
    ...(deps.notifier ? { notifier: deps.notifier } : {}),
    ...(deps.policy ? { policy: deps.policy } : {}),
    ...(deps.clock ? { clock: deps.clock } : {}),
    log: (level, message, extra) => deps.diagnostics?.event(level, 'tasks', message, extra ?? {}),
  })
}
