import { existsSync } from 'node:fs'

import { defineConfig } from 'vitest/config'

import { keepAlivePool } from './scripts/mutation/keepAlivePool.mjs'
import { TEST_ALIASES } from './test/support/aliases'
import { MUTANT_TEST_TIMEOUT_MS } from './test/support/mutantLimits'
import MutationSequencer from './test/support/mutationSequencer'
import { ZONE_PROJECT } from './vitest.config.mts'

/**
 * The tests `npm run mutation` runs against each mutant: the unit tests of the money and
 * durability modules (prices and plans, validators, the journal and its ledger, admission and
 * budgets, the task engine, downloads, batches, the library's sidecars) with the library's
 * integration tests that save, import and reconcile files (they use only the disk), and the
 * simulator's oracle tests. HTTP, keychain and e2e suites stay out; Stryker's per-test coverage
 * then runs only the tests that reach a mutant.
 */
const include = [
  'test/shared/{batch,catalog,pricing,spending,tasks,ipc}/**/*.test.ts',
  'test/main/services/tasks/**/*.test.ts',
  'test/main/services/spending/**/*.test.ts',
  'test/main/services/journal/**/*.test.ts',
  'test/main/services/admission/**/*.test.ts',
  'test/main/services/batches/**/*.test.ts',
  'test/main/services/downloads/**/*.test.ts',
  'test/main/services/chat/ChatService.test.ts',
  'test/main/services/chat/textSpend.test.ts',
  'test/main/services/library/disk/sidecar.test.ts',
  'test/main/services/library/files/ingest.test.ts',
  'test/main/services/library/LibraryService.integration.test.ts',
  'test/main/services/library/LibraryService.batch.integration.test.ts',
  // reconcile.test.ts proves reconcile.ts on main's thread in about 2 s and runs first (the
  // sequencer); the reader-thread suite stays for what it alone covers (files still arriving,
  // sync-engine markers, video posters, files with no sidecar) until fast tests replace it.
  'test/main/services/library/sync/reconcile.test.ts',
  'test/main/services/library/sync/reconcile.{edges,restart}.test.ts',
  'test/main/services/library/sync/reconcile.firstIndex.integration.test.ts',
  // The library index's own tests (issue #33): its files are not in the default `mutate` list
  // (a rebuildable cache of the sidecars, not a paid result), but `npm run mutation -- --mutate
  // src/main/services/library/index/<file>.ts` scores them against these.
  'test/main/services/library/index/**/*.test.ts',
  'test/main/adapters/http/retryPolicy.test.ts',
  'test/simulator/pricing.test.ts',
  'test/simulator/rules/**/*.test.ts',
]

/** Integration suites that talk to a real service, keychain or crash a process: too slow per mutant. */
const SLOW = [
  'test/main/services/tasks/TaskService.crash.integration.test.ts',
  'test/main/services/tasks/TaskService.faults.integration.test.ts',
  'test/main/services/tasks/TaskService.hostile.integration.test.ts',
]

/**
 * Files that change process.env.TZ while they run (a user who travelled): that reaches Date only
 * on a process's main thread, and Stryker runs every file in worker threads (see below), so they
 * fail there. They run with `npm test` only.
 */
const ZONE_CHANGES = ['test/main/services/library/index/filterCombinations.test.ts']

/**
 * Generous: the first (coverage) run counts every statement each test reaches, so a test that
 * decodes a 24 MiB Base64 image runs for tens of seconds there. Stryker times each mutant's run
 * from that test's own time in the first run (timeoutMS over it), not from this limit.
 */
const testTimeout = 180_000

// Stryker runs every project in worker threads of its runner processes, whatever pool a project
// asks for, and a worker thread cannot have a zone of its own (TZ set in a thread does not reach
// its Date). So the zone is set here, in the runner process before any worker starts: the whole
// mutation run is in the zone of the `*.zone.test.ts` files, the same for every file and order.
process.env.TZ = ZONE_PROJECT.env.TZ
// The tests' journals and folders on tmpfs where there is one: the same files and SQLite calls,
// without each commit's fsync waiting on a disk the machine shares (engine suites commit often).
if (existsSync('/dev/shm')) process.env.TMPDIR = '/dev/shm'

