/**
 * Stryker's runs of one mutant (`npm run mutation`, vitest.mutation.config.mts): a test that
 * waits for something the mutant broke (a task that never settles, a promise never resolved)
 * fails after this many milliseconds instead of the config's 180 s, which only the first
 * (coverage-counting) run needs. Without it such a test outlives Stryker's own timeout (about
 * 40 s there: 1.5 × the tests' time + 5 s + the first run's overhead), and Stryker then kills and
 * restarts its runner, which costs as much again. A test failing here counts as killed, as the
 * timeout would have: the mutant made a test that takes well under a second wait 10 s. The same
 * limit applies to hooks (an `afterEach` that stops an engine whose driver never ends). The
 * isolated project applies it in test/support/mutantTimeout.ts, the kept thread's project through
 * its pool (scripts/mutation/keepAlivePool.mjs says why not `vi.setConfig` there).
 */
export const MUTANT_TEST_TIMEOUT_MS = 10_000
