import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

import { TEST_ALIASES } from './test/support/aliases'

/** Tests import the code under test by layer (`@main/…`), the same path whatever the test's depth. */
const alias = TEST_ALIASES

/** Integration tests sit beside the unit tests of the code they cover, named `*.integration.test.ts`. */
const INTEGRATION = '**/*.integration.test.ts'

/**
 * Unit tests whose rules depend on the local time zone (days, months, budget resets), named
 * `*.zone.test.ts`: project `zone` runs them in child processes started with TZ set, so the zone
 * is the same whatever worker or order a file runs in (a TZ set at run time does not reach the
 * time zone of a worker thread). Shared with vitest.mutation.config.mts.
 */
export const ZONE_TESTS = '**/*.zone.test.ts'
export const ZONE_PROJECT = { pool: 'forks', env: { TZ: 'Pacific/Auckland' } } as const

/**
 * test/ mirrors src/ path for path. Projects: `unit` (plain Node, electron mocked: test/main,
 * test/shared, test/simulator, and test/docs: the paths the docs name exist), `zone` (unit tests
 * that need a fixed time zone), `renderer` (jsdom: test/renderer), `integration` (the real
 * keychain, real HTTP over loopback, packaging: `*.integration.test.ts` and test/packaging), `e2e`
 * (the built app in real Chromium). scripts/test.mjs runs them all.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'node',
          include: ['test/{main,shared,simulator,preload,docs}/**/*.test.ts'],
          exclude: [INTEGRATION, ZONE_TESTS],
          testTimeout: 20_000,
          // Memory assertions force a GC so they measure live data, not garbage.
          execArgv: ['--expose-gc'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'zone',
          environment: 'node',
          include: [`test/${ZONE_TESTS}`],
          exclude: [INTEGRATION],
          testTimeout: 20_000,
          ...ZONE_PROJECT,
        },
      },
      {
        resolve: { alias },
        plugins: [react()],
        test: {
          name: 'renderer',
          environment: 'jsdom',
          include: ['test/renderer/**/*.test.{ts,tsx}'],
          // Components render in English from the real catalogs (issue #34).
          setupFiles: ['test/support/rendererI18n.ts'],
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          environment: 'node',
          include: [`test/${INTEGRATION}`, 'test/packaging/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // What the page shows after an IPC round trip, a PNG encode or a render: 1 s (vitest's
          // default) is too short on a loaded 2-core CI machine; a real failure still fails.
          expect: { poll: { timeout: 5_000 } },
        },
      },
    ],
  },
})
