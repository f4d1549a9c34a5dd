/**
 * A vitest pool for `npm run mutation` only (vitest.mutation.config.mts, `mutation` project):
 * ONE worker thread that outlives each vitest run, so the src modules a mutant's tests import are
 * evaluated once per Stryker runner process, not once per mutant.
 *
 * Why: @stryker-mutator/vitest-runner calls vitest once per mutant, and vitest 4.1's pool keeps a
 * non-isolated worker only while the same run has another file for it (cli-api's Pool.schedule,
 * `sharedRunners`); every mutant run then started a new thread and imported every module again
 * (0.64 s of imports for 0.05 s of tests in onError.test.ts). Inside a thread the module cache is
 * module-level (vitest's base chunk: `evaluatedModules`, `_moduleRunner`) and each run invalidates
 * only its test files, so a thread kept alive reuses the src modules. Mutant schemata read the
 * active mutant at call time, so cached modules see each new mutant; test/support/mutantLoadReset.ts
 * keeps module-level code from ever seeing one.
 *
 * How, against vitest 4.1's PoolRunner protocol (custom pools: https://vitest.dev/advanced/pool):
 * each run builds a new PoolRunner with a worker from `createPoolWorker`; this returns a thin
 * handle on the one live thread. The first "start" goes to the thread (its environment and rpc
 * are set up once); a later "start" is answered "started" here, and its config (which carries the
 * run's `testNamePattern`) is put into each "run"/"collect" message's context, which the thread
 * spreads over the config of its first start (vitest's init: `{ ...setupContext, ...message.context }`).
 * A "stop" is answered "stopped" here and the handle drops the listeners its runner added, so the
 * next runner alone hears the thread. A forced stop (a task that failed or was cancelled twice)
 * or a thread that exits ends the thread for real; the next run starts a new one.
 */
import { ThreadsPoolWorker } from 'vitest/node'

/** The pool's name: a project opts in with `pool: keepAlivePool()` (vitest sets `poolRunner`). */
export const KEEP_ALIVE_POOL = 'keep-alive-threads'

const RESPONSE = { __vitest_worker_response__: true }

/**
 * One pool: the live thread and the config of the latest "start". `mutantLimits` (`testTimeout`,
 * `hookTimeout`) go into the config of each run Stryker marks as a mutant run (provided `mode`):
 * a kept thread cannot use `vi.setConfig` for them, because vitest's `vi` snapshots the whole
 * config at its first `setConfig` in the thread, and `vi.resetConfig()`, which vitest calls after
 * every file, would then put the FIRST mutant's `testNamePattern` back on every later run; their
 * files after the first ran no test, and those mutants "survived" (39 of 749 in the first A/B
 * run). `createThread` builds the underlying worker (vitest's ThreadsPoolWorker; a fake in its test).
 */
export function keepAlivePool({
  mutantLimits = {},
  createThread = (options) => new ThreadsPoolWorker(options),
} = {}) {
  const state = {
    thread: undefined,
    started: false,
    config: undefined,
    closed: false,
    mutantLimits,
  }

  function drop() {
    state.thread = undefined
    state.started = false
  }

  return {
    name: KEEP_ALIVE_POOL,
    /** For the config's `vitest.onClose`: ends the live thread once vitest itself closes. */
    async close() {
      state.closed = true
      const thread = state.thread
      drop()
      if (thread) await thread.stop()
    },
    createPoolWorker(options) {
      return new KeptWorker(state, () => createThread(options), drop)
    },
  }
}

/** The handle one PoolRunner holds on the shared thread. */
class KeptWorker {
  name = 'threads'
  #state
  #create
  #drop
  #listeners = []
  #answeredStop = false

  constructor(state, create, drop) {
    this.#state = state
    this.#create = create
    this.#drop = drop
  }

  async start() {
    const state = this.#state
    if (state.thread) return
    const thread = this.#create()
    await thread.start()
    state.thread = thread
    // A thread that dies (a crash, process.exit in a test) is not reused.
    thread.on('exit', () => {
      if (state.thread === thread) this.#drop()
    })
  }

  on(event, callback) {
    this.#live().on(event, callback)
    this.#listeners.push([event, callback])
  }

  off(event, callback) {
    this.#state.thread?.off(event, callback)
    this.#listeners = this.#listeners.filter(([e, c]) => e !== event || c !== callback)
  }

  send(message) {
    const state = this.#state
    if (message?.__vitest_worker_request__ === true) {
      if (message.type === 'start') {
        state.config = message.context.config
        if (state.started) return this.#answer({ type: 'started', ...RESPONSE })
        state.started = true
      } else if (message.type === 'run' || message.type === 'collect') {
        const mutant = message.context?.providedContext?.mode === 'mutant'
        const config = mutant ? { ...state.config, ...state.mutantLimits } : state.config
        message = { ...message, context: { ...message.context, config } }
      } else if (message.type === 'stop') {
        this.#answeredStop = true
        return this.#answer({ type: 'stopped', ...RESPONSE })
      }
    }
    this.#live().send(message)
  }

  /** Without a "stop" first, vitest is forcing the end (the thread may still be running): end it. */
  async stop() {
    const state = this.#state
    const thread = state.thread
    for (const [event, callback] of this.#listeners) thread?.off(event, callback)
    this.#listeners = []
    if (thread && (!this.#answeredStop || state.closed)) {
      this.#drop()
      await thread.stop()
    }
  }

  deserialize(data) {
    return data
  }

  #live() {
    const thread = this.#state.thread
    if (!thread) throw new Error('keep-alive pool: the worker thread is not running')
    return thread
  }

  /** Delivers a response to this runner's message listeners, after `send` returns (as a thread would). */
  #answer(response) {
    const listeners = this.#listeners.filter(([event]) => event === 'message')
    setImmediate(() => {
      for (const [, callback] of listeners) callback(response)
    })
  }
}
