import type { AppError } from '@shared/result'
import { CONCURRENCY_KEY, isActive } from '@shared/tasks/states'
import type { TaskView } from '@shared/tasks/views'

import type { Clock } from '../../../adapters/clock/Clock'
import { t as tr } from '../../../i18n'
import type { TaskJournal, TaskRecord } from '../../journal/TaskJournal'
import type { GatewayTask, ResultSink, TaskGateway, TaskLedgerHook, TaskNotifier } from '../ports'
import { RequestBudget } from '../scheduler/RequestBudget'
import { accountOrNotice } from './accountNotice'
import { type EngineContext, newMemory } from './context'
import { onError } from './onError'
import { DEFAULT_ENGINE_POLICY, type EnginePolicy, type EnginePolicyOverrides } from './policy'
import { ConcurrencySlots, type Limits } from './slots'
import { stepDownload } from './steps/download'
import { stepPoll } from './steps/poll'
import { stepStream } from './steps/stream'
import { stepSubmit } from './steps/submit'
import { InvalidTransition, type TaskEvent, transition } from './transitions'
import { type QueuePlace, toView } from './view'

export type { Limits } from './slots'

export type EngineLog = (
  level: 'info' | 'warn' | 'error',
  message: string,
  extra?: { taskId?: string; data?: unknown },
) => void

export interface TaskEngineOptions {
  journal: TaskJournal
  gateway: TaskGateway
  sink: ResultSink
  clock: Clock
  limits: Limits
  notifier?: TaskNotifier
  /** Called after every change of a task (the service throttles what reaches the renderer). */
  onChange?: (id: string) => void
  log?: EngineLog
  policy?: EnginePolicyOverrides
  /** The spending ledger: opened with the task, kept in step with its state. */
  ledger?: TaskLedgerHook
  /**
   * A queued task that must not be sent yet (its batch is paused). Asked before a queued task
   * takes a slot and again once it has one, so a pause sends nothing new.
   */
  held?: (t: TaskRecord) => boolean
}

interface Driver {
  abort: AbortController
  done: Promise<void>
  /** Asked to drive again (Try again right after Cancel) while this one runs or winds down. */
  again?: boolean
  /** Stopped by an unexpected exception (not an abort): driven again only after a wait. */
  crashed?: boolean
}

/**
 * Drives every task from its journal row to the library. One async driver per active task reads
 * the row, does one step (send, poll, stream, download) through the gateway and writes the
 * outcome back through `transition` before doing anything else, so a crash at any point resumes
 * from the journal with the same key. Concurrency is limited per kind; every request to the
 * service passes the shared RequestBudget.
 */
export class TaskEngine {
  readonly budget: RequestBudget
  private readonly policy: EnginePolicy
  private readonly drivers = new Map<string, Driver>()
  private readonly slots: ConcurrencySlots
  private readonly previews = new Map<string, string>()
  private readonly ctx: EngineContext
  private started = false
  private stopped = false
  /** Aborted by `stop()`: ends the waits before a crashed driver is driven again. */
  private readonly stopping = new AbortController()

  constructor(private readonly o: TaskEngineOptions) {
    this.policy = {
      ...DEFAULT_ENGINE_POLICY,
      ...o.policy,
      poll: { ...DEFAULT_ENGINE_POLICY.poll, ...o.policy?.poll },
      budget: { ...DEFAULT_ENGINE_POLICY.budget, ...o.policy?.budget },
    }
    this.budget = new RequestBudget(o.clock, this.policy.budget)
    this.slots = new ConcurrencySlots({ ...o.limits }, () => o.journal.runOrder())
    this.ctx = {
      journal: o.journal,
      gateway: o.gateway,
      sink: o.sink,
      clock: o.clock,
      policy: this.policy,
      budget: this.budget,
      previews: this.previews,
      apply: (id, event, soft) => this.apply(id, event, soft),
      notice: (id, notice) => this.notice(id, notice),
      mustGet: (id) => this.mustGet(id),
      gatewayTask: (t) => this.gatewayTask(t),
      sleep: (ms, signal) => this.sleep(ms, signal),
      account: (t, signal) => this.account(t, signal),
      onError: (id, e, phase, account, signal, m) =>
        onError(this.ctx, id, e, phase, account, signal, m),
    }
  }

  // ───────────────────────── public surface ─────────────────────────
  /**
   * Recovery: every task the journal holds in an active state is driven again. Tasks already at
   * the server (sent, running, downloading) go first and keep their slots; queued ones follow in
   * run order (the user's order and batch priority, journal/TaskJournal `runOrder`): the order of
   * `journal.active()`. A driver past the queue takes its slot before its first wait.
   */
  start(): void {
    if (this.started || this.stopped) return
    this.started = true
    for (const t of this.o.journal.active()) this.drive(t.id)
  }

  /** Stops every driver (requests are aborted; the journal keeps each task's place). */
  async stop(): Promise<void> {
    this.stopped = true
    this.stopping.abort()
    for (const d of this.drivers.values()) d.abort.abort()
    this.budget.close()
    await Promise.all([...this.drivers.values()].map((d) => d.done))
  }

