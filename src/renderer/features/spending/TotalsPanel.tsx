import type { SpendSummary } from '@shared/spending/types'
import { Trans, useTranslation } from 'react-i18next'

import { formatNumber } from '../../i18n/format'
import { money } from './spendWords'

/**
 * The range's totals. Worded as estimates on purpose: the service publishes prices but no
 * actual-charge figure, so the app only knows what it estimated or the quote the user accepted.
 */
export function TotalsPanel({ summary }: { summary: SpendSummary }) {
  const { t } = useTranslation('spending')
  const total = summary.total
  const kept = summary.kept
  return (
    <section className="panel spend-totals" aria-labelledby="spend-total-title">
      <h2 id="spend-total-title" className="spend-hidden">
        {t('totals')}
      </h2>
      <dl className="spend-figures">
        <div className="spend-figure main">
          <dt>{t('estimatedSpend')}</dt>
          <dd data-testid="spend-total">{money(total.usd)}</dd>
        </div>
        <div className="spend-figure">
          <dt>{t('settled')}</dt>
          <dd data-testid="spend-settled">{money(total.settledUsd)}</dd>
        </div>
        <div className="spend-figure">
          <dt>{t('pending')}</dt>
          <dd data-testid="spend-pending">{money(total.pendingUsd)}</dd>
        </div>
        <div className="spend-figure">
          <dt>{t('requests')}</dt>
          <dd data-testid="spend-count">{formatNumber(total.count)}</dd>
        </div>
        <div className="spend-figure">
          <dt>{t('failed')}</dt>
          <dd data-testid="spend-failed">{formatNumber(total.failed)}</dd>
        </div>
      </dl>
      <p className="field-hint">
        {t('totalsHint', {
          quoted: total.quotedUsd > 0 ? money(total.quotedUsd) : 'none',
          unpriced: total.unpriced,
        })}
      </p>
      <p data-testid="spend-kept">
        {kept.perKeptUsd !== null && kept.images > 0 ? (
          <>
            <Trans
              t={t}
              i18nKey="perKept"
              values={{ amount: money(kept.perKeptUsd), count: kept.images }}
              components={{ b: <strong /> }}
            />
          </>
        ) : (
          <span className="muted">{t('noneKept')}</span>
        )}
        <span className="field-hint"> {t('keptHint', { amount: money(kept.imageUsd) })}</span>
      </p>
    </section>
  )
}
