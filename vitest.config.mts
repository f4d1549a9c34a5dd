import { resolve } from 'node:path'

import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

const alias = { '@shared': resolve(import.meta.dirname, 'src/shared') }

/**
 * Projects: `unit` (plain Node, electron mocked), `renderer` (jsdom), `integration` (real keychain,
 * real HTTP over loopback), `e2e` (built renderer in real Chromium). scripts/test.mjs runs them all.
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
          include: ['test/unit/**/*.test.ts', 'test/simulator/**/*.test.ts'],
          testTimeout: 20_000,
          // Memory assertions force a GC so they measure live data, not garbage.
          execArgv: ['--expose-gc'],
        },
      },
      {
        resolve: { alias },
        plugins: [react()],
        test: {
          name: 'renderer',
          environment: 'jsdom',
          include: ['test/renderer/**/*.test.{ts,tsx}'],
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          environment: 'node',
          include: ['test/integration/**/*.test.ts'],
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
