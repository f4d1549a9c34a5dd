import { resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..', '..')

/**
 * The import aliases of the tests (`@main/…`, `@test/…`): one map for vitest, tsconfig.test.json
 * and the esbuild bundles the tests make (the crash worker, the page bridge).
 */
export const TEST_ALIASES: Record<string, string> = {
  '@shared': resolve(root, 'src/shared'),
  '@main': resolve(root, 'src/main'),
  '@renderer': resolve(root, 'src/renderer'),
  '@preload': resolve(root, 'src/preload'),
  '@simulator': resolve(root, 'src/simulator'),
  '@test': resolve(root, 'test'),
}
