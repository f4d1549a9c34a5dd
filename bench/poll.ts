/**
 * poll: the task engine's polling scheduler on a virtual clock. 200 video tasks lasting 83–253 s
 * run against a simulated service that allows 5 requests per second per account (a 429 with
 * Retry-After beyond that) and throws two "429 storms" (every request refused for 20 s). The
 * real TaskEngine, RequestBudget, poll plan and SQLite journal run; only time and the service are
 * simulated. Measures the aggregate request rate, the delay from a task's completion to the
 * engine noticing it, requests sent inside a Retry-After window, and the share of 429s.
 *
 * Scenarios: all 200 submitted at once with the settings' default video concurrency (8) and its
 * maximum (32), and a restart that recovers 200 tasks already running on the server. The
 * control is a plain client on the same simulated service: every task polled every 5 s, a
 * Retry-After honoured only by the task that got it, no shared budget.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { ManualClock } from '../src/main/adapters/clock/ManualClock'
import { recordOf } from '../src/main/services/admission/newTask'
import { Journal } from '../src/main/services/journal/Journal'
import { TaskEngine } from '../src/main/services/tasks/engine/TaskEngine'
import type {
  GatewayTask,
  ResultSink,
  ServerStatus,
  SubmitOutcome,
  TaskGateway,
} from '../src/main/services/tasks/ports'
import { AppFailure } from '../src/shared/result'
import { pct, runBench } from './support/stats'

const TASKS = 200
const LIMIT_PER_SEC = 5
const STORMS = [
  { from: 300_000, to: 320_000 },
  { from: 900_000, to: 920_000 },
]
const STORM_RETRY_AFTER_MS = 10_000

interface ServerTask {
  createdAt: number
  durationMs: number
  detectedAt: number | null
}

/** The simulated service: per-account fixed 1 s windows of 5 requests, storms, linear progress. */
class SimulatedService implements TaskGateway {
  readonly tasks = new Map<string, ServerTask>()
  readonly sends: number[] = []
  readonly windows: Array<{ from: number; to: number }> = []
  rejected = 0
  private windowStart = 0
  private inWindow = 0
  private nextDuration: () => number

  private readonly start: number

  constructor(
    private readonly clock: ManualClock,
    durations: () => number,
  ) {
    this.nextDuration = durations
    this.start = clock.now()
  }

  private admit(): void {
    const now = this.clock.now()
    this.sends.push(now)
    const storm = STORMS.find((s) => now - this.start >= s.from && now - this.start < s.to)
    if (storm) return this.refuse(now, STORM_RETRY_AFTER_MS)
    if (now - this.windowStart >= 1_000) {
      this.windowStart = now - ((now - this.windowStart) % 1_000)
      this.inWindow = 0
    }
    if (this.inWindow >= LIMIT_PER_SEC) return this.refuse(now, this.windowStart + 1_000 - now)
    this.inWindow++
  }

  private refuse(now: number, retryAfterMs: number): never {
    this.rejected++
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000))
    this.windows.push({ from: now, to: now + seconds * 1000 })
    throw new AppFailure({
      code: 'rate_limited',
      message: 'The service is limiting the request rate.',
      status: 429,
      retryAfterMs: seconds * 1000,
    })
  }

  /** Pre-creates a task as if it had been submitted before the app restarted. */
  seed(id: string, createdAt: number): void {
    this.tasks.set(id, { createdAt, durationMs: this.nextDuration(), detectedAt: null })
  }

  async account() {
    return 'bench-account'
  }

  async submit(task: GatewayTask): Promise<SubmitOutcome> {
    this.admit()
    const id = `srv-${task.idempotencyKey}`
    if (!this.tasks.has(id))
      this.tasks.set(id, {
        createdAt: this.clock.now(),
        durationMs: this.nextDuration(),
        detectedAt: null,
      })
    return {
      type: 'task',
      serverId: id,
      status: { phase: 'running', raw: 'queued', progress: 0, outputs: null, error: null },
    }
  }

  async status(task: GatewayTask): Promise<ServerStatus> {
    this.admit()
    const t = this.tasks.get(task.serverId!)!
    const elapsed = this.clock.now() - t.createdAt
    if (elapsed >= t.durationMs) {
      t.detectedAt ??= this.clock.now()
      return { phase: 'completed', raw: 'completed', progress: 1, outputs: null, error: null }
    }
    // Integer percentages, as a real service reports them.
    const progress = Math.floor((elapsed / t.durationMs) * 100) / 100
    return { phase: 'running', raw: 'in_progress', progress, outputs: null, error: null }
  }

  events(): AsyncIterable<never> {
    return {
      [Symbol.asyncIterator]: () => ({
        next: async () => ({ done: true, value: undefined as never }),
      }),
    }
  }

  async estimate(): Promise<never> {
    throw new Error('not used')
  }

  async download(task: GatewayTask) {
    this.admit()
    return { path: `/virtual/${task.id}.mp4`, bytes: 1, mime: 'video/mp4', ext: 'mp4' }
  }

  usesServiceBudget() {
    return true
  }

  async release() {}
}

