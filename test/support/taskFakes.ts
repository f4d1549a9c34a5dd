import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { ManualClock } from '@main/adapters/clock/ManualClock'
import { RecordingNotifier } from '@main/adapters/notifications/Notifier'
import { type NewTaskFields, queuedRecord } from '@main/services/admission/newTask'
import type { BatchRecord } from '@main/services/journal/BatchJournal'
import { Journal } from '@main/services/journal/Journal'
import type { TaskJournal } from '@main/services/journal/TaskJournal'
import { ledgerRowOf } from '@main/services/journal/taskLedger'
import type { TaskRecord } from '@main/services/journal/taskRecord'
import type { EnginePolicyOverrides } from '@main/services/tasks/engine/policy'
import { type EngineLog, type Limits, TaskEngine } from '@main/services/tasks/engine/TaskEngine'
import type {
  DownloadedFile,
  GatewayTask,
  OutputRef,
  Quote,
  ResultMeta,
  ResultSink,
  SavedResult,
  ServerStatus,
  SubmitOutcome,
  TaskGateway,
  WorkbenchEvent,
} from '@main/services/tasks/ports'
import type { BatchCell } from '@shared/batch/types'
import { type AppError, AppFailure } from '@shared/result'
import type { TaskView } from '@shared/tasks/views'

import { guardTaskJournal, type JournalFault } from './guardedTaskJournal'

/** Throws the AppFailure a gateway reports for `code`. */
export const failure = (code: AppError['code'], extra: Partial<AppError> = {}): AppFailure =>
  new AppFailure({ code, message: `simulated ${code}`, ...extra })

export interface Call {
  op: 'submit' | 'status' | 'events' | 'estimate' | 'download'
  taskId: string
  key: string
  at: number
  quoteId: string | null
}

type Handler<R> = (task: GatewayTask, n: number, signal: AbortSignal) => R | Promise<R>

/** A scripted gateway on the manual clock: every call is recorded with its key and time. */
export class FakeGateway implements TaskGateway {
  accountId: string | null = 'acct'
  readonly calls: Call[] = []
  released: string[] = []
  private readonly counts = new Map<string, number>()

  onSubmit: Handler<SubmitOutcome> = () => ({
    type: 'outputs',
    outputs: [{ type: 'url', url: 'https://cdn.test/a.png' }],
  })
  onStatus: Handler<ServerStatus> = () => running(null)
  onEvents: Handler<AsyncIterable<WorkbenchEvent>> = () => stream([])
  onEstimate: Handler<Quote> = (_t, n) => ({ quoteId: `q${n}`, priceUsd: 0.003 })
  onDownload: (
    task: GatewayTask,
    output: OutputRef,
    index: number,
    n: number,
  ) => DownloadedFile | Promise<DownloadedFile> = (task, _o, index) => ({
    path: `/staging/${task.id}/${index}.png`,
    bytes: 100,
    mime: 'image/png',
    ext: 'png',
  })
  /** Runs before every call (e.g. to check the journal at send time). */
  before: (call: Call) => void = () => {}

  constructor(private readonly clock: ManualClock) {}

  private record(op: Call['op'], task: GatewayTask): number {
    const call: Call = {
      op,
      taskId: task.id,
      key: task.idempotencyKey,
      at: this.clock.now(),
      quoteId: task.quote?.quoteId ?? null,
    }
    this.calls.push(call)
    this.before(call)
    const k = `${op}:${task.id}`
    const n = (this.counts.get(k) ?? 0) + 1
    this.counts.set(k, n)
    return n
  }

  count(op: Call['op'], taskId?: string): number {
    return this.calls.filter((c) => c.op === op && (!taskId || c.taskId === taskId)).length
  }

