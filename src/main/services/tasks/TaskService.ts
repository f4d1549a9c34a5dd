import { promises as fs } from 'node:fs'
import { join } from 'node:path'

import type { SettingsView } from '@shared/ipc/contract'
import { originalUrl } from '@shared/library/mediaUrls'
import { MEDIA_TYPES, mediaExtOf } from '@shared/library/types'
import { fail } from '@shared/result'
import { type TaskActions, taskActions } from '@shared/tasks/actions'
import type { OpenedResult, QueuedRequestView, TasksUpdate, TaskView } from '@shared/tasks/views'

import { type Clock, systemClock } from '../../adapters/clock/Clock'
import type { MainEvents } from '../../events'
import { t as tr } from '../../i18n'
import type { BatchJournal } from '../journal/BatchJournal'
import type { SpendLedger } from '../journal/SpendLedger'
import type { TaskEvents } from '../journal/TaskEvents'
import { withHistory } from '../journal/taskHistory'
import type { TaskJournal, TaskRecord } from '../journal/TaskJournal'
import { taskLedgerHook } from '../journal/taskLedger'
import type { EnginePolicy } from './engine/policy'
import { type EngineLog, TaskEngine } from './engine/TaskEngine'
import { InvalidTransition } from './engine/transitions'
import type { ResultSink, TaskGateway, TaskNotifier } from './ports'
import { UpdateThrottle } from './UpdateThrottle'

export interface TaskServiceOptions {
  /** The tasks' own folders (userData/tasks/<id>, copies of what they send) live here. */
  userDataDir: string
  /** The task journal (journal/Journal.ts opens it; the container hands it here). */
  journal: TaskJournal
  /** The ledger rows follow their tasks' states. */
  ledger: SpendLedger
  /** Each task's history, written with every state change (claims, issue #29). */
  history?: TaskEvents
  /** A paused batch's queued tasks are held. */
  batches: Pick<BatchJournal, 'isPaused'>
  gateway: TaskGateway
  sink: ResultSink
  /** Concurrency limits come from Settings. */
  settings: {
    settings(): Promise<{ concurrency: SettingsView['concurrency'] }>
  }
  events: MainEvents
  notifier?: TaskNotifier
  clock?: Clock
  policy?: Partial<EnginePolicy>
  log?: EngineLog
  /** Spacing of `tasks:updated` events (100 ms: at most 10 per second). */
  updateIntervalMs?: number
  /** Releases the adapters (HTTP connections) after the engine stopped. */
  close?: () => Promise<void>
}

/**
 * The tasks domain as IPC and the container see it: owns the engine (started lazily, stopped on
 * dispose), takes the tasks admission journaled (it is admission's TaskIntake), and turns engine
 * changes into throttled `tasks:updated` events. Every action is checked against `taskActions`,
 * the same rule the Tasks screen uses to show its buttons. New tasks never start here: every
 * charge-bearing request enters through services/admission.
 */
export class TaskService {
  private engine: TaskEngine | null = null
  private throttle: UpdateThrottle | null = null
  private starting: Promise<TaskEngine> | null = null
  private unsubscribe: (() => void) | null = null
  private disposed = false
  private backgroundStart: ReturnType<typeof setTimeout> | null = null
  private readonly clock: Clock
  private readonly batchListeners = new Set<(batchIds: string[]) => void>()

  constructor(private readonly o: TaskServiceOptions) {
    this.clock = o.clock ?? systemClock
  }

