import type { BatchPlanView } from '@shared/batch/types'
import { useTranslation } from 'react-i18next'

import { formatNumber } from '../../i18n/format'
import { humanDuration, refusalText, totalLabel } from './batchWords'

/** An empty cell: a symbol, not a word. */
const NONE = '—'
/** The row-number column's heading. */
const NUMBER_SIGN = '#'
/** Between list names (they are code: `__colours__`). */
const LIST_SEP = ', '

/** How many planned requests the confirmation lists; the rest are counted. */
export const PLAN_ROWS_SHOWN = 200

const excerpt = (text: string, max = 80) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text

/**
 * What a priced batch will do before anything is sent: how many requests, the estimated total
 * (an estimate from the published prices, "≈" when scaled; text models have no published rate),
 * how long it should take, whether it fits the budget (and if not, which cap, with the choice to
 * go over it for this batch only), and the requests themselves.
 */
export function PlanSummary({
  plan,
  override,
  onOverride,
}: {
  plan: BatchPlanView
  override: boolean
  onOverride(v: boolean): void
}) {
  const { t } = useTranslation('batch')
  const refusal = plan.budget.fits ? null : plan.budget.refusal
  const more = plan.count - Math.min(PLAN_ROWS_SHOWN, plan.requests.length)
  return (
    <section className="batch-plan" aria-label={t('planLabel')} data-testid="batch-plan">
      <dl className="facts">
        <dt>{t('requests')}</dt>
        <dd data-testid="batch-count">{formatNumber(plan.count)}</dd>
        <dt>{t('estimatedTotal')}</dt>
        <dd>
          <strong data-testid="batch-total">{totalLabel(plan)}</strong>{' '}
          <span className="muted">
            {plan.approximate ? t('totalNoteApproximate') : t('totalNote')}
          </span>
        </dd>
        <dt>{t('expectedTime')}</dt>
        <dd data-testid="batch-time">{humanDuration(plan.expectedSeconds)}</dd>
        <dt>{t('budget')}</dt>
        <dd data-testid="batch-budget">
          {plan.budget.fits ? t('fits') : refusal ? refusalText(refusal) : t('overCap')}
        </dd>
      </dl>
      {plan.missingLists.length > 0 ? (
        <p className="field-error" role="alert">
          {t('missingLists', {
            count: plan.missingLists.length,
            lists: plan.missingLists.map((n) => `__${n}__`).join(LIST_SEP),
          })}
        </p>
      ) : null}
      {!plan.budget.fits ? (
        <label className="batch-override">
          <input
            type="checkbox"
            checked={override}
            onChange={(e) => onOverride(e.target.checked)}
          />
          {t('override')}
        </label>
      ) : null}
      <div className="batch-plan-table">
        <table>
          <caption>{t('planTable')}</caption>
          <thead>
            <tr>
              <th scope="col">{NUMBER_SIGN}</th>
              <th scope="col">{t('columnX')}</th>
              <th scope="col">{t('columnY')}</th>
              <th scope="col">{t('repeat')}</th>
              <th scope="col">{t('prompt')}</th>
              <th scope="col">{t('seed')}</th>
              <th scope="col">{t('estimate')}</th>
            </tr>
          </thead>
          <tbody>
            {plan.requests.slice(0, PLAN_ROWS_SHOWN).map((r) => (
              <tr key={r.index}>
                <td>{r.index + 1}</td>
                <td>{r.x ?? NONE}</td>
                <td>{r.y ?? NONE}</td>
                <td>{r.repeat}</td>
                <td title={r.prompt}>{excerpt(r.prompt)}</td>
                <td className="mono">{r.seed ?? NONE}</td>
                <td>{r.estimateLabel}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {more > 0 ? <p className="muted">{t('moreRows', { count: more })}</p> : null}
      </div>
    </section>
  )
}