  get isStarted(): boolean {
    return this.started && !this.stopped
  }

  /** New concurrency limits (settings changed): waiting tasks start if slots opened. */
  setLimits(limits: Limits): void {
    this.slots.setLimits(limits)
  }

  /**
   * Starts driving tasks that admission has just journaled (with their keys and ledger rows, in
   * one transaction): the engine never writes a new task itself, so every paid request enters
   * through the one admission path (services/admission).
   */
  accept(records: readonly TaskRecord[]): void {
    for (const record of records) {
      this.changed(record.id)
      if (this.started) this.drive(record.id)
    }
  }

  /**
   * Drives queued tasks again (their batch was resumed). A driver reads its task first and ends
   * at once for one that is unknown, finished or dismissed (`run`), so those are not sorted out
   * here.
   */
  wake(ids: readonly string[]): void {
    for (const id of ids) this.drive(id)
  }

  get(id: string): TaskRecord | null {
    return this.o.journal.get(id)
  }

  /**
   * The renderer's view of a task. `places` (from `places()`) saves reading the queue again when
   * many views are made at once.
   */
  view(t: TaskRecord, places?: ReadonlyMap<string, QueuePlace>): TaskView {
    const place = t.state === 'queued' ? (places ?? this.places()).get(t.id) : undefined
    return toView(t, this.o.journal.results(t.id), this.previews.get(t.id) ?? null, place)
  }

  /** Every queued task's place in the run order (one query). */
  places(): Map<string, QueuePlace> {
    return new Map(
      this.o.journal.queue().map((q, position) => [q.id, { position, priority: q.priority }]),
    )
  }

  list(): TaskView[] {
    const places = this.places()
    return this.o.journal.list().map((t) => this.view(t, places))
  }

  /**
   * Stops a task in any state (see `stopPatch` in transitions.ts): its driver is aborted at once,
   * so it gives back its concurrency slot.
   */
  cancel(id: string): TaskRecord {
    const t = this.apply(id, { type: 'cancel' })
    this.drivers.get(id)?.abort.abort()
    return t
  }

  /** Hides a task; one still in progress is stopped first, as Cancel would. */
  dismiss(id: string): TaskRecord {
    const t = this.apply(id, { type: 'dismiss' })
    this.drivers.get(id)?.abort.abort()
    this.previews.delete(id)
    return t
  }

  /** The user accepts the new price: the task queues again with the same key and the new quote. */
  confirmQuote(id: string, quoteId: string): TaskRecord {
    const current = this.mustGet(id)
    if (current.pendingQuote && current.pendingQuote.quoteId !== quoteId) {
      throw new InvalidTransition(current.state, 'quote_confirmed')
    }
    const t = this.apply(id, { type: 'quote_confirmed' })
    this.drive(id)
    return t
  }

  /** Tries a blocked task again with the same key (never a new charge). */
  resume(id: string): TaskRecord {
    const t = this.apply(id, { type: 'resume' })
    this.drive(id)
    return t
  }

  // ───────────────────────── plumbing ─────────────────────────

  private mustGet(id: string): TaskRecord {
    const t = this.o.journal.get(id)
    if (!t) throw new InvalidTransition('failed', 'dismiss')
    return t
  }

  private changed(id: string): void {
    this.o.onChange?.(id)
  }

  /**
   * Applies an event to the task as the journal has it now (never to a stale copy), writes the
   * patch (fsynced, or `soft` for progress) and reports the change.
   */
  private apply(id: string, event: TaskEvent, soft = false): TaskRecord {
    const current = this.mustGet(id)
    const patch = transition(current, event, this.o.clock.now())
    const now = this.o.clock.now()
    if (soft && patch.state === undefined) {
      this.o.journal.updateSoft(
        id,
        { progress: patch.progress, serverStatus: patch.serverStatus, notice: patch.notice },
        now,
      )
    } else if (this.o.ledger) {
      const ledger = this.o.ledger
      this.o.journal.transaction(() => {
        this.o.journal.update(id, patch, now)
        ledger.changed({ ...current, ...patch, updatedAt: now }, event.type)
      })
    } else {
      this.o.journal.update(id, patch, now)
    }
    const next = { ...current, ...patch, updatedAt: now }
    // Only a new state can be saved or failed (transitions.ts: neither is entered from itself).
    if (patch.state) this.afterStateChange(next)
    this.changed(id)
    return next
  }

  private afterStateChange(t: TaskRecord): void {
    if (t.state === 'saved' || t.state === 'failed') {
      this.previews.delete(t.id)
      // Stryker disable next-line LogicalOperator: equivalent, saved and failed always carry finishedAt, stamped with the clock's now by this same synchronous apply
      const finished = t.finishedAt ?? this.o.clock.now()
      const ran = finished - (t.startedAt ?? t.createdAt)
      if (ran >= this.policy.longTaskMs && this.o.notifier) {
        this.o.notifier.notify({
          taskId: t.id,
          title: tr('taskDoneTitle', { kind: t.kind, state: t.state }),
          body:
            t.state === 'saved'
              ? tr('taskSavedBody', { prompt: t.prompt.slice(0, 80) })
              : // Stryker disable next-line OptionalChaining,StringLiteral: equivalent, a failed task always carries its error (transitions.ts: server_failed and refused set it)
                (t.error?.message ?? tr('taskFailedBody')),
        })
      }
    }
  }