  /** Starts the engine and recovers every unfinished task from the journal (idempotent). */
  start(): Promise<TaskEngine> {
    if (this.disposed) return Promise.reject(new Error('The task service is closed.'))
    this.starting ??= (async () => {
      const settings = await this.o.settings.settings()
      const batches = this.o.batches
      this.throttle = new UpdateThrottle(
        this.clock,
        (ids) => this.emit(ids),
        this.o.updateIntervalMs ?? 100,
      )
      this.engine = new TaskEngine({
        journal: this.o.journal,
        gateway: this.o.gateway,
        sink: this.o.sink,
        clock: this.clock,
        limits: settings.concurrency,
        onChange: (id) => this.throttle?.add(id),
        ledger: withHistory(taskLedgerHook(this.o.ledger), this.o.history),
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
    await this.o.close?.()
  }

  /** Hears which batches had tasks change (the batch views refresh). Answers unsubscribe. */
  onBatchesChanged(listener: (batchIds: string[]) => void): () => void {
    this.batchListeners.add(listener)
    return () => this.batchListeners.delete(listener)
  }

  private emit(ids: string[]): void {
    const journal = this.o.journal
    const engine = this.engine
    if (!engine) return
    const update: TasksUpdate = { changed: [], removed: [] }
    const batches = new Set<string>()
    const places = engine.places()
    for (const id of ids) {
      const t = journal.get(id)
      if (t?.batch) batches.add(t.batch.batchId)
      if (!t || t.dismissed) update.removed.push(id)
      else update.changed.push(engine.view(t, places))
    }
    this.o.events.emit('tasks:updated', update)
    if (batches.size === 0) return
    for (const listener of this.batchListeners) listener([...batches])
  }

  private async task(id: string): Promise<{ engine: TaskEngine; t: TaskRecord }> {
    const engine = await this.start()
    const t = engine.get(id)
    if (!t || t.dismissed)
      return fail('not_found', tr('taskGone'), {
        action: tr('taskGoneAction'),
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
      return fail('validation', tr('taskActionNotNow'), {
        action: tr('taskActionNotNowAction'),
      })
    }
    try {
      return engine.view(run(engine))
    } catch (e) {
      if (e instanceof InvalidTransition)
        return fail('validation', tr('taskActionNotNow'), { action: tr('taskGoneAction') })
      throw e
    }
  }

  // ───────────────────────── IPC surface ─────────────────────────

  async list(): Promise<TaskView[]> {
    return (await this.start()).list()
  }

  async get(id: string): Promise<TaskView> {
    const { engine, t } = await this.task(id)
    return engine.view(t)
  }

  /** Admission's intake: drives tasks it has just journaled, answers their views as journaled. */
  async accept(records: readonly TaskRecord[]): Promise<TaskView[]> {
    const engine = await this.start()
    engine.accept(records)
    return records.map((r) => engine.view(r))
  }

  /** The view of a journaled task (admission answers a repeated requestId with it). */
  async view(record: TaskRecord): Promise<TaskView> {
    return (await this.start()).view(record)
  }

  /** A task changed outside the engine (admission edited it): its view goes out as tasks:updated. */
  changed(id: string): void {
    this.throttle?.add(id)
  }

  /** Drives queued tasks again (their batch was resumed). */
  async wake(ids: readonly string[]): Promise<void> {
    ;(await this.start()).wake(ids)
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
   * Puts the queued, never-sent tasks in this order (tasks:reorder: the ids as the user arranged
   * them; see TaskJournal.setQueueOrder for the rule and its cost). Answers every queued task's
   * view, each with its new place (and sends them as tasks:updated).
   */
  async reorder(ids: readonly string[]): Promise<TaskView[]> {
    const engine = await this.start()
    this.o.journal.setQueueOrder(ids)
    return this.queued(engine)
  }

  /** A queued, never-sent task's request (the edit dialog starts from it). */
  async queuedRequest(id: string): Promise<QueuedRequestView> {
    const { t } = await this.task(id)
    if (t.state !== 'queued' || t.attempts > 0) return notWaiting()
    const referenceCount = t.files.images.length + (t.files.image ? 1 : 0)
    return { id, kind: t.kind, request: t.request, referenceCount }
  }

  /** "Run next": the queued, never-sent task goes to the front of the queue (of its tier). */
  async runNext(id: string): Promise<TaskView[]> {
    const { engine } = await this.task(id)
    if (!this.o.journal.moveToFront(id)) return notWaiting()
    return this.queued(engine)
  }

  /**
   * Removes a queued task that was never sent: it is cancelled (its ledger row becomes void) and
   * leaves the list. Its folder is kept so Undo (Admission.restoreRemoved) can admit the same
   * request again; the other queued tasks' places are answered.
   */
  async remove(id: string): Promise<TaskView[]> {
    const { engine, t } = await this.task(id)
    if (t.state !== 'queued' || t.attempts > 0) return notWaiting()
    engine.cancel(id)
    engine.dismiss(id)
    return this.queued(engine)
  }

  /** The run order changed elsewhere (a batch's priority): every queued task's place is sent. */
  async queueChanged(): Promise<void> {
    this.queued(await this.start())
  }

  /** Every queued task's view in run order, also sent as tasks:updated (their places moved). */
  private queued(engine: TaskEngine): TaskView[] {
    const ids = this.o.journal.runOrder()
    for (const id of ids) this.throttle?.add(id)
    const places = engine.places()
    return ids.flatMap((id) => {
      const t = this.o.journal.get(id)
      return t ? [engine.view(t, places)] : []
    })
  }

  /** The saved outputs of a task, with URLs the renderer can show (gen-media: scheme). */
  async openResult(id: string): Promise<OpenedResult[]> {
    const { engine, t } = await this.task(id)
    const view = engine.view(t)
    if (view.results.length === 0) {
      return fail('not_found', tr('taskNoResultYet'), {
        action: tr('taskNoResultYetAction'),
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

/** A queue action on a task that has left the queue (sent, stopped) meanwhile. */
function notWaiting(): never {
  return fail('validation', tr('queuedAlreadySent'), {
    action: tr('queueActionSent'),
  })
}
