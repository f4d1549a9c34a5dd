import { describeEstimate, type PriceEstimate } from '@shared/pricing'
import { useTranslation } from 'react-i18next'

import { pricesDate } from './pricesDate'

/**
 * The estimated USD cost, shown before anything is spent. "≈" and the word "approximate" appear
 * when the price tables do not cover the exact choice; the basis is spelt out under it so the user
 * can see how the figure was reached. The tooltip says how old the built-in prices are.
 */
export function CostBadge({ estimate }: { estimate: PriceEstimate | null }) {
  const { t } = useTranslation('common')
  if (!estimate) {
    return (
      <div className="cost" data-testid="cost">
        <span className="cost-label">{t('costEstimated')}</span>
        <span className="cost-value muted">{NO_FIGURE}</span>
      </div>
    )
  }
  const approximate = estimate.kind === 'usd' && estimate.approximate
  return (
    <div
      className="cost"
      data-testid="cost"
      aria-live="polite"
      title={t('pricesAsOfTitle', { date: pricesDate() })}
    >
      <span className="cost-label">{t('costEstimated')}</span>
      <span className="cost-value" data-testid="cost-value">
        {describeEstimate(estimate)}
      </span>
      {approximate ? <span className="badge cost-approx">{t('costApproximate')}</span> : null}
      <span className="cost-basis">{estimate.basis}</span>
    </div>
  )
}

/** Shown in place of a figure before there is an estimate: a symbol, not a word. */
const NO_FIGURE = '—'
