import { inject } from 'vitest'

/**
 * The `mutation` project's keep-alive pool (scripts/mutation/keepAlivePool.mjs) runs every
 * mutant's tests in one long-lived thread, where Stryker's namespace on globalThis outlives each
 * run and still names the previous mutant while the next run's files load. A src module loaded
 * for the first time then would evaluate its module-level code under that mutant and keep the
 * result for every later run. Stryker activates mutants at run time (its setup file sets
 * `activeMutant` in a `beforeAll`), so no mutant is active while a file loads: this setup file,
 * which vitest runs before each test file is imported, clears it. Static activation (mutants
 * that only module-level code reaches) is left alone: those are ignored (`ignoreStatic`).
 */
const read = inject as (key: string) => unknown
const namespace = read('globalNamespace')
if (
  read('mode') === 'mutant' &&
  read('mutantActivation') === 'runtime' &&
  typeof namespace === 'string'
) {
  const ns = (globalThis as unknown as Record<string, { activeMutant?: unknown } | undefined>)[
    namespace
  ]
  if (ns) ns.activeMutant = undefined
}