  async account() {
    return this.accountId
  }
  async submit(task: GatewayTask, signal: AbortSignal) {
    return this.onSubmit(task, this.record('submit', task), signal)
  }
  async status(task: GatewayTask, signal: AbortSignal) {
    return this.onStatus(task, this.record('status', task), signal)
  }
  events(task: GatewayTask, signal: AbortSignal): AsyncIterable<WorkbenchEvent> {
    const n = this.record('events', task)
    const open = () => this.onEvents(task, n, signal)
    return {
      async *[Symbol.asyncIterator]() {
        yield* await open()
      },
    }
  }
  async estimate(task: GatewayTask, signal: AbortSignal) {
    return this.onEstimate(task, this.record('estimate', task), signal)
  }
  async download(task: GatewayTask, output: OutputRef, index: number) {
    return this.onDownload(task, output, index, this.record('download', task))
  }
  usesServiceBudget(output: OutputRef) {
    return output.type === 'video'
  }
  async release(task: GatewayTask) {
    this.released.push(task.id)
  }
}

export const running = (progress: number | null, raw = 'in_progress'): ServerStatus => ({
  phase: 'running',
  raw,
  progress,
  outputs: null,
  error: null,
})
export const completed = (outputs: OutputRef[] | null = null): ServerStatus => ({
  phase: 'completed',
  raw: 'completed',
  progress: 1,
  outputs,
  error: null,
})
export const failedStatus = (message: string): ServerStatus => ({
  phase: 'failed',
  raw: 'failed',
  progress: null,
  outputs: null,
  error: { code: 'content_policy', message },
})

/** An event stream from a list; `hang` keeps it open (silent) until aborted. */
export async function* stream(
  events: WorkbenchEvent[],
  opts: { hang?: { clock: ManualClock; signal: AbortSignal }; failAfter?: AppFailure } = {},
): AsyncGenerator<WorkbenchEvent> {
  for (const e of events) yield e
  if (opts.failAfter) throw opts.failAfter
  if (opts.hang) await opts.hang.clock.sleep(1e12, opts.hang.signal)
}

/** An in-memory library: saves are recorded; the same file may be offered again after a crash. */
export class FakeSink implements ResultSink {
  readonly saved: Array<{ meta: ResultMeta; file: DownloadedFile; libraryId: string }> = []
  failNext: AppFailure | null = null

  async save(meta: ResultMeta, file: DownloadedFile): Promise<SavedResult> {
    if (this.failNext) {
      const f = this.failNext
      this.failNext = null
      throw f
    }
    const libraryId = `lib-${this.saved.length + 1}`
    this.saved.push({ meta, file, libraryId })
    return { libraryId, relPath: `2026/01/01/${libraryId}.${file.ext}` }
  }

  async findUnrecorded(taskId: string, known: readonly string[]): Promise<SavedResult | null> {
    const item = this.saved.find((s) => s.meta.taskId === taskId && !known.includes(s.libraryId))
    return item ? { libraryId: item.libraryId, relPath: `2026/01/01/${item.libraryId}.png` } : null
  }
}

let seq = 0
/** What admission decides of a new task (admission/newTask.ts builds the rest of its row). */
export type NewTask = NewTaskFields

/**
 * Journals tasks the way admission's last step does (task and ledger rows, and `alongside`, in one
 * transaction), then hands them to the engine: the engine's tests start from admitted tasks
 * without the validation and file copies in front of them.
 */
export function journalAndAccept(
  journal: Journal,
  engine: TaskEngine,
  tasks: readonly NewTask[],
  now: number,
  alongside?: () => void,
): TaskRecord[] {
  const records = tasks.map((n) => queuedRecord(n, now))
  journal.transaction(() => {
    alongside?.()
    for (const r of records) {
      journal.tasks.insert(r)
      journal.ledger.open(ledgerRowOf(r))
    }
  })
  engine.accept(records)
  return records
}

export function newTask(overrides: Partial<NewTask> = {}): NewTask {
  seq++
  return {
    id: `task-${seq}`,
    requestId: null,
    kind: 'image',
    idempotencyKey: `key-${seq}`,
    model: 'std-image-2',
    prompt: `prompt ${seq}`,
    request: { model: 'std-image-2', prompt: `prompt ${seq}` },
    files: { images: [] },
    costUsd: 0.01,
    costLabel: '$0.01',
    quote: null,
    demo: false,
    retryOf: null,
    batch: null,
    ...overrides,
  }
}

/** A task's place in batch `batchId` (no axes, first repeat). */
export const batchCell = (batchId: string, index: number): BatchCell => ({
  batchId,
  index,
  x: null,
  y: null,
  repeat: 1,
  picks: [],
})

