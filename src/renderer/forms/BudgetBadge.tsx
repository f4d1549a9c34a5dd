import './budget.css'

import type { PriceEstimate } from '@shared/pricing'
import type { TaskKind } from '@shared/tasks/states'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'

import { overBy, usd } from '../components/spendFormat'
import { useNavigationStore } from '../stores/navigation'
import { tightestUse, useSpendingStore } from '../stores/spending'
import { capScope } from './capScope'

/** Between "No budget set" and "Set one": a symbol, not a word. */
const SEPARATOR = '·'

/**
 * The budget next to a form's estimate: how much of the tightest cap for this form's kinds is
 * used and left, and a warning before sending when the estimate would go over it (main would
 * refuse). A cap already past (after "go over once") shows as over, in the danger colour, with
 * the amount over. With no cap it only offers to set one. Stays current through `spending:changed`.
 */
export function BudgetBadge({
  kinds,
  estimate,
}: {
  kinds: readonly TaskKind[]
  estimate: PriceEstimate | null
}) {
  const { t } = useTranslation('common')
  const budget = useSpendingStore((s) => s.budget)
  const watch = useSpendingStore((s) => s.watch)
  useEffect(() => watch(), [watch])

  const toSpending = () => {
    useSpendingStore.getState().requestBudgetFocus()
    useNavigationStore.getState().go('spending')
  }

  if (!budget) return null
  const use = tightestUse(budget, kinds)
  if (!use) {
    return (
      <div className="budget-badge" data-testid="budget-badge">
        <span>{t('budgetNone')}</span>
        {SEPARATOR}
        <button type="button" className="budget-link" onClick={toSpending}>
          {t('budgetSetOne')}
        </button>
      </div>
    )
  }
  const request = estimate?.kind === 'usd' ? estimate.usd : 0
  // Already past the cap (after "go over once"): that is the news, not the warning.
  const exceeded = overBy(use) > 0
  const over = !exceeded && request > 0 && request > use.remainingUsd + 1e-9
  const near = !exceeded && !over && use.fraction >= budget.budgets.warnAt
  return (
    <div
      className={`budget-badge${exceeded ? ' exceeded' : over ? ' over' : near ? ' near' : ''}`}
      data-testid="budget-badge"
    >
      <meter
        min={0}
        max={use.capUsd}
        value={Math.min(use.spentUsd, use.capUsd)}
        high={use.capUsd * budget.budgets.warnAt}
        optimum={0}
        aria-hidden="true"
      />
      <span data-testid="budget-badge-text">
        {exceeded ? (
          <strong data-testid="budget-badge-exceeded">
            {t('budgetOverLine', { over: usd(overBy(use)), scope: capScope(use.period, use.kind) })}
          </strong>
        ) : (
          t('budgetUse', {
            scope: capScope(use.period, use.kind),
            spent: usd(use.spentUsd),
            cap: usd(use.capUsd),
            left: usd(use.remainingUsd),
          })
        )}
      </span>
      {/* Always present, so the warning is announced when it appears. */}
      <span role="status">
        {over ? (
          <strong data-testid="budget-badge-over">
            {t('budgetWouldExceed', {
              scope: capScope(use.period, use.kind, use.project),
              project: use.project ?? '',
            })}
          </strong>
        ) : null}
      </span>
    </div>
  )
}
