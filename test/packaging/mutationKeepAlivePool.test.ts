/**
 * scripts/mutation/keepAlivePool.mjs keeps one worker thread alive across Stryker's vitest runs
 * (one per mutant) so src modules load once. It must speak vitest 4.1's PoolRunner protocol
 * (cli-api's PoolRunner: "start" → "started", "run" → "testfileFinished", "stop" → "stopped") so
 * that each run sees a fresh worker, while the thread underneath is started once; each run must
 * get its own config (Stryker's `testNamePattern` per mutant); only the latest runner may hear the
 * thread; and a forced stop or a dead thread must not be reused. The last block runs the real
 * mutation config the way Stryker does (it passes `pool: 'threads'`, which vitest applies over
 * every project's own pool).
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createVitest } from 'vitest/node'

import {
  KEEP_ALIVE_POOL,
  keepAlivePool,
  type ThreadLike,
} from '../../scripts/mutation/keepAlivePool.mjs'

type Listener = (arg: unknown) => void
type Message = { type?: string; context?: Record<string, unknown> }

/** A worker thread double: records what it was sent and who listens; `emit` plays the thread. */
class FakeThread implements ThreadLike {
  sent: Message[] = []
  starts = 0
  stops = 0
  listeners = new Map<string, Set<Listener>>()
  async start() {
    this.starts += 1
  }
  async stop() {
    this.stops += 1
  }
  send(message: unknown) {
    this.sent.push(message as Message)
  }
  on(event: string, callback: Listener) {
    const set = this.listeners.get(event) ?? new Set()
    set.add(callback)
    this.listeners.set(event, set)
  }
  off(event: string, callback: Listener) {
    this.listeners.get(event)?.delete(callback)
  }
  emit(event: string, arg?: unknown) {
    for (const callback of [...(this.listeners.get(event) ?? [])]) callback(arg)
  }
  count(event: string) {
    return this.listeners.get(event)?.size ?? 0
  }
}

const request = (type: string, context: Record<string, unknown> = {}) => ({
  __vitest_worker_request__: true,
  type,
  context,
})

function setup() {
  const threads: FakeThread[] = []
  const pool = keepAlivePool({
    mutantLimits: { testTimeout: 10, hookTimeout: 20 },
    createThread: () => {
      const thread = new FakeThread()
      threads.push(thread)
      return thread
    },
  })
  /** One vitest run's PoolRunner side: a worker, its message log, start → run → stop. */
  async function runner(config: unknown) {
    const worker = pool.createPoolWorker({})
    const heard: unknown[] = []
    const onMessage = (m: unknown) => heard.push(m)
    await worker.start()
    worker.on('message', onMessage)
    worker.on('exit', () => {})
    worker.send(request('start', { config }))
    return { worker, heard, onMessage }
  }
  const settle = () => new Promise((r) => setImmediate(r))
  return { pool, threads, runner, settle }
}

