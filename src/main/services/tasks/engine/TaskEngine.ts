import type { AppError } from '@shared/result'
import { CONCURRENCY_KEY, type ConcurrencyKey, isActive, type TaskKind } from '@shared/tasks/states'
import type { TaskView } from '@shared/tasks/views'

import type { Clock } from '../../../adapters/clock/Clock'
import type { TaskJournal, TaskRecord } from '../journal/TaskJournal'
import type {
  GatewayTask,
  OutputRef,
  ResultSink,
  ServerStatus,
  TaskGateway,
  TaskNotifier,
  WorkbenchEvent,
} from '../ports'
import { nextPollDelay, type ProgressSample } from '../scheduler/pollPlan'
import { RequestBudget } from '../scheduler/RequestBudget'
import { dispositionOf, toAppError } from './classify'
import { backoff, DEFAULT_ENGINE_POLICY, type EnginePolicy } from './policy'
import { InvalidTransition, type TaskEvent, transition } from './transitions'
import { toView } from './view'

export type Limits = Record<ConcurrencyKey, number>

/** A generation as the service layer prepared it (validated, files copied, cost estimated). */
export interface NewTask {
  id: string
  requestId: string | null
  kind: TaskKind
  idempotencyKey: string
  model: string
  prompt: string
  request: Record<string, unknown>
  files: TaskRecord['files']
  costUsd: number | null
  costLabel: string
  quote: TaskRecord['quote']
  demo: boolean
  retryOf: string | null
}

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
  policy?: Partial<EnginePolicy>
}

/** What a driver remembers between steps; lost on restart, which only resets backoffs. */
interface Memory {
  failures: number
  pendingWaits: number
  polls: number
  pollStart: number
  samples: ProgressSample[]
  renewals: number
  badDownloads: number
  sseFailures: number
  /** The library was asked for a save interrupted by a crash (once per driver). */
  adopted: boolean
}

interface Driver {
  abort: AbortController
  done: Promise<void>
}

interface SlotWaiter {
  id: string
  resolve: () => void
}

