/**
 * scripts/mutation/unprovenSurvivors.mjs: `npm run mutation` must fail when a mutant "survives"
 * without every test that covers it having run (a stale test filter, a skipped test), and must
 * not flag a survivor that ran all its tests or a killed mutant that stopped at the first failure.
 */
import { describe, expect, it } from 'vitest'

import { unprovenSurvivors } from '../../scripts/mutation/unprovenSurvivors.mjs'

const mutant = (status: string, line: number, coveredBy: string[], testsCompleted?: number) => ({
  status,
  mutatorName: 'ConditionalExpression',
  replacement: 'true',
  location: { start: { line, column: 2 }, end: { line, column: 8 } },
  coveredBy,
  ...(testsCompleted === undefined ? {} : { testsCompleted }),
})

describe('unprovenSurvivors', () => {
  it('names a survivor that ran fewer tests than cover it', () => {
    const report = {
      files: { 'src/a.ts': { mutants: [mutant('Survived', 7, ['t1', 't2', 't3'], 1)] } },
    }
    expect(unprovenSurvivors(report)).toEqual([
      'src/a.ts:7:2 ConditionalExpression (ran 1 of 3 covering tests)',
    ])
  })

  it('passes survivors that ran every covering test, and killed mutants that stopped early', () => {
    const report = {
      files: {
        'src/a.ts': {
          mutants: [
            mutant('Survived', 1, ['t1', 't2'], 2),
            mutant('Killed', 2, ['t1', 't2', 't3'], 1),
            mutant('Timeout', 3, ['t1', 't2'], 0),
            mutant('NoCoverage', 4, [], 0),
            // No count in the report: nothing to prove wrong.
            mutant('Survived', 5, ['t1']),
          ],
        },
      },
    }
    expect(unprovenSurvivors(report)).toEqual([])
  })
})
