import { randomUUID } from 'node:crypto'
import { promises as fs } from 'node:fs'
import { join } from 'node:path'

import type { BatchCell } from '@shared/batch/types'
import type { SettingsView } from '@shared/ipc/contract'
import { originalUrl } from '@shared/library/mediaUrls'
import { MEDIA_TYPES, mediaExtOf } from '@shared/library/types'
import { fail } from '@shared/result'
import { type Budgets, NO_BUDGETS } from '@shared/spending/types'
import { type TaskActions, taskActions } from '@shared/tasks/actions'
import { costOf, promptOf } from '@shared/tasks/estimate'
import type { SubmitTaskInput } from '@shared/tasks/submit'
import type { OpenedResult, TasksUpdate, TaskView } from '@shared/tasks/views'

import { type Clock, systemClock } from '../../adapters/clock/Clock'
import type { SqliteOpener } from '../../adapters/sqlite/openDatabase'
import type { MainEvents } from '../../events'
import { BatchJournal } from '../batches/BatchJournal'
import {
  budgetState,
  crossedCap,
  refuseOverBudget,
  spendOfInputs,
} from '../spending/budgetCheck'
import { SpendLedger } from '../spending/SpendLedger'
import { taskLedgerHook } from '../spending/taskLedger'
import type { EnginePolicy } from './engine/policy'
import { type EngineLog, type NewTask, TaskEngine } from './engine/TaskEngine'
import { InvalidTransition } from './engine/transitions'
import { TaskJournal, type TaskRecord } from './journal/TaskJournal'
import type { ResultSink, TaskGateway, TaskNotifier } from './ports'
import type { TaskFiles } from './ports'
import { prepareFiles, validateSubmission } from './prepare'
import { UpdateThrottle } from './UpdateThrottle'

export interface TaskServiceOptions {
  /** The journal and the tasks' own files live here (userData). */
  userDataDir: string
  gateway: TaskGateway
  sink: ResultSink
  /** Concurrency limits and the demo flag come from Settings. */
  settings: {
    settings(): Promise<{ concurrency: SettingsView['concurrency'] }>
    connection(): Promise<{ demo: boolean } | null>
    /** The spending caps every submission is checked against (none when absent). */
    budgets?(): Promise<Budgets>
  }
  /** The ledger changed (a request recorded, settled, failed): spending views refresh. */
  onSpend?: () => void
  /** Tasks of these batches changed (their batch views refresh). */
  onBatches?: (batchIds: string[]) => void
  events: MainEvents
  notifier?: TaskNotifier
  clock?: Clock
  policy?: Partial<EnginePolicy>
  log?: EngineLog
  /** Spacing of `tasks:updated` events (100 ms: at most 10 per second). */
  updateIntervalMs?: number
  /** Releases the adapters (HTTP connections) after the engine stopped. */
  close?: () => Promise<void>
  /** Opens the journal's database (the container's, with the process's native binding). */
  openDatabase?: SqliteOpener
}

/**
 * The tasks domain as IPC and the container see it: validates and prepares submissions, owns the
 * journal and the engine (started lazily, stopped on dispose), and turns engine changes into
 * throttled `tasks:updated` events. Every action is checked against `taskActions`, the same rule
 * the Tasks screen uses to show its buttons.
 */
export class TaskService {
  private journal: TaskJournal | null = null
  private ledger: SpendLedger | null = null
  private batches: BatchJournal | null = null
  private engine: TaskEngine | null = null
  private throttle: UpdateThrottle | null = null
  private starting: Promise<TaskEngine> | null = null
  private unsubscribe: (() => void) | null = null
  private disposed = false
  private backgroundStart: ReturnType<typeof setTimeout> | null = null
  private readonly clock: Clock

  constructor(private readonly o: TaskServiceOptions) {
    this.clock = o.clock ?? systemClock
  }

  /** Opens the journal and recovers every unfinished task (idempotent). */
  start(): Promise<TaskEngine> {
    if (this.disposed) return Promise.reject(new Error('The task service is closed.'))
    this.starting ??= (async () => {
      const settings = await this.o.settings.settings()
      this.journal = new TaskJournal(join(this.o.userDataDir, 'tasks.sqlite'), this.o.openDatabase)
      this.ledger = new SpendLedger(this.journal.database, () => this.o.onSpend?.())
      const batches = new BatchJournal(this.journal.database)
      this.batches = batches
      this.throttle = new UpdateThrottle(
        this.clock,
        (ids) => this.emit(ids),
        this.o.updateIntervalMs ?? 100,
      )
      this.engine = new TaskEngine({
        journal: this.journal,
        gateway: this.o.gateway,
        sink: this.o.sink,
        clock: this.clock,
        limits: settings.concurrency,
        onChange: (id) => this.throttle?.add(id),
        ledger: taskLedgerHook(this.ledger),
        held: (t) => t.batch !== null && batches.isPaused(t.batch.batchId),
        ...(this.o.notifier ? { notifier: this.o.notifier } : {}),
        ...(this.o.log ? { log: this.o.log } : {}),
        ...(this.o.policy ? { policy: this.o.policy } : {}),
      })
      this.unsubscribe = this.o.events.forward((event, payload) => {
        if (event === 'settings:changed')
          this.engine?.setLimits((payload as SettingsView).concurrency)
      })
      this.engine.start()
      return this.engine
    })()
    return this.starting
  }

