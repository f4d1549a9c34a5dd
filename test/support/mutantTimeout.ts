import { inject, vi } from 'vitest'

import { MUTANT_TEST_TIMEOUT_MS } from './mutantLimits'

// The mutant-run limits for the `isolated` project (a fresh thread per file, where `vi.setConfig`
// is safe): test/support/mutantLimits.ts says why 10 s.

// Stryker's vitest runner provides 'mode' ('dry-run' or 'mutant') to every test file; outside a
// Stryker run nothing is provided and the config's limits stand.
const mode = (inject as (key: string) => unknown)('mode')
if (mode === 'mutant') {
  vi.setConfig({ testTimeout: MUTANT_TEST_TIMEOUT_MS, hookTimeout: MUTANT_TEST_TIMEOUT_MS })
}
