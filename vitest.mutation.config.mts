import { defineConfig } from 'vitest/config'

import { TEST_ALIASES } from './test/support/aliases'

/**
 * The tests `npm run mutation` runs against each mutant: the unit tests of the money and
 * durability modules (pricing, validators, retry policy, task transitions and classification,
 * poll plan, budgets and the spending ledger's task hook) and the simulator's oracle tests. Slow HTTP and e2e suites stay out; Stryker's
 * per-test coverage then runs only the tests that reach a mutant.
 */
export default defineConfig({
  resolve: { alias: TEST_ALIASES },
  test: {
    environment: 'node',
    include: [
      'test/shared/**/*.test.ts',
      'test/main/services/tasks/**/*.test.ts',
      'test/main/services/spending/**/*.test.ts',
      'test/main/adapters/http/retryPolicy.test.ts',
      'test/simulator/pricing.test.ts',
      'test/simulator/rules/**/*.test.ts',
    ],
    exclude: ['**/*.integration.test.ts'],
    testTimeout: 20_000,
  },
})
