import type { BudgetRefusal } from '@shared/result'
import { type Budgets, type BudgetState, NO_BUDGETS } from '@shared/spending/types'
import type { SubmitTaskInput } from '@shared/tasks/submit'

import { type Clock, systemClock } from '../../adapters/clock/Clock'
import { SPEND_KIND, type SpendLedger } from '../journal/SpendLedger'
import { budgetState, crossedCap, refuseOverBudget, spendOfInputs } from './budgetCheck'

export interface BudgetGateOptions {
  ledger: SpendLedger
  /** The caps as the user set them (Settings); none when absent or unreadable. */
  budgets(): Promise<Budgets>
  /** The active project (Settings): whose own caps the state shows. None when absent. */
  project?: () => Promise<string | null>
  clock?: Clock
}

/** Whether the requests are the offline demo's (never charged) or the user chose to go over once. */
export interface GateContext {
  demo: boolean
  override: boolean
  what: 'request' | 'batch'
  /** The project the requests are admitted into (its own caps apply); none: null or absent. */
  project?: string | null
}

/**
 * The budget rule, in one place (issue #26): what every charge-bearing request is checked
 * against before it is journaled, what a batch's plan shows, and what the Spending screen shows.
 * Committed spend is the ledger's (pending and settled rows of real activity); demo activity is
 * never charged, so never refused.
 */
export class BudgetGate {
  private readonly clock: Clock

  constructor(private readonly o: BudgetGateOptions) {
    this.clock = o.clock ?? systemClock
  }

  /** The caps as set now (read before the synchronous check, which must not wait). */
  async budgets(): Promise<Budgets> {
    // Stryker disable next-line ArrowFunction: equivalent, an undefined answer falls to `?? NO_BUDGETS` as null does
    return (await this.o.budgets().catch(() => null)) ?? NO_BUDGETS
  }

  /** The caps and how far each is used now (with the active project's own caps). */
  async state(): Promise<BudgetState> {
    // Stryker disable next-line ArrowFunction: equivalent, an undefined answer falls to `?? null` as null does
    const project = (await this.o.project?.().catch(() => null)) ?? null
    return budgetState(await this.budgets(), this.o.ledger, this.clock.now(), project)
  }

  /**
   * The first cap `inputs` would cross, or null when they fit (a plan shows it, sends nothing).
   * `project`: the project they would be admitted into, whose own caps apply too.
   */
  refusal(
    budgets: Budgets,
    inputs: readonly SubmitTaskInput[],
    demo: boolean,
    project: string | null = null,
  ) {
    if (demo) return null
    return crossedCap(
      budgetState(budgets, this.o.ledger, this.clock.now(), project),
      spendOfInputs(inputs),
    ) satisfies BudgetRefusal | null
  }

  /**
   * Refuses (over_budget, nothing sent) when `inputs` would cross a cap, unless the user chose to
   * go over once. Synchronous on purpose: the caller journals right after, with no await between,
   * so two submissions cannot both pass against the same remaining budget.
   */
  check(budgets: Budgets, inputs: readonly SubmitTaskInput[], at: GateContext): void {
    if (at.override) return
    const refusal = this.refusal(budgets, inputs, at.demo, at.project ?? null)
    if (refusal) refuseOverBudget(refusal, at.what)
  }

  /**
   * An edit of a journaled request that was never sent: its old amount (`replacedUsd`) is already
   * committed in the ledger, so only what the new request costs beyond it is weighed (nothing
   * when it costs the same or less: an edit that lowers the price always passes), against the
   * caps of the project its row was admitted into (`at.project`). Synchronous, as `check`: the
   * caller rewrites the task and its ledger row right after.
   */
  checkReplacing(
    budgets: Budgets,
    input: SubmitTaskInput,
    replacedUsd: number | null,
    at: GateContext,
  ): void {
    if (at.override || at.demo) return
    const adding = spendOfInputs([input])
    const kind = SPEND_KIND[input.kind]
    adding[kind] = Math.max(0, adding[kind] - (replacedUsd ?? 0))
    const refusal = crossedCap(
      budgetState(budgets, this.o.ledger, this.clock.now(), at.project ?? null),
      adding,
    )
    if (refusal) refuseOverBudget(refusal, at.what)
  }
}