  /** Starts recovery without blocking the caller (app start-up). */
  startInBackground(): void {
    this.backgroundStart = setTimeout(() => {
      this.backgroundStart = null
      if (this.disposed) return
      this.start().catch((e) => {
        if (!this.disposed) this.o.log?.('error', 'Task recovery failed', { data: String(e) })
      })
    }, 0)
    this.backgroundStart.unref?.()
  }

  async dispose(): Promise<void> {
    this.disposed = true
    if (this.backgroundStart) clearTimeout(this.backgroundStart)
    this.unsubscribe?.()
    if (this.starting) await this.starting.catch(() => {})
    await this.engine?.stop()
    this.throttle?.close()
    this.journal?.close()
    await this.o.close?.()
  }

  private emit(ids: string[]): void {
    const journal = this.journal
    const engine = this.engine
    if (!journal || !engine) return
    const update: TasksUpdate = { changed: [], removed: [] }
    const batches = new Set<string>()
    for (const id of ids) {
      const t = journal.get(id)
      if (t?.batch) batches.add(t.batch.batchId)
      if (!t || t.dismissed) update.removed.push(id)
      else update.changed.push(engine.view(t))
    }
    this.o.events.emit('tasks:updated', update)
    if (batches.size > 0) this.o.onBatches?.([...batches])
  }

  /** The journal, engine, ledger and batches once started (for the spending and batch services). */
  async runtime(): Promise<{
    engine: TaskEngine
    journal: TaskJournal
    ledger: SpendLedger
    batches: BatchJournal
  }> {
    const engine = await this.start()
    return { engine, journal: this.journal!, ledger: this.ledger!, batches: this.batches! }
  }

  /** The caps and how far each is used now. */
  async budgetState() {
    const { ledger } = await this.runtime()
    return budgetState(await this.budgets(), ledger, this.clock.now())
  }

  private async budgets(): Promise<Budgets> {
    return (await this.o.settings.budgets?.()) ?? NO_BUDGETS
  }

  /**
   * Refuses (over_budget, nothing sent) when `inputs` would cross a cap, unless the user chose to
   * go over once. Synchronous on purpose: the caller journals right after, with no await between,
   * so two submissions cannot both pass against the same remaining budget. Demo activity is never
   * charged, so it is never refused.
   */
  assertBudget(
    budgets: Budgets,
    inputs: readonly SubmitTaskInput[],
    demo: boolean,
    override: boolean,
    what: 'request' | 'batch',
  ): void {
    if (demo || override || !this.ledger) return
    const refusal = crossedCap(
      budgetState(budgets, this.ledger, this.clock.now()),
      spendOfInputs(inputs),
    )
    if (refusal) refuseOverBudget(refusal, what)
  }

  private async task(id: string): Promise<{ engine: TaskEngine; t: TaskRecord }> {
    const { engine } = await this.runtime()
    const t = engine.get(id)
    if (!t || t.dismissed)
      return fail('not_found', 'This task is no longer in the list.', {
        action: 'Refresh the Tasks screen.',
      })
    return { engine, t }
  }

  /** Runs an action the task's state allows, with a clear message when it does not. */
  private async act(
    id: string,
    action: keyof TaskActions,
    run: (engine: TaskEngine) => TaskRecord,
  ): Promise<TaskView> {
    const { engine, t } = await this.task(id)
    const view = engine.view(t)
    if (!taskActions(view)[action]) {
      return fail('validation', `A task that is ${t.state.replace('_', ' ')} cannot do that.`, {
        action: 'Refresh the Tasks screen; the task may have moved on.',
      })
    }
    try {
      return engine.view(run(engine))
    } catch (e) {
      if (e instanceof InvalidTransition)
        return fail('validation', e.message, { action: 'Refresh the Tasks screen.' })
      throw e
    }
  }

  // ───────────────────────── IPC surface ─────────────────────────

  async list(): Promise<TaskView[]> {
    const { engine } = await this.runtime()
    return engine.list()
  }

  async get(id: string): Promise<TaskView> {
    const { engine, t } = await this.task(id)
    return engine.view(t)
  }