describe('keep-alive pool: one thread across vitest runs', () => {
  it('starts the thread once; a later start is answered "started" without reaching it', async () => {
    const { threads, runner, settle } = setup()
    const first = await runner({ n: 1 })
    expect(threads).toHaveLength(1)
    expect(threads[0]!.sent.map((m) => m.type)).toEqual(['start'])
    first.worker.send(request('stop'))
    await settle()
    expect(first.heard).toEqual([{ type: 'stopped', __vitest_worker_response__: true }])
    await first.worker.stop()

    const second = await runner({ n: 2 })
    await settle()
    expect(threads).toHaveLength(1)
    expect(threads[0]!.starts).toBe(1)
    expect(threads[0]!.stops).toBe(0)
    expect(threads[0]!.sent.map((m) => m.type)).toEqual(['start'])
    expect(second.heard).toEqual([{ type: 'started', __vitest_worker_response__: true }])
  })

  it("puts each run's own config into its run and collect requests", async () => {
    const { threads, runner, settle } = setup()
    const first = await runner({ testNamePattern: 'a' })
    first.worker.send(request('run', { files: ['x'] }))
    first.worker.send(request('stop'))
    await settle()
    await first.worker.stop()
    const second = await runner({ testNamePattern: 'b' })
    second.worker.send(request('collect', { files: ['y'] }))
    const sent = threads[0]!.sent.filter((m) => m.type === 'run' || m.type === 'collect')
    expect(sent.map((m) => m.context)).toEqual([
      { files: ['x'], config: { testNamePattern: 'a' } },
      { files: ['y'], config: { testNamePattern: 'b' } },
    ])
  })

  it("sets the mutant limits in a mutant run's config, and only there (not via vi.setConfig)", async () => {
    const { threads, runner } = setup()
    const { worker } = await runner({ testTimeout: 180, testNamePattern: 'a' })
    worker.send(request('run', { providedContext: { mode: 'dry-run' } }))
    worker.send(request('run', { providedContext: { mode: 'mutant' } }))
    const configs = threads[0]!.sent.filter((m) => m.type === 'run').map((m) => m.context!.config)
    expect(configs).toEqual([
      { testTimeout: 180, testNamePattern: 'a' },
      { testTimeout: 10, hookTimeout: 20, testNamePattern: 'a' },
    ])
  })

  it('passes rpc traffic through unchanged', async () => {
    const { threads, runner } = setup()
    const { worker } = await runner({})
    const rpc = { t: 'q', i: 'abc', m: 'fetch', a: [] }
    worker.send(rpc)
    expect(threads[0]!.sent.at(-1)).toBe(rpc)
  })

  it('a stopped runner no longer hears the thread; the next one alone does', async () => {
    const { threads, runner, settle } = setup()
    const first = await runner({})
    expect(threads[0]!.count('message')).toBe(1)
    first.worker.send(request('stop'))
    await settle()
    await first.worker.stop()
    expect(threads[0]!.count('message')).toBe(0)
    expect(threads[0]!.count('exit')).toBe(1) // the pool's own watch on the thread
    const second = await runner({})
    threads[0]!.emit('message', { type: 'testfileFinished' })
    expect(first.heard).toEqual([{ type: 'stopped', __vitest_worker_response__: true }])
    expect(second.heard).toContainEqual({ type: 'testfileFinished' })
  })

  it('a forced stop (no "stop" request first) ends the thread; the next run starts a new one', async () => {
    const { threads, runner } = setup()
    const first = await runner({})
    await first.worker.stop()
    expect(threads[0]!.stops).toBe(1)
    await runner({})
    expect(threads).toHaveLength(2)
    expect(threads[1]!.sent.map((m) => m.type)).toEqual(['start'])
  })

  it('a thread that exits is not reused', async () => {
    const { threads, runner } = setup()
    await runner({})
    threads[0]!.emit('exit', 1)
    await runner({})
    expect(threads).toHaveLength(2)
    expect(threads[1]!.sent.map((m) => m.type)).toEqual(['start'])
  })

  it('close ends the live thread, and a stop after close ends it too', async () => {
    const { pool, threads, runner, settle } = setup()
    await runner({})
    await pool.close()
    expect(threads[0]!.stops).toBe(1)
    const late = await runner({})
    late.worker.send(request('stop'))
    await settle()
    await late.worker.stop()
    expect(threads[1]!.stops).toBe(1)
  })
})

describe('the mutation config uses it, as Stryker runs vitest', () => {
  const root = resolve(import.meta.dirname, '..', '..')
  let vitest: Awaited<ReturnType<typeof createVitest>>

  beforeAll(async () => {
    // What @stryker-mutator/vitest-runner 9.6.1 passes (its init): threads, one worker.
    vitest = await createVitest('test', {
      root,
      config: resolve(root, 'vitest.mutation.config.mts'),
      pool: 'threads',
      maxWorkers: 1,
      watch: false,
      coverage: { enabled: false },
    })
  }, 60_000)
  afterAll(() => vitest?.close())

  it('the mutation project takes the keep-alive pool over the runner\'s "threads"', () => {
    const mutation = vitest.projects.find((p) => p.name === 'mutation')!
    const isolated = vitest.projects.find((p) => p.name === 'isolated')!
    expect(mutation.config.pool).toBe(KEEP_ALIVE_POOL)
    expect(isolated.config.pool).toBe('threads')
    expect(mutation.config.setupFiles.some((f) => f.endsWith('mutantLoadReset.ts'))).toBe(true)
    expect(mutation.config.setupFiles.some((f) => f.endsWith('mutantTimeout.ts'))).toBe(false)
  })

  it('no file of the kept thread calls vi.setConfig (its snapshot would pin the first run’s test filter)', async () => {
    const specs = await vitest.globTestSpecifications()
    const kept = specs.filter((s) => s.project.name === 'mutation').map((s) => s.moduleId)
    expect(kept.length).toBeGreaterThan(50)
    const setup = vitest.projects.find((p) => p.name === 'mutation')!.config.setupFiles
    const offenders = [...kept, ...setup].filter((f) =>
      /vi\.(?:setConfig|resetConfig)\(/.test(readFileSync(f, 'utf8')),
    )
    expect(offenders).toEqual([])
  })

  it('runs after runs in the kept thread, each with its own test name filter', async () => {
    const file = resolve(root, 'test/main/services/tasks/engine/onError.test.ts')
    const passed: number[] = []
    for (const pattern of [undefined, /429 pauses/, /generation pending|429 pauses/, undefined]) {
      vitest.state.filesMap.clear()
      for (const p of vitest.projects) p.config.testNamePattern = pattern
      await vitest.start([file])
      const tests = vitest.state
        .getFiles()
        .flatMap((f) => f.tasks.flatMap((t) => ('tasks' in t ? t.tasks : [t])))
      passed.push(tests.filter((t) => t.result?.state === 'pass').length)
    }
    expect(passed[0]).toBeGreaterThan(2)
    expect(passed.slice(1)).toEqual([1, 2, passed[0]])
  }, 120_000)
})