  private notice(id: string, notice: AppError): void {
    try {
      this.apply(id, { type: 'transient', notice }, true)
    } catch (e) {
      if (!(e instanceof InvalidTransition)) throw e
    }
  }

  private gatewayTask(t: TaskRecord): GatewayTask {
    return {
      id: t.id,
      kind: t.kind,
      idempotencyKey: t.idempotencyKey,
      request: t.request,
      files: t.files,
      serverId: t.serverId,
      quote: t.quote ? { quoteId: t.quote.quoteId, priceUsd: t.quote.priceUsd } : null,
      demo: t.demo,
    }
  }

  private sleep(ms: number, signal: AbortSignal): Promise<void> {
    return this.o.clock.sleep(ms, signal)
  }

  // ───────────────────────── drivers ─────────────────────────

  private drive(id: string): void {
    if (this.stopped) return
    const current = this.drivers.get(id)
    if (current) {
      // A stopped driver may still be waiting for its aborted call to return: the new driver
      // starts when it is gone, or the task would sit in its state with nobody driving it. (A
      // live one drives on anyway while its task has work.)
      current.again = true
      return
    }
    const abort = new AbortController()
    const driver: Driver = { abort, done: Promise.resolve() }
    this.drivers.set(id, driver)
    const fault = (what: string, e: unknown) =>
      this.o.log?.('error', what, { taskId: id, data: String(e) })
    driver.done = this.run(id, abort.signal)
      .catch((e) => {
        if (abort.signal.aborted) return
        driver.crashed = true
        fault('Task driver stopped unexpectedly', e)
      })
      .then(() => this.ended(id, driver, abort.signal))
      .catch((e) => {
        // Its task could not be read (a journal error): what follows is decided after the wait.
        fault('Task driver could not end cleanly', e)
        this.driveLater(id)
      })
  }

  /** A driver ended: its task gets a new one if it still has work. */
  private ended(id: string, driver: Driver, signal: AbortSignal): void {
    this.drivers.delete(id)
    this.slots.release(id)
    // A task that became active again while this driver wound down gets a new one.
    const t = this.o.journal.get(id)
    const wanted = !signal.aborted || driver.again === true
    // A held task waits for `wake` (its batch resumed), not for a new driver now.
    const held = t?.state === 'queued' && this.o.held?.(t) === true
    if (!t || t.dismissed || !isActive(t.state) || this.stopped || !wanted || held) return
    // A driver that threw (a journal error, say) would throw again at once: the
    // next one starts after the retry wait, so a lasting fault never spins the CPU or the log.
    if (driver.crashed) this.driveLater(id)
    else this.drive(id)
  }

  /** Drives the task after the retry wait (unless the engine stops first). */
  private driveLater(id: string): void {
    void this.sleep(this.policy.retryBaseMs, this.stopping.signal).then(
      () => this.drive(id),
      () => {},
    )
  }

  private async run(id: string, signal: AbortSignal): Promise<void> {
    const memory = newMemory(this.o.clock.now())
    for (;;) {
      if (signal.aborted) return
      const t = this.o.journal.get(id)
      if (!t || t.dismissed || !isActive(t.state)) return
      if (t.state === 'queued') {
        if (this.o.held?.(t)) return
        await this.slots.wait(CONCURRENCY_KEY[t.kind], id, signal)
        // Paused (or cancelled) while it waited for the slot: it gives the slot back unsent.
        const now = this.o.journal.get(id)
        if (!now || now.state !== 'queued' || this.o.held?.(now)) continue
        this.apply(id, { type: 'start' })
        continue
      }
      // Tasks already past the queue (recovered, resumed) hold a slot without waiting.
      this.slots.hold(CONCURRENCY_KEY[t.kind], id)
      if (t.state === 'submitting') await stepSubmit(this.ctx, t, signal, memory)
      else if (t.state === 'running') {
        if (t.kind === 'workbench') await stepStream(this.ctx, t, signal, memory)
        else await stepPoll(this.ctx, t, signal, memory)
      }
      // Downloading: the only active state left (states.ts ACTIVE_STATES).
      else await stepDownload(this.ctx, t, signal, memory)
    }
  }

  /** The account to charge requests to, or null: the task then says why and waits. */
  private async account(t: TaskRecord, signal: AbortSignal): Promise<string | null> {
    const found = await accountOrNotice(this.o.gateway, t, this.o.log)
    if (typeof found === 'string') return found
    this.notice(t.id, found)
    await this.sleep(this.policy.offlineWaitMs, signal)
    return null
  }
}
