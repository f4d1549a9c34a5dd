import { vi } from 'vitest'

/**
 * A module mock that stays inside the file that asks for it, with or without isolation.
 * `vi.mock` is file-scoped only because vitest resets its module cache and mock registry between
 * files when `isolate` is on; the mutation project runs with `isolate: false`
 * (vitest.mutation.config.mts), where a hoisted `vi.mock` either misses a module another file
 * already loaded or leaks into the files after it (https://github.com/vitest-dev/vitest/issues/11152).
 * So the mock is registered, the modules under test are loaded fresh behind it, and `restore`
 * drops both the mock and the modules that saw it, before the next file runs.
 */
export function withModuleMock(
  path: string,
  factory: () => object | Promise<object>,
): { load<T>(importer: () => Promise<T>): Promise<T>; restore(): void } {
  return {
    async load(importer) {
      vi.resetModules()
      vi.doMock(path, factory)
      return importer()
    },
    restore() {
      vi.doUnmock(path)
      vi.resetModules()
    },
  }
}
