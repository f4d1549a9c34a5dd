import type { BudgetKind, BudgetState, BudgetUse } from '@shared/spending/types'
import type { TaskKind } from '@shared/tasks/states'

import { customRangeProblem, type DayRange, presetRange } from './days'
import type { SpendingState } from './initialState'

/** The range to ask main for, or why the custom range cannot be asked for yet. */
export function selectRange(
  s: Pick<SpendingState, 'preset' | 'custom'>,
  now = new Date(),
): { range: DayRange; problem: null } | { range: null; problem: string } {
  if (s.preset !== 'custom') return { range: presetRange(s.preset, now), problem: null }
  const problem = customRangeProblem(s.custom)
  return problem ? { range: null, problem } : { range: s.custom, problem: null }
}

/** The budget kind a task kind counts against: edits are images, both art paths are art. */
export const BUDGET_KIND_OF: Readonly<Record<TaskKind, BudgetKind>> = {
  image: 'image',
  edit: 'image',
  video: 'video',
  native: 'art',
  workbench: 'art',
}

/** The caps a request of these kinds is checked against: the overall ones and the kinds' own. */
export function usesFor(budget: BudgetState | null, kinds: readonly TaskKind[]): BudgetUse[] {
  if (!budget) return []
  const wanted = new Set(kinds.map((k) => BUDGET_KIND_OF[k]))
  return budget.uses.filter((u) => u.kind === null || wanted.has(u.kind))
}

/**
 * The cap that leaves least room for these kinds (ties: the day's before the month's, a kind's
 * own before the overall one), i.e. the one a request would cross first; null with no cap.
 */
export function tightestUse(
  budget: BudgetState | null,
  kinds: readonly TaskKind[],
): BudgetUse | null {
  const rank = (u: BudgetUse) => (u.period === 'day' ? 0 : 2) + (u.kind === null ? 1 : 0)
  const sorted = usesFor(budget, kinds).sort(
    (a, b) => a.remainingUsd - b.remainingUsd || rank(a) - rank(b),
  )
  return sorted[0] ?? null
}

/** How far one cap is used (null when that cap is not set); `project`: that project's own cap. */
export const capUse = (
  budget: BudgetState | null,
  period: BudgetUse['period'],
  kind: BudgetKind | null,
  project?: string,
): BudgetUse | null =>
  budget?.uses.find((u) => u.period === period && u.kind === kind && u.project === project) ?? null
