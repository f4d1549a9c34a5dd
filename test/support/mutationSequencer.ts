import { relative } from 'node:path'

import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * The order of test files in a mutation run (vitest.mutation.config.mts): the file that failed
 * last first, then the quickest. Vitest's own order runs the longest file first, which is right
 * for a whole suite but wrong per mutant: Stryker stops a mutant's run at its first failing
 * test (bail 1), so a mutant that a 100 ms unit test kills would first wait for a library
 * integration file of several seconds. A file that killed the last mutant usually kills the
 * next one, which sits in the same code. Files with no recorded time (none after the first
 * run) go last, largest first, as Vitest orders them.
 */
export class CheapestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root
    const known = (spec: TestSpecification) =>
      this.ctx.cache.getFileTestResults(`${spec.project.name}:${relative(root, spec.moduleId)}`)
    const unknown = files.filter((spec) => !known(spec))
    const timed = files
      .filter((spec) => known(spec))
      .map((spec) => ({ spec, result: known(spec)! }))
      .sort(
        (a, b) =>
          Number(b.result.failed) - Number(a.result.failed) ||
          a.result.duration - b.result.duration,
      )
      .map(({ spec }) => spec)
    return [...timed, ...(await super.sort(unknown))]
  }
}