const KEEP_PREVIEW_CHARS = 2_000_000

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
  private readonly slots = new Map<ConcurrencyKey, Set<string>>()
  private readonly waiters = new Map<ConcurrencyKey, SlotWaiter[]>()
  private readonly previews = new Map<string, string>()
  private limits: Limits
  private started = false
  private stopped = false

  constructor(private readonly o: TaskEngineOptions) {
    this.policy = {
      ...DEFAULT_ENGINE_POLICY,
      ...o.policy,
      poll: { ...DEFAULT_ENGINE_POLICY.poll, ...o.policy?.poll },
      budget: { ...DEFAULT_ENGINE_POLICY.budget, ...o.policy?.budget },
    }
    this.budget = new RequestBudget(o.clock, this.policy.budget)
    this.limits = { ...o.limits }
  }

  // ───────────────────────── public surface ─────────────────────────

  /**
   * Recovery: every task the journal holds in an active state is driven again. Tasks already at
   * the server (sent, running, downloading) go first and keep their slots; queued ones follow in
   * the order they were submitted.
   */
  start(): void {
    if (this.started || this.stopped) return
    this.started = true
    const active = this.o.journal.active()
    for (const t of active) if (t.state !== 'queued') this.drive(t.id)
    for (const t of active) if (t.state === 'queued') this.drive(t.id)
  }

  /** Stops every driver (requests are aborted; the journal keeps each task's place). */
  async stop(): Promise<void> {
    this.stopped = true
    for (const d of this.drivers.values()) d.abort.abort()
    this.budget.close()
    await Promise.all([...this.drivers.values()].map((d) => d.done))
  }

  get isStarted(): boolean {
    return this.started && !this.stopped
  }

  /** New concurrency limits (settings changed): waiting tasks start if slots opened. */
  setLimits(limits: Limits): void {
    this.limits = { ...limits }
    for (const key of this.waiters.keys()) this.pump(key)
  }

  /** Journals the task (with its key) durably, then starts driving it. */
  submit(n: NewTask): TaskRecord {
    const now = this.o.clock.now()
    const record: TaskRecord = {
      ...n,
      state: 'queued',
      createdAt: now,
      updatedAt: now,
      startedAt: null,
      finishedAt: null,
      attempts: 0,
      serverId: null,
      serverStatus: null,
      progress: null,
      pendingQuote: null,
      outputs: null,
      error: null,
      notice: null,
      attention: null,
      dismissed: false,
    }
    this.o.journal.insert(record)
    this.changed(record.id)
    if (this.started) this.drive(record.id)
    return record
  }

  get(id: string): TaskRecord | null {
    return this.o.journal.get(id)
  }

  view(t: TaskRecord): TaskView {
    return toView(t, this.o.journal.results(t.id), this.previews.get(t.id) ?? null)
  }

  list(): TaskView[] {
    return this.o.journal.list().map((t) => this.view(t))
  }

  /** Cancels a task that is still local (queued, or waiting for a price confirmation). */
  cancel(id: string): TaskRecord {
    const t = this.apply(id, { type: 'cancel' })
    this.drivers.get(id)?.abort.abort()
    return t
  }

  /** Hides a finished task; a task waiting on a price is cancelled by it. */
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
    } else {
      this.o.journal.update(id, patch, now)
    }
    const next = { ...current, ...patch, updatedAt: now }
    if (patch.state && patch.state !== current.state) this.afterStateChange(next)
    this.changed(id)
    return next
  }

  private afterStateChange(t: TaskRecord): void {
    if (t.state === 'saved' || t.state === 'failed') {
      this.previews.delete(t.id)
      const ran = (t.finishedAt ?? this.o.clock.now()) - (t.startedAt ?? t.createdAt)
      if (ran >= this.policy.longTaskMs && this.o.notifier) {
        const what = t.kind === 'video' ? 'Video' : t.kind === 'workbench' ? 'Art image' : 'Image'
        this.o.notifier.notify({
          taskId: t.id,
          title: t.state === 'saved' ? `${what} ready` : `${what} failed`,
          body:
            t.state === 'saved'
              ? `Saved to the library: ${t.prompt.slice(0, 80)}`
              : (t.error?.message ?? 'The service reported a failure.'),
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

  // ───────────────────────── slots ─────────────────────────

  private slotSet(key: ConcurrencyKey): Set<string> {
    let s = this.slots.get(key)
    if (!s) this.slots.set(key, (s = new Set()))
    return s
  }

  private waitSlot(t: TaskRecord, signal: AbortSignal): Promise<void> {
    const key = CONCURRENCY_KEY[t.kind]
    const set = this.slotSet(key)
    if (set.has(t.id)) return Promise.resolve()
    const queue = this.waiters.get(key) ?? []
    this.waiters.set(key, queue)
    return new Promise<void>((resolve, reject) => {
      const waiter: SlotWaiter = { id: t.id, resolve }
      queue.push(waiter)
      signal.addEventListener(
        'abort',
        () => {
          const i = queue.indexOf(waiter)
          if (i >= 0) queue.splice(i, 1)
          reject(new Error('aborted'))
        },
        { once: true },
      )
      this.pump(key)
    })
  }

  private pump(key: ConcurrencyKey): void {
    const set = this.slotSet(key)
    const queue = this.waiters.get(key) ?? []
    while (queue.length > 0 && set.size < Math.max(1, this.limits[key])) {
      const w = queue.shift()!
      set.add(w.id)
      w.resolve()
    }
  }

  private release(id: string): void {
    for (const [key, set] of this.slots) {
      if (set.delete(id)) this.pump(key)
    }
  }

  // ───────────────────────── drivers ─────────────────────────

  private drive(id: string): void {
    if (this.stopped || this.drivers.has(id)) return
    const abort = new AbortController()
    const driver: Driver = { abort, done: Promise.resolve() }
    this.drivers.set(id, driver)
    driver.done = this.run(id, abort.signal)
      .catch((e) => {
        if (!abort.signal.aborted) {
          this.o.log?.('error', 'Task driver stopped unexpectedly', {
            taskId: id,
            data: String(e),
          })
        }
      })
      .finally(() => {
        if (this.drivers.get(id) === driver) this.drivers.delete(id)
        this.release(id)
        // A task that became active again while this driver wound down gets a new one.
        const t = this.o.journal.get(id)
        if (t && !t.dismissed && isActive(t.state) && !this.stopped && !abort.signal.aborted)
          this.drive(id)
      })
  }

  private async run(id: string, signal: AbortSignal): Promise<void> {
    const memory: Memory = {
      failures: 0,
      pendingWaits: 0,
      polls: 0,
      pollStart: this.o.clock.now(),
      samples: [],
      renewals: 0,
      badDownloads: 0,
      sseFailures: 0,
      adopted: false,
    }
    for (;;) {
      if (signal.aborted) return
      const t = this.o.journal.get(id)
      if (!t || t.dismissed || !isActive(t.state)) return
      if (t.state === 'queued') {
        await this.waitSlot(t, signal)
        this.apply(id, { type: 'start' })
        continue
      }
      // Tasks already past the queue (recovered, resumed) hold a slot without waiting.
      this.slotSet(CONCURRENCY_KEY[t.kind]).add(id)
      if (t.state === 'submitting') await this.stepSubmit(t, signal, memory)
      else if (t.state === 'running') {
        if (t.kind === 'workbench') await this.stepStream(t, signal, memory)
        else await this.stepPoll(t, signal, memory)
      } else if (t.state === 'downloading') await this.stepDownload(t, signal, memory)
    }
  }

  /** The account to charge requests to, or null (then the task waits for Settings). */
  private async account(t: TaskRecord, signal: AbortSignal): Promise<string | null> {
    const account = await this.o.gateway.account()
    if (account) return account
    this.notice(t.id, {
      code: 'not_connected',
      message: 'Gen Studio is not connected to the service.',
      action: 'Enter the service address and API key in Settings; the task continues by itself.',
    })
    await this.sleep(this.policy.offlineWaitMs, signal)
    return null
  }

  /**
   * The common answer to a failed call. Returns after the wait the failure calls for; the caller
   * re-reads the journal and tries again with the same key, unless a transition ended the task.
   */
  private async onError(
    id: string,
    e: unknown,
    phase: 'submit' | 'quote' | 'poll' | 'stream' | 'download',
    account: string,
    signal: AbortSignal,
    m: Memory,
  ): Promise<void> {
    if (signal.aborted) throw e
    const error = toAppError(e)
    const t = this.mustGet(id)
    switch (dispositionOf(error)) {
      case 'rate_limited':
        this.budget.rateLimited(account, error.retryAfterMs ?? null)
        this.notice(id, error)
        return
      case 'pending': {
        m.pendingWaits++
        this.notice(id, error)
        const wait =
          error.retryAfterMs ??
          backoff(
            this.policy.pendingBaseMs,
            this.policy.pendingMaxMs,
            m.pendingWaits,
            this.o.clock.random(),
          )
        await this.sleep(wait, signal)
        return
      }
      case 'offline':
        this.notice(id, error)
        await this.sleep(this.policy.offlineWaitMs, signal)
        return
      case 'storage':
        this.apply(id, { type: 'blocked', error })
        return
      case 'refused':
      case 'not_found':
        // Refused before anything could have been charged: the request itself is wrong. A 400 is
        // about the request whatever happened before (a replayed key would have answered with the
        // result); a 401/403/404 after an earlier send may hide a charge, so the user decides.
        if (
          (phase === 'submit' || phase === 'quote') &&
          !t.serverId &&
          (error.code === 'validation' || t.attempts <= 1)
        ) {
          this.apply(id, { type: 'refused', error })
        } else {
          this.apply(id, { type: 'blocked', error })
        }
        return
      case 'quote_expired':
      case 'cancelled':
      case 'retry': {
        m.failures++
        this.notice(id, error)
        await this.sleep(
          backoff(
            this.policy.retryBaseMs,
            this.policy.retryMaxMs,
            m.failures,
            this.o.clock.random(),
          ),
          signal,
        )
        return
      }
    }
  }

  // ── submitting ──

  private async stepSubmit(t: TaskRecord, signal: AbortSignal, m: Memory): Promise<void> {
    const account = await this.account(t, signal)
    if (!account) return
    if (t.kind === 'workbench' && !t.quote) {
      await this.requote(t, account, signal, m)
      return
    }
    await this.budget.acquire(account, signal)
    const sent = this.apply(t.id, { type: 'send' })
    try {
      const outcome = await this.o.gateway.submit(this.gatewayTask(sent), signal)
      m.failures = 0
      m.pendingWaits = 0
      if (outcome.type === 'outputs') {
        this.apply(t.id, { type: 'outputs', outputs: outcome.outputs })
        return
      }
      const st = outcome.status
      this.apply(t.id, {
        type: 'accepted',
        serverId: outcome.serverId,
        status: st?.raw ?? null,
        progress: st?.progress ?? null,
      })
      m.polls = 0
      m.pollStart = this.o.clock.now()
      // The moment of acceptance anchors the progress line (the task has done nothing yet).
      m.samples = [{ at: m.pollStart, progress: st?.progress ?? 0 }]
      if (st) this.onStatus(t.id, outcome.serverId, st)
    } catch (e) {
      const error = toAppError(e)
      if (error.code === 'quote_expired' && t.kind === 'workbench') {
        await this.requote(this.mustGet(t.id), account, signal, m, true)
        return
      }
      await this.onError(t.id, e, 'submit', account, signal, m)
    }
  }

  /**
   * Gets a quote for a workbench task. The first price is accepted only if it is not above the
   * estimate shown before submitting; a re-quote (after expiry) is accepted only at the same
   * price. Otherwise the task waits for the user (`tasks:confirmQuote`). Never a higher price
   * silently.
   */
  private async requote(
    t: TaskRecord,
    account: string,
    signal: AbortSignal,
    m: Memory,
    expired = false,
  ): Promise<void> {
    await this.budget.acquire(account, signal)
    let quote
    try {
      quote = await this.o.gateway.estimate(this.gatewayTask(t), signal)
    } catch (e) {
      await this.onError(t.id, e, 'quote', account, signal, m)
      return
    }
    const now = this.o.clock.now()
    const fresh = { quoteId: quote.quoteId, priceUsd: quote.priceUsd, quotedAt: now }
    const reference = t.quote ? t.quote.priceUsd : t.costUsd
    const same = (a: number | null, b: number | null) =>
      a === b || (a !== null && b !== null && Math.abs(a - b) < 1e-9)
    let acceptable: boolean
    if (t.quote || expired) acceptable = same(fresh.priceUsd, reference)
    else
      acceptable =
        fresh.priceUsd === null || (reference !== null && fresh.priceUsd <= reference + 1e-9)
    if (acceptable) this.apply(t.id, { type: 'quoted', quote: fresh })
    else
      this.apply(t.id, {
        type: 'quote_changed',
        quote: fresh,
        reason: t.quote || expired ? 'quote_changed' : 'price_above_estimate',
      })
  }

  // ── running: video (and workbench fallback) ──

  /** Applies a server status; returns true when the task left `running`. */
  private onStatus(id: string, serverId: string, st: ServerStatus): boolean {
    if (st.phase === 'completed') {
      const outputs: OutputRef[] =
        st.outputs && st.outputs.length > 0 ? st.outputs : [{ type: 'video', serverId }]
      const t = this.mustGet(id)
      if (t.kind === 'workbench' && (!st.outputs || st.outputs.length === 0)) {
        // A finished workbench task without images listed: keep asking (unknown shape).
        this.apply(id, { type: 'progress', status: st.raw, progress: 1 }, true)
        return false
      }
      this.apply(id, { type: 'outputs', outputs })
      return true
    }
    if (st.phase === 'failed') {
      const said = st.error?.message ? ` The service said: ${st.error.message}` : ''
      this.apply(id, {
        type: 'server_failed',
        error: {
          code: 'server',
          message: `The service reports that this generation failed.${said}`,
          action:
            'Adjust the prompt or settings if the message points to them, then use “Retry as new”.',
          ...(st.error?.code ? { serverCode: st.error.code } : {}),
        },
      })
      return true
    }
    this.apply(id, { type: 'progress', status: st.raw, progress: st.progress }, true)
    return false
  }

  private async stepPoll(t: TaskRecord, signal: AbortSignal, m: Memory): Promise<void> {
    if (m.samples.length === 0) {
      // Resumed after a restart: the first send is the best guess of when the server started.
      m.pollStart = t.startedAt ?? this.o.clock.now()
      m.samples.push({ at: m.pollStart, progress: 0 })
    }
    const now = this.o.clock.now()
    const delay = nextPollDelay(
      this.policy.poll,
      { startedAt: m.pollStart, polls: m.polls, samples: m.samples },
      now,
      this.o.clock.random(),
    )
    await this.sleep(delay, signal)
    const account = await this.account(t, signal)
    if (!account) return
    await this.budget.acquire(account, signal)
    m.polls++
    try {
      const st = await this.o.gateway.status(this.gatewayTask(t), signal)
      m.failures = 0
      m.samples.push({ at: this.o.clock.now(), progress: st.progress })
      if (m.samples.length > 20) m.samples.splice(1, 1)
      this.onStatus(t.id, t.serverId ?? '', st)
    } catch (e) {
      await this.onError(t.id, e, 'poll', account, signal, m)
    }
  }

  // ── running: workbench events ──

  private async stepStream(t: TaskRecord, signal: AbortSignal, m: Memory): Promise<void> {
    const account = await this.account(t, signal)
    if (!account) return
    await this.budget.acquire(account, signal)
    const conn = new AbortController()
    const stopConn = () => conn.abort()
    signal.addEventListener('abort', stopConn, { once: true })
    const iterator = this.o.gateway.events(this.gatewayTask(t), conn.signal)[Symbol.asyncIterator]()
    let outcome: 'left' | 'dropped' = 'dropped'
    try {
      for (;;) {
        const next = await this.withIdleLimit(iterator.next(), conn, signal)
        if (next === 'idle') {
          this.notice(t.id, {
            code: 'network',
            message: 'The live updates went quiet (no keepalive); reconnecting.',
          })
          break
        }
        if (next.done) break
        m.sseFailures = 0
        if (this.onEvent(t.id, next.value)) {
          outcome = 'left'
          break
        }
        if (next.value.type === 'error') break
      }
    } catch (e) {
      if (signal.aborted) throw e
      const error = toAppError(e)
      if (error.code === 'rate_limited')
        this.budget.rateLimited(account, error.retryAfterMs ?? null)
      this.notice(t.id, error)
    } finally {
      signal.removeEventListener('abort', stopConn)
      conn.abort()
      void iterator.return?.(undefined)?.catch(() => {})
    }
    if (outcome === 'left' || signal.aborted) return
    // The stream ended without a result: ask the task itself, then reconnect after a backoff.
    m.sseFailures++
    await this.budget.acquire(account, signal)
    try {
      const st = await this.o.gateway.status(this.mustGetGatewayTask(t.id), signal)
      if (this.onStatus(t.id, t.serverId ?? '', st)) return
    } catch (e) {
      const error = toAppError(e)
      const d = dispositionOf(error)
      if (d === 'refused' || d === 'not_found' || d === 'storage') {
        await this.onError(t.id, e, 'stream', account, signal, m)
        return
      }
      if (d === 'rate_limited') this.budget.rateLimited(account, error.retryAfterMs ?? null)
      this.notice(t.id, error)
    }
    await this.sleep(
      backoff(
        this.policy.sseReconnectBaseMs,
        this.policy.sseReconnectMaxMs,
        m.sseFailures,
        this.o.clock.random(),
      ),
      signal,
    )
  }

  private mustGetGatewayTask(id: string): GatewayTask {
    return this.gatewayTask(this.mustGet(id))
  }

  /** Races the next event against the idle watchdog; 'idle' aborts the connection. */
  private async withIdleLimit<T>(
    next: Promise<T>,
    conn: AbortController,
    signal: AbortSignal,
  ): Promise<T | 'idle'> {
    const timer = new AbortController()
    const stop = () => timer.abort()
    signal.addEventListener('abort', stop, { once: true })
    const idle = this.o.clock.sleep(this.policy.sseIdleMs, timer.signal).then(
      () => 'idle' as const,
      () => null,
    )
    try {
      const winner = await Promise.race([next, idle])
      if (winner === 'idle') {
        conn.abort()
        next.catch(() => {})
        return 'idle'
      }
      if (winner === null) return next
      return winner as T
    } finally {
      timer.abort()
      signal.removeEventListener('abort', stop)
    }
  }

  /** Applies one workbench event; true when the task left `running`. */
  private onEvent(id: string, e: WorkbenchEvent): boolean {
    switch (e.type) {
      case 'keepalive':
      case 'other':
        return false
      case 'queued':
        this.apply(id, { type: 'progress', status: 'queued', progress: null }, true)
        return false
      case 'preview':
        if (e.image && e.image.length <= KEEP_PREVIEW_CHARS) this.previews.set(id, e.image)
        this.apply(id, { type: 'progress', status: 'generating', progress: e.progress }, true)
        return false
      case 'done':
        if (e.outputs.length === 0) return false
        this.apply(id, { type: 'outputs', outputs: e.outputs })
        return true
      case 'error':
        // Confirmed by GET of the task after the stream (an error event may be the stream's).
        this.notice(id, {
          code: 'server',
          message: `The live updates reported an error${e.error.message ? `: ${e.error.message}` : ''}; checking the task.`,
        })
        return false
    }
  }

  // ── downloading ──

  private async stepDownload(t: TaskRecord, signal: AbortSignal, m: Memory): Promise<void> {
    const outputs = t.outputs ?? []
    const recorded = this.o.journal.results(t.id)
    const saved = new Set(recorded.map((r) => r.index))
    const task = this.gatewayTask(t)
    if (!m.adopted) {
      m.adopted = true
      const first = outputs.findIndex((_, i) => !saved.has(i))
      if (first >= 0) {
        const orphan = await this.o.sink.findUnrecorded(
          t.id,
          recorded.map((r) => r.libraryId),
        )
        if (orphan) {
          this.o.journal.addResult(t.id, { index: first, ...orphan }, this.o.clock.now())
          saved.add(first)
          this.apply(t.id, { type: 'result_saved' })
        }
      }
    }
    for (let index = 0; index < outputs.length; index++) {
      if (saved.has(index)) continue
      const output = outputs[index]!
      let account: string | null = null
      if (this.o.gateway.usesServiceBudget(output)) {
        account = await this.account(t, signal)
        if (!account) return
        await this.budget.acquire(account, signal)
      }
      let file
      try {
        file = await this.o.gateway.download(task, output, index, signal)
      } catch (e) {
        await this.onDownloadError(t, e, account, signal, m)
        return
      }
      let result
      try {
        result = await this.o.sink.save(
          {
            taskId: t.id,
            index,
            kind: t.kind,
            model: t.model,
            prompt: t.prompt,
            negativePrompt: negativePromptOf(t),
            params: paramsOf(t),
            seed: seedOf(t),
            costEstimate:
              outputs.length > 0 && t.costUsd !== null ? t.costUsd / outputs.length : null,
            demo: t.demo,
          },
          file,
        )
      } catch (e) {
        await this.onError(t.id, e, 'download', account ?? '', signal, m)
        return
      }
      this.o.journal.addResult(t.id, { index, ...result }, this.o.clock.now())
      this.apply(t.id, { type: 'result_saved' })
      m.badDownloads = 0
    }
    this.apply(t.id, { type: 'saved' })
    await this.o.gateway.release(task).catch(() => {})
  }

  private async onDownloadError(
    t: TaskRecord,
    e: unknown,
    account: string | null,
    signal: AbortSignal,
    m: Memory,
  ): Promise<void> {
    if (signal.aborted) throw e
    const error = toAppError(e)
    const d = dispositionOf(error)
    const renew = () => {
      if (m.renewals < this.policy.maxLinkRenewals) {
        m.renewals++
        m.badDownloads = 0
        this.notice(t.id, error)
        this.apply(t.id, { type: 'renew_links' })
      } else {
        this.apply(t.id, {
          type: 'links_lost',
          error: {
            ...error,
            message: `The result could not be downloaded: ${error.message}`,
            action:
              'Use “Try again” later (same request, no new charge); if it keeps failing, contact the service with the task ID.',
          },
        })
      }
    }
    if (d === 'not_found') return renew()
    if (d === 'retry' && error.code === 'bad_response') {
      m.badDownloads++
      if (m.badDownloads >= this.policy.maxBadDownloads) return renew()
    }
    await this.onError(t.id, e, 'download', account ?? '', signal, m)
  }
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '')

function negativePromptOf(t: TaskRecord): string {
  const r = t.request
  const p = (r.parameters ?? {}) as Record<string, unknown>
  return str(r.negative_prompt) || str(p.negative_prompt)
}

function seedOf(t: TaskRecord): number | null {
  const r = t.request
  const p = (r.parameters ?? {}) as Record<string, unknown>
  const seed = r.seed ?? p.seed
  return typeof seed === 'number' && Number.isFinite(seed) ? seed : null
}

/** The request's parameters as sent, without Base64 images (they would bloat the sidecar). */
function paramsOf(t: TaskRecord): Record<string, unknown> {
  const strip = (v: unknown, depth: number): unknown => {
    if (typeof v === 'string') return v.length > 2000 ? `[${v.length} characters]` : v
    if (depth > 6 || v === null || typeof v !== 'object') return v
    if (Array.isArray(v)) return v.map((x) => strip(x, depth + 1))
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, strip(x, depth + 1)]))
  }
  const params = strip(t.request, 0) as Record<string, unknown>
  if (t.kind === 'edit') params.referenceCount = t.files.images.length
  return params
}