const sink: ResultSink = {
  save: async (meta) => ({ libraryId: `${meta.taskId}-${meta.index}`, relPath: 'x.mp4' }),
  findUnrecorded: async () => null,
}

function seeded(seed: number): () => number {
  let x = seed >>> 0 || 1
  return () => {
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    x >>>= 0
    return x / 0x1_0000_0000
  }
}

interface Result {
  scenario: string
  concurrency: number
  virtualSeconds: number
  requests: number
  ratePerSec: number
  peakRatePer10s: number
  p50DetectS: number
  p95DetectS: number
  maxDetectS: number
  insideRetryAfter: number
  share429: number
  wallMs: number
}

async function run(scenario: 'submit' | 'recover', concurrency: number): Promise<Result> {
  const wall = performance.now()
  const dir = mkdtempSync(join(tmpdir(), 'gen-studio-bench-poll-'))
  const clock = new ManualClock(1_700_000_000_000, 7)
  const random = seeded(12345)
  const service = new SimulatedService(clock, () => 83_000 + Math.round(random() * 170_000))
  const db = new Journal(join(dir, 'tasks.sqlite'))
  const journal = db.tasks
  const engine = new TaskEngine({
    journal,
    gateway: service,
    sink,
    clock,
    limits: { image: 4, video: concurrency, art: 2, workbench: 2 },
  })
  const ids: string[] = []
  const start = clock.now()
  for (let i = 0; i < TASKS; i++) {
    const id = `task-${i}`
    ids.push(id)
    // Journaled as admission does (queued, its own key); the engine drives it once started.
    const record = recordOf(
      {
        kind: 'video',
        request: { model: 'motion-2.0', prompt: `video ${i}`, duration: 5, resolution: '720p' },
      },
      id,
      { images: [] },
      true,
      { retryOf: null, batch: null },
      start,
    )
    journal.insert(record)
    const key = record.idempotencyKey
    if (scenario === 'recover') {
      // Already accepted by the server before a restart: the engine resumes polling all of them.
      service.seed(`srv-${key}`, start - Math.round(random() * 60_000))
      journal.update(
        id,
        { state: 'running', attempts: 1, startedAt: start, serverId: `srv-${key}` },
        start,
      )
    }
  }
  engine.start()
  const done = () => ids.every((id) => journal.get(id)!.state === 'saved')
  await clock.runUntil(done, 6 * 60 * 60_000)
  const end = clock.now()
  const finished = done()
  await engine.stop()
  db.close()
  rmSync(dir, { recursive: true, force: true })
  if (!finished) throw new Error(`${scenario}: not every task finished`)

  return summarize(
    scenario === 'submit' ? `submit 200, concurrency ${concurrency}` : 'recover 200 running',
    concurrency,
    service,
    start,
    end,
    wall,
  )
}

/**
 * The control: a plain client on the same simulated service. Every task is created at once and
 * polled every 5 s; a 429 delays only the task that got it (by its Retry-After). No budget.
 */
async function naive(): Promise<Result> {
  const wall = performance.now()
  const clock = new ManualClock(1_700_000_000_000, 7)
  const random = seeded(12345)
  const service = new SimulatedService(clock, () => 83_000 + Math.round(random() * 170_000))
  const start = clock.now()
  let finished = 0
  const retryAfter = (e: unknown, fallback: number) =>
    e instanceof AppFailure ? (e.error.retryAfterMs ?? fallback) : fallback
  const one = async (i: number) => {
    const task: GatewayTask = {
      id: `n-${i}`,
      kind: 'video',
      idempotencyKey: `nk-${i}`,
      request: {},
      files: { images: [] },
      serverId: null,
      quote: null,
      demo: false,
    }
    for (;;) {
      try {
        const created = await service.submit(task)
        if (created.type === 'task') task.serverId = created.serverId
        break
      } catch (e) {
        await clock.sleep(retryAfter(e, 5_000))
      }
    }
    for (;;) {
      await clock.sleep(5_000)
      try {
        if ((await service.status(task)).phase === 'completed') break
      } catch (e) {
        await clock.sleep(retryAfter(e, 0))
      }
    }
    for (;;) {
      try {
        await service.download(task)
        break
      } catch (e) {
        await clock.sleep(retryAfter(e, 1_000))
      }
    }
    finished++
  }
  for (let i = 0; i < TASKS; i++) void one(i)
  await clock.runUntil(() => finished === TASKS, 6 * 60 * 60_000)
  return summarize('control: plain 5 s poller', TASKS, service, start, clock.now(), wall)
}