/** A running image batch's row (no axes), as admission writes it with its tasks. */
export const batchRecord = (id: string, createdAt = 0): BatchRecord => ({
  id,
  requestId: null,
  title: id,
  kind: 'image',
  model: 'std-image-2',
  state: 'running',
  createdAt,
  updatedAt: createdAt,
  total: 2,
  estimateUsd: 0.02,
  axes: { xField: null, yField: null, xValues: [], yValues: [] },
  demo: false,
})

export const LIMITS: Limits = { image: 4, video: 8, art: 2, workbench: 2 }

export interface Rig {
  dir: string
  clock: ManualClock
  /** The whole journal database (tasks, ledger, batches), as the container opens it. */
  db: Journal
  journal: TaskJournal
  gateway: FakeGateway
  sink: FakeSink
  notifier: RecordingNotifier
  engine: TaskEngine
  changes: string[]
  /** The view of the changed task at every change (what the renderer would be sent). */
  views: TaskView[]
  /**
   * What the engine logged. `close()` fails the test on an error left here: a test that makes a
   * driver throw checks its entries and empties the list.
   */
  logs: Array<Parameters<EngineLog>>
  /** Runs before the engine's journal reads and writes; may throw (guardedTaskJournal.ts). */
  fault: JournalFault | null
  /** Journals a task as admission does and lets the engine drive it. */
  submit(n: NewTask): TaskRecord
  /** A second engine on the same journal, as after a crash and restart. */
  restart(): Promise<TaskEngine>
  close(): Promise<void>
}

/** An engine on a real SQLite journal in a temp folder, a manual clock and fakes. */
export function rig(
  opts: {
    limits?: Partial<Limits>
    policy?: EnginePolicyOverrides
    start?: boolean
    held?: (t: TaskRecord) => boolean
    /** false: the engine gets no log (as TaskService builds it without one). */
    log?: false
  } = {},
): Rig {
  const dir = mkdtempSync(join(tmpdir(), 'gen-studio-tasks-'))
  const clock = new ManualClock()
  const path = join(dir, 'tasks.sqlite')
  const gateway = new FakeGateway(clock)
  const sink = new FakeSink()
  const notifier = new RecordingNotifier()
  const changes: string[] = []
  const views: TaskView[] = []
  const logs: Rig['logs'] = []
  const spins: string[] = []
  const guard = {
    spins,
    get fault() {
      return r.fault
    },
  }
  const make = (journal: TaskJournal) =>
    new TaskEngine({
      journal: guardTaskJournal(journal, clock, guard),
      ...(opts.log === false ? {} : { log: (...entry: Parameters<EngineLog>) => logs.push(entry) }),
      ...(opts.held ? { held: opts.held } : {}),
      gateway,
      sink,
      clock,
      notifier,
      limits: { ...LIMITS, ...opts.limits },
      onChange: (id) => {
        changes.push(id)
        const row = r.journal.get(id)
        if (row) views.push(r.engine.view(row))
      },
      ...(opts.policy ? { policy: opts.policy } : {}),
    })
  const db = new Journal(path)
  const r: Rig = {
    dir,
    clock,
    db,
    journal: db.tasks,
    gateway,
    sink,
    notifier,
    engine: null as unknown as TaskEngine,
    changes,
    views,
    logs,
    fault: null,
    submit(n) {
      return journalAndAccept(r.db, r.engine, [n], clock.now())[0]!
    },
    async restart() {
      await r.engine.stop()
      r.db.close()
      r.db = new Journal(path)
      r.journal = r.db.tasks
      r.engine = make(r.journal)
      r.engine.start()
      return r.engine
    },
    async close() {
      await r.engine.stop()
      r.db.close()
      rmSync(dir, { recursive: true, force: true })
      if (spins.length > 0) throw new Error(`drivers spun without end: ${spins.join(', ')}`)
      const errors = logs.filter(([level]) => level === 'error')
      if (errors.length > 0) throw new Error(`the engine logged errors: ${JSON.stringify(errors)}`)
    },
  }
  r.engine = make(r.journal)
  if (opts.start !== false) r.engine.start()
  return r
}
