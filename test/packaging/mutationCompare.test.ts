/**
 * scripts/mutation/compareReports.mjs is the proof that a speed change to the mutation set-up
 * kills the same mutants: it must report a mutant whose verdict moved between detected and not,
 * in or out of the ignored set, or that only one report has, and must not report a killed mutant
 * that became a timeout (both are detected; a tighter timeout may do that).
 */
import { describe, expect, it } from 'vitest'

import { compare, type Report } from '../../scripts/mutation/compareReports.mjs'

function report(...statuses: [string, number, string][]): Report {
  const mutants = statuses.map(([status, line, replacement]) => ({
    status,
    mutatorName: 'ConditionalExpression',
    replacement,
    location: { start: { line, column: 4 }, end: { line, column: 9 } },
  }))
  return { files: { 'src/a.ts': { mutants } } }
}

describe('compareReports', () => {
  it('same verdicts: nothing moved, killed and timed out count alike', () => {
    const r = compare(
      report(['Killed', 1, 'true'], ['Survived', 2, 'false']),
      report(['Timeout', 1, 'true'], ['Survived', 2, 'false']),
    )
    expect(r.moved).toEqual([])
    expect(r.mutants).toBe(2)
    expect(r.new).toEqual({ Timeout: 1, Survived: 1 })
  })

  it('a killed mutant that survives is reported', () => {
    const r = compare(report(['Killed', 1, 'true']), report(['Survived', 1, 'true']))
    expect(r.moved).toEqual(['src/a.ts:1:4-1:9 ConditionalExpression "true": Killed -> Survived'])
  })

  it('a mutant newly ignored, or only in one report, is reported', () => {
    const r = compare(
      report(['Survived', 1, 'true'], ['Killed', 2, 'x']),
      report(['Ignored', 1, 'true'], ['Killed', 3, 'x']),
    )
    expect(r.moved).toEqual([
      'src/a.ts:1:4-1:9 ConditionalExpression "true": Survived -> Ignored',
      'src/a.ts:2:4-2:9 ConditionalExpression "x": Killed -> (missing)',
      'src/a.ts:3:4-3:9 ConditionalExpression "x": (missing) -> Killed',
    ])
  })
})
