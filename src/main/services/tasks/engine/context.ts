import type { AppError } from '@shared/result'

import type { Clock } from '../../../adapters/clock/Clock'
import type { TaskJournal, TaskRecord } from '../../journal/TaskJournal'
import type { GatewayTask, ResultSink, TaskGateway } from '../ports'
import type { ProgressSample } from '../scheduler/pollPlan'
import type { RequestBudget } from '../scheduler/RequestBudget'
import type { EnginePolicy } from './policy'
import type { TaskEvent } from './transitions'

/** What a driver remembers between steps; lost on restart, which only resets backoffs. */
export interface Memory {
  failures: number
  pendingWaits: number
  polls: number
  pollStart: number
  samples: ProgressSample[]
  renewals: number
  badDownloads: number
  /** Unusable answers since the last usable one (see EnginePolicy.maxBadAnswers). */
  badAnswers: number
  sseFailures: number
  /** The library was asked for a save interrupted by a crash (once per driver). */
  adopted: boolean
}

export const newMemory = (now: number): Memory => ({
  failures: 0,
  pendingWaits: 0,
  polls: 0,
  pollStart: now,
  samples: [],
  renewals: 0,
  badDownloads: 0,
  badAnswers: 0,
  sseFailures: 0,
  adopted: false,
})

/** The phase of a task a failed call belongs to (what `onError` decides with). */
export type Phase = 'submit' | 'quote' | 'poll' | 'stream' | 'download'

/**
 * What the step drivers (engine/steps/*) may do: read the journal, call the gateway and the sink,
 * wait, and change a task only through `apply` (the transition table) — the engine keeps the
 * slots, the drivers' lifecycle and the public surface.
 */
export interface EngineContext {
  readonly journal: TaskJournal
  readonly gateway: TaskGateway
  readonly sink: ResultSink
  readonly clock: Clock
  readonly policy: EnginePolicy
  readonly budget: RequestBudget
  /** The latest preview image of a running workbench task (kept in memory only). */
  readonly previews: Map<string, string>
  /** Applies an event to the task as the journal has it now; `soft` for progress-only patches. */
  apply(id: string, event: TaskEvent, soft?: boolean): TaskRecord
  /** A passing problem shown on the task without changing its state. */
  notice(id: string, notice: AppError): void
  mustGet(id: string): TaskRecord
  gatewayTask(t: TaskRecord): GatewayTask
  sleep(ms: number, signal: AbortSignal): Promise<void>
  /** The account to charge requests to, or null (then the task waits for Settings). */
  account(t: TaskRecord, signal: AbortSignal): Promise<string | null>
  /** The common answer to a failed call: waits, or moves the task (engine/TaskEngine.ts). */
  onError(
    id: string,
    e: unknown,
    phase: Phase,
    account: string,
    signal: AbortSignal,
    m: Memory,
  ): Promise<void>
}