function summarize(
  scenario: string,
  concurrency: number,
  service: SimulatedService,
  start: number,
  end: number,
  wall: number,
): Result {
  const delays = [...service.tasks.values()].map(
    (t) => ((t.detectedAt ?? end) - (t.createdAt + t.durationMs)) / 1000,
  )
  const inside = service.sends.filter((at) => service.windows.some((w) => at > w.from && at < w.to))
  const peak = Math.max(
    ...service.sends.map(
      (at) => service.sends.filter((b) => b >= at && b < at + 10_000).length / 10,
    ),
  )
  const seconds = (end - start) / 1000
  return {
    scenario,
    concurrency,
    virtualSeconds: Math.round(seconds),
    requests: service.sends.length,
    ratePerSec: service.sends.length / seconds,
    peakRatePer10s: peak,
    p50DetectS: pct(delays, 0.5),
    p95DetectS: pct(delays, 0.95),
    maxDetectS: Math.max(...delays),
    insideRetryAfter: inside.length,
    share429: service.rejected / service.sends.length,
    wallMs: Math.round(performance.now() - wall),
  }
}

async function main(): Promise<void> {
  const results = [
    await run('submit', 8),
    await run('submit', 32),
    await run('recover', TASKS),
    await naive(),
  ]
  const f = (n: number, d = 2) => n.toFixed(d)
  console.log(
    'scenario                        virt s  requests  req/s  peak/10s  p50 det s  p95 det s  max det s  in RA  429 %   wall ms',
  )
  for (const r of results) {
    console.log(
      `${r.scenario.padEnd(31)} ${String(r.virtualSeconds).padStart(6)}  ${String(r.requests).padStart(8)}  ${f(r.ratePerSec).padStart(5)}  ${f(r.peakRatePer10s).padStart(8)}  ${f(r.p50DetectS, 1).padStart(9)}  ${f(r.p95DetectS, 1).padStart(9)}  ${f(r.maxDetectS, 1).padStart(9)}  ${String(r.insideRetryAfter).padStart(5)}  ${f(r.share429 * 100).padStart(5)}  ${String(r.wallMs).padStart(8)}`,
    )
  }
  console.log(
    `goals: rate ≤ 2.5 req/s, p95 detection ≤ 15 s, 0 requests inside Retry-After, ≤ 1 % 429s (server limit ${LIMIT_PER_SEC} req/s, 2 storms of 20 s)`,
  )
  const [def, max, rec, control] = results as [Result, Result, Result, Result]
  console.log(
    JSON.stringify({
      bench: 'poll',
      tasks: TASKS,
      serverLimitPerSec: LIMIT_PER_SEC,
      ratePerSec: +max.ratePerSec.toFixed(3),
      p95DetectS: +max.p95DetectS.toFixed(2),
      insideRetryAfter: max.insideRetryAfter,
      share429: +max.share429.toFixed(4),
      concurrency: max.concurrency,
      default8: {
        ratePerSec: +def.ratePerSec.toFixed(3),
        p95DetectS: +def.p95DetectS.toFixed(2),
        insideRetryAfter: def.insideRetryAfter,
        share429: +def.share429.toFixed(4),
      },
      recover200: {
        ratePerSec: +rec.ratePerSec.toFixed(3),
        p95DetectS: +rec.p95DetectS.toFixed(2),
        insideRetryAfter: rec.insideRetryAfter,
        share429: +rec.share429.toFixed(4),
      },
      control: {
        ratePerSec: +control.ratePerSec.toFixed(3),
        p95DetectS: +control.p95DetectS.toFixed(2),
        insideRetryAfter: control.insideRetryAfter,
        share429: +control.share429.toFixed(4),
      },
      rateVsControl: +(max.ratePerSec / control.ratePerSec).toFixed(3),
      wallMs: def.wallMs + max.wallMs + rec.wallMs + control.wallMs,
    }),
  )
}

runBench(main)
