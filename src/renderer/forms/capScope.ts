import type { BudgetKind, BudgetUse } from '@shared/spending/types'

/**
 * Which cap a badge or refusal speaks of, as one value the catalog's ICU `select` turns into
 * words ("today's cap", "this month's video cap", "today's cap for project “X”"): the period, the
 * kind and whether the cap is a project's, combined, so each language words the whole phrase
 * itself instead of gluing translated pieces together.
 */
export type CapScope =
  | 'day'
  | 'month'
  | 'imageDay'
  | 'imageMonth'
  | 'videoDay'
  | 'videoMonth'
  | 'artDay'
  | 'artMonth'
  | 'projectDay'
  | 'projectMonth'

export function capScope(
  period: BudgetUse['period'],
  kind: BudgetKind | null,
  project?: string,
): CapScope {
  const when = period === 'day' ? 'Day' : 'Month'
  if (project !== undefined) return `project${when}`
  if (kind) return `${kind}${when}`
  return period === 'day' ? 'day' : 'month'
}
