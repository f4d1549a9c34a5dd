import { relative } from 'node:path'

import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * The order in which one Stryker mutant run (vitest.mutation.config.mts) takes its test files.
 * Stryker runs them one after another and stops at the first failing test (bail 1), so a killed
 * mutant costs only the files run before its killer. Vitest's own order puts the slowest files
 * first (right for parallel workers); here the file that failed last comes first (the mutant
 * before was most often a neighbour in the same code, killed by the same suite), then the
 * quickest: a module's own unit suite before the slow suites that reach it through the whole
 * service. A mutant that survives still runs every test that reaches it; only the order changes.
 */
export default class MutationSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache
    const key = (f: TestSpecification) =>
      `${f.project.name}:${relative(this.ctx.config.root, f.moduleId)}`
    const rank = (f: TestSpecification): [number, number] => {
      const results = cache.getFileTestResults(key(f))
      if (results) return [results.failed ? 0 : 1, results.duration]
      // Not run yet: smaller files first.
      return [1, Number.MAX_SAFE_INTEGER / 2 + (cache.getFileStats(key(f))?.size ?? 0)]
    }
    return [...files]
      .map((f) => ({ f, r: rank(f) }))
      .sort((a, b) => a.r[0] - b.r[0] || a.r[1] - b.r[1])
      .map(({ f }) => f)
  }
}
