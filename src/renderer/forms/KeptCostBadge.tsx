import type { KeptCost } from '@shared/spending/types'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { costPerKept } from '../api/spending'
import { usd } from '../components/spendFormat'
import { useSpendingStore } from '../stores/spending'

/**
 * "$0.12 per kept image (30 days)" beside Generate, for the form's model (issue #29): what the
 * images the user actually kept (library favourites) cost, where the decision to spend is made.
 * Nothing when there is no figure (nothing kept or settled yet). Asks again whenever the ledger
 * moves (`spending:changed` refreshes the store's budget, which BudgetBadge keeps watched).
 */
export function KeptCostBadge({ model }: { model: string | undefined }) {
  const { t } = useTranslation('common')
  const budget = useSpendingStore((s) => s.budget)
  const [cost, setCost] = useState<KeptCost | null>(null)

  useEffect(() => {
    if (!model) return
    let live = true
    void costPerKept(model).then((r) => {
      if (live) setCost(r.ok ? r.value : null)
    })
    return () => {
      live = false
    }
  }, [model, budget])

  if (!model || !cost || cost.model !== model || cost.perKeptUsd === null) return null
  return (
    <div
      className="kept-cost muted"
      data-testid="kept-cost"
      title={t('keptCostTitle', {
        spent: usd(cost.spentUsd),
        model: cost.model,
        days: cost.days,
        kept: cost.kept,
      })}
    >
      {t('keptCost', { cost: usd(cost.perKeptUsd), days: cost.days })}
    </div>
  )
}
