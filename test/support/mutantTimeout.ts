import { inject, vi } from 'vitest'

/**
 * Stryker's runs of one mutant (`npm run mutation`, vitest.mutation.config.mts): a test that
 * waits for something the mutant broke (a task that never settles, a promise never resolved)
 * fails after this many milliseconds instead of the config's 180 s, which only the first
 * (coverage-counting) run needs. Without it such a test outlives Stryker's own timeout (about
 * 40 s there: 1.5 × the tests' time + 5 s + the first run's overhead), and Stryker then kills and
 * restarts its runner, which costs as much again. A test failing here counts as killed, as the
 * timeout would have: the mutant made a test that takes well under a second wait 10 s. The same
 * limit applies to hooks (an `afterEach` that stops an engine whose driver never ends).
 */
export const MUTANT_TEST_TIMEOUT_MS = 10_000

// Stryker's vitest runner provides 'mode' ('dry-run' or 'mutant') to every test file; outside a
// Stryker run nothing is provided and the config's limits stand.
const mode = (inject as (key: string) => unknown)('mode')
if (mode === 'mutant') {
  vi.setConfig({ testTimeout: MUTANT_TEST_TIMEOUT_MS, hookTimeout: MUTANT_TEST_TIMEOUT_MS })
}
