import { pricesAsOf } from '@shared/catalog'
import { describeEstimate, type PriceEstimate } from '@shared/pricing'

/**
 * The estimated USD cost, shown before anything is spent. "≈" and the word "approximate" appear
 * when the price tables do not cover the exact choice; the basis is spelt out under it so the user
 * can see how the figure was reached. The tooltip says how old the built-in prices are.
 */
export function CostBadge({ estimate }: { estimate: PriceEstimate | null }) {
  if (!estimate) {
    return (
      <div className="cost" data-testid="cost">
        <span className="cost-label">Estimated cost</span>
        <span className="cost-value muted">—</span>
      </div>
    )
  }
  const approximate = estimate.kind === 'usd' && estimate.approximate
  return (
    <div className="cost" data-testid="cost" aria-live="polite" title={capitalised(pricesAsOf())}>
      <span className="cost-label">Estimated cost</span>
      <span className="cost-value" data-testid="cost-value">
        {describeEstimate(estimate)}
      </span>
      {approximate ? <span className="badge cost-approx">approximate</span> : null}
      <span className="cost-basis">{estimate.basis}</span>
    </div>
  )
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)