  /**
   * Validates, prepares (reference copies, cost estimate), journals with a new key, then lets the
   * engine send it. With a `requestId` already used, returns that task instead of a second one.
   */
  async submit(input: SubmitTaskInput): Promise<TaskView> {
    const { engine, journal } = await this.runtime()
    if (input.requestId) {
      const existing = journal.byRequestId(input.requestId)
      if (existing) return engine.view(existing)
    }
    await validateSubmission(input)
    const id = randomUUID()
    const files = await prepareFiles(join(this.o.userDataDir, 'tasks', id), input)
    const connection = await this.o.settings.connection().catch(() => null)
    const demo = connection?.demo ?? false
    const budgets = await this.budgets()
    // From the budget check to the journal row: no await, so nothing else can spend in between.
    if (input.requestId && journal.byRequestId(input.requestId)) {
      return engine.view(journal.byRequestId(input.requestId)!)
    }
    this.assertBudget(budgets, [input], demo, input.overrideBudget === true, 'request')
    const record = engine.submit(this.newTask(input, id, files, demo, null, null))
    return engine.view(record)
  }

  /**
   * One request of a batch, validated and with its files copied, ready to be journaled with the
   * others (BatchService journals the whole batch in one transaction).
   */
  async prepareBatchTask(
    input: SubmitTaskInput,
    batch: BatchCell,
    demo: boolean,
  ): Promise<NewTask> {
    await validateSubmission(input)
    const id = randomUUID()
    const files = await prepareFiles(join(this.o.userDataDir, 'tasks', id), input)
    return this.newTask(input, id, files, demo, null, batch)
  }

  private newTask(
    input: SubmitTaskInput,
    id: string,
    files: TaskFiles,
    demo: boolean,
    retryOf: string | null,
    batch: BatchCell | null,
  ): NewTask {
    const { costUsd, costLabel } = costOf(input)
    const request = { ...(input.request as Record<string, unknown>) }
    const quote =
      input.kind === 'workbench' && input.quote
        ? { ...input.quote, quotedAt: this.clock.now() }
        : null
    return {
      id,
      requestId: input.requestId ?? null,
      kind: input.kind,
      idempotencyKey: randomUUID(),
      model: String(request.model ?? ''),
      prompt: promptOf(input),
      request,
      files,
      costUsd,
      costLabel,
      quote,
      demo,
      retryOf,
      batch,
    }
  }

  cancel(id: string): Promise<TaskView> {
    return this.act(id, 'cancel', (e) => e.cancel(id))
  }

  async dismiss(id: string): Promise<{ id: string }> {
    await this.act(id, 'dismiss', (e) => e.dismiss(id))
    await this.cleanup(id)
    return { id }
  }

  confirmQuote(id: string, quoteId: string): Promise<TaskView> {
    return this.act(id, 'confirmQuote', (e) => e.confirmQuote(id, quoteId))
  }

  resume(id: string): Promise<TaskView> {
    return this.act(id, 'resume', (e) => e.resume(id))
  }

  /**
   * Starts the same request again as a NEW generation: new task, new key, so a new charge. The
   * references are copied again (the old task's folder may be cleaned up), and a workbench task
   * gets a fresh quote.
   */
  async retryAsNew(id: string): Promise<TaskView> {
    const { engine, t } = await this.task(id)
    if (!taskActions(engine.view(t)).retryAsNew) {
      return fail('validation', 'Only a finished, failed or cancelled task can run again as new.', {
        action: 'Wait until the task ends; its request key is still in use.',
      })
    }
    const input = { kind: t.kind, request: t.request } as SubmitTaskInput
    if (input.kind === 'edit') input.images = t.files.images
    if (input.kind === 'native') {
      if (t.files.image) input.image = t.files.image
      if (t.files.mask) input.mask = t.files.mask
    }
    await validateSubmission(input)
    const newId = randomUUID()
    const files = await prepareFiles(join(this.o.userDataDir, 'tasks', newId), input)
    // A new generation is a new charge: it meets the budget like any other.
    this.assertBudget(await this.budgets(), [input], t.demo, false, 'request')
    const record = engine.submit(this.newTask(input, newId, files, t.demo, t.id, null))
    return engine.view(record)
  }

  /** The saved outputs of a task, with URLs the renderer can show (gen-media: scheme). */
  async openResult(id: string): Promise<OpenedResult[]> {
    const { engine, t } = await this.task(id)
    const view = engine.view(t)
    if (view.results.length === 0) {
      return fail('not_found', 'This task has no saved result yet.', {
        action: 'Wait until it is saved, or check its error.',
      })
    }
    return view.results.map((r) => {
      const ext = mediaExtOf(r.relPath)
      return {
        libraryId: r.libraryId,
        relPath: r.relPath,
        url: originalUrl(r.relPath),
        media: ext ? MEDIA_TYPES[ext].media : 'image',
      }
    })
  }

  /** Removes a dismissed task's own folder (reference copies): nothing can re-send it now. */
  private async cleanup(id: string): Promise<void> {
    await fs.rm(join(this.o.userDataDir, 'tasks', id), { recursive: true, force: true })
  }
}
