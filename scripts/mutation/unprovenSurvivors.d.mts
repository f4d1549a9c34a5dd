// Types for scripts/mutation/unprovenSurvivors.mjs (run by node; tests import it through this).
import type { Report } from './compareReports.mjs'

export declare function unprovenSurvivors(
  report: Report & {
    files: Record<string, { mutants: Array<{ coveredBy?: string[]; testsCompleted?: number }> }>
  },
): string[]
