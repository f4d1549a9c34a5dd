import type { KeptCost } from '@shared/spending/types'
import { useEffect, useState } from 'react'

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
      title={`${usd(cost.spentUsd)} settled for ${cost.model} over ${cost.days} days; ${cost.kept} kept (favourites).`}
    >
      {usd(cost.perKeptUsd)} per kept image ({cost.days} days)
    </div>
  )
}
