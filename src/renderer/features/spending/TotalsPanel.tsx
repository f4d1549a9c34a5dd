import type { SpendSummary } from '@shared/spending/types'

import { NO_RATE, plural, usd } from '../../components/spendFormat'

/**
 * The range's totals. Worded as estimates on purpose: the service publishes prices but no
 * actual-charge figure, so the app only knows what it estimated or the quote the user accepted.
 */
export function TotalsPanel({ summary }: { summary: SpendSummary }) {
  const t = summary.total
  const kept = summary.kept
  return (
    <section className="panel spend-totals" aria-labelledby="spend-total-title">
      <h2 id="spend-total-title" className="spend-hidden">
        Totals
      </h2>
      <dl className="spend-figures">
        <div className="spend-figure main">
          <dt>Estimated spend</dt>
          <dd data-testid="spend-total">{usd(t.usd)}</dd>
        </div>
        <div className="spend-figure">
          <dt>Settled</dt>
          <dd data-testid="spend-settled">{usd(t.settledUsd)}</dd>
        </div>
        <div className="spend-figure">
          <dt>Pending</dt>
          <dd data-testid="spend-pending">{usd(t.pendingUsd)}</dd>
        </div>
        <div className="spend-figure">
          <dt>Requests</dt>
          <dd data-testid="spend-count">{t.count}</dd>
        </div>
        <div className="spend-figure">
          <dt>Failed</dt>
          <dd data-testid="spend-failed">{t.failed}</dd>
        </div>
      </dl>
      <p className="field-hint">
        Amounts are the app&apos;s estimates from the published prices, or the quote you accepted;
        the service publishes no actual-charge figure.
        {t.quotedUsd > 0 ? ` ${usd(t.quotedUsd)} of this is from accepted quotes.` : ''} Pending
        requests were sent and may still be charged; failed ones are not counted.
        {t.unpriced > 0 ? ` ${plural(t.unpriced, 'text request')} counted (${NO_RATE}).` : ''}
      </p>
      <p data-testid="spend-kept">
        {kept.perKeptUsd !== null && kept.images > 0 ? (
          <>
            <strong>{usd(kept.perKeptUsd)} per kept image</strong> ({kept.images} kept)
          </>
        ) : (
          <span className="muted">No images kept (favourited) in this range yet.</span>
        )}
        <span className="field-hint">
          {' '}
          Kept images are the ones you marked as favourites; images cost {usd(kept.imageUsd)} in
          this range.
        </span>
      </p>
    </section>
  )
}
