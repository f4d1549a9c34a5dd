import type { BatchPlanView } from '@shared/batch/types'

import { humanDuration, refusalText, totalLabel } from './spec'

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
  const refusal = plan.budget.fits ? null : plan.budget.refusal
  const more = plan.count - Math.min(PLAN_ROWS_SHOWN, plan.requests.length)
  return (
    <section className="batch-plan" aria-label="Price of this batch" data-testid="batch-plan">
      <dl className="facts">
        <dt>Requests</dt>
        <dd data-testid="batch-count">{plan.count}</dd>
        <dt>Estimated total</dt>
        <dd>
          <strong data-testid="batch-total">{totalLabel(plan)}</strong>{' '}
          <span className="muted">
            {plan.approximate ? 'approximate, ' : ''}from the published prices; the service charges
            the actual amount
          </span>
        </dd>
        <dt>Expected time</dt>
        <dd data-testid="batch-time">{humanDuration(plan.expectedSeconds)}</dd>
        <dt>Budget</dt>
        <dd data-testid="batch-budget">
          {plan.budget.fits ? 'Fits your budget' : refusal ? refusalText(refusal) : 'Over a cap'}
        </dd>
      </dl>
      {plan.missingLists.length > 0 ? (
        <p className="field-error" role="alert">
          The prompt uses lists that do not exist:{' '}
          {plan.missingLists.map((n) => `__${n}__`).join(', ')}. Create them under Wildcard lists.
        </p>
      ) : null}
      {!plan.budget.fits ? (
        <label className="batch-override">
          <input
            type="checkbox"
            checked={override}
            onChange={(e) => onOverride(e.target.checked)}
          />
          Go over the cap for this batch
        </label>
      ) : null}
      <div className="batch-plan-table">
        <table>
          <caption>Requests in this batch</caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">X</th>
              <th scope="col">Y</th>
              <th scope="col">Repeat</th>
              <th scope="col">Prompt</th>
              <th scope="col">Seed</th>
              <th scope="col">Estimate</th>
            </tr>
          </thead>
          <tbody>
            {plan.requests.slice(0, PLAN_ROWS_SHOWN).map((r) => (
              <tr key={r.index}>
                <td>{r.index + 1}</td>
                <td>{r.x ?? '—'}</td>
                <td>{r.y ?? '—'}</td>
                <td>{r.repeat}</td>
                <td title={r.prompt}>{excerpt(r.prompt)}</td>
                <td className="mono">{r.seed ?? '—'}</td>
                <td>{r.estimateLabel}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {more > 0 ? <p className="muted">…and {more} more</p> : null}
      </div>
    </section>
  )
}
