// Types for scripts/mutation/compareReports.mjs (run by node; tests import it through this).
interface Mutant {
  status: string
  mutatorName: string
  replacement?: string
  location: { start: { line: number; column: number }; end?: { line: number; column: number } }
}
export interface Report {
  files: Record<string, { mutants: Mutant[] }>
}
export declare function verdicts(report: Report): Map<string, { status: string; detected: boolean }>
export declare function compare(
  oldReport: Report,
  newReport: Report,
): { moved: string[]; old: Record<string, number>; new: Record<string, number>; mutants: number }