/**
 * Files that vi.mock a module with a fake of their own. Without isolation a module mock stays in
 * the worker's module graph for every file after it: validate.fault.test.ts's throwing reference
 * check reached TaskService.test.ts, whose edit then failed ("the reference check broke"), and the
 * first run of the whole list stopped there (26 Nov, session 6). These files run in a fresh worker
 * each (the `isolated` project); the electron stubs of the other three files are alike (an empty
 * module), so those stay shared.
 */
export const OWN_MOCKS = [
  'test/main/services/admission/validate.fault.test.ts',
  'test/main/services/downloads/fileOps.test.ts',
  'test/main/services/library/sync/reconcile.restart.test.ts',
]

/**
 * One worker thread for the `mutation` project that outlives each of Stryker's vitest runs, so a
 * mutant's run imports only its test files, not every src module again (scripts/mutation/keepAlivePool.mjs).
 * Stryker's runner passes `pool: 'threads'`, which vitest applies over every project's own `pool`
 * (cli-api's resolveProjects, `cliOverrides`), so the project takes this pool after resolution,
 * in the `configureVitest` hook; the thread ends when vitest closes.
 */
const keepAlive = keepAlivePool({
  mutantLimits: { testTimeout: MUTANT_TEST_TIMEOUT_MS, hookTimeout: MUTANT_TEST_TIMEOUT_MS },
})
const keepAlivePlugin = {
  name: 'mutation:keep-alive-pool',
  configureVitest({
    project,
    vitest,
  }: {
    project: KeepAliveProject
    vitest: { onClose(fn: () => Promise<void>): void }
  }) {
    project.config.pool = keepAlive.name
    project.config.poolRunner = keepAlive
    vitest.onClose(() => keepAlive.close())
  },
}
type KeepAliveProject = { config: { pool: string; poolRunner?: unknown } }

export default defineConfig({
  resolve: { alias: TEST_ALIASES },
  test: {
    environment: 'node',
    testTimeout,
    // Quick and last-failing files first, so a killed mutant stops early (test/support/mutationSequencer.ts).
    sequence: { sequencer: MutationSequencer },
    projects: [
      {
        extends: true,
        plugins: [keepAlivePlugin],
        test: {
          name: 'mutation',
          // Clears the previous run's mutant before a file loads (the keep-alive thread keeps
          // Stryker's globals): test/support/mutantLoadReset.ts. A mutant run fails a hung test
          // after 10 s, not 180 s: the pool sets it (`mutantLimits` above), not vi.setConfig.
          setupFiles: ['test/support/mutantLoadReset.ts'],
          // One worker loads the modules once for all the files of a run, not once per file.
          // Stryker runs a mutant's files in one vitest run with one worker (maxWorkers 1,
          // @stryker-mutator/vitest-runner's init), and times each mutant out after 1.5 × its
          // tests' time + timeoutMS + the FIRST run's overhead (time outside tests, mostly these
          // imports: @stryker-mutator/core mutant-test-planner.js). Same subsets, old and new
          // config side by side: dry-run overhead 41 s then 13 s, and the same mutants killed
          // (stryker.config.mjs). Files share module state here: the suites in `include` build
          // their own services and journals, and the three that vi.mock electron (the ipc
          // contract, the library's integration suites) stub it the same way, as an empty module.
          isolate: false,
          include,
          exclude: [...SLOW, ...ZONE_CHANGES, ...OWN_MOCKS],
        },
      },
      {
        extends: true,
        // A mutant run fails a hung test after 10 s, not 180 s (test/support/mutantTimeout.ts).
        test: {
          name: 'isolated',
          isolate: true,
          include: OWN_MOCKS,
          setupFiles: ['test/support/mutantTimeout.ts'],
        },
      },
    ],
  },
})
