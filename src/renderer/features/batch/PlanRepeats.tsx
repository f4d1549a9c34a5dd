import type { BatchRepeatView } from '@shared/batch/types'

import { usd } from '../../components/spendFormat'
import { openPaidResult } from '../../forms/RepeatNotice'

const where = (r: BatchRepeatView): string =>
  [r.x !== null && `X ${r.x}`, r.y !== null && `Y ${r.y}`, `repeat ${r.repeat}`]
    .filter(Boolean)
    .join(', ')

/** Most repeats listed by name; the count covers them all. */
const LISTED = 8

/**
 * The batch's requests that were already paid for, with their results in the library: listed
 * before the batch is priced, with the choice to leave them out (the price then excludes them).
 */
export function PlanRepeats({
  repeats,
  drop,
  onDrop,
}: {
  repeats: readonly BatchRepeatView[]
  drop: boolean
  onDrop(drop: boolean): void
}) {
  if (repeats.length === 0) return null
  const paid = repeats.reduce((sum, r) => sum + (r.paid.amountUsd ?? 0), 0)
  return (
    <section
      className="batch-repeats"
      aria-label="Requests already paid for"
      data-testid="batch-repeats"
    >
      <p>
        <strong>
          {repeats.length === 1
            ? '1 request of this batch was already paid for'
            : `${repeats.length} requests of this batch were already paid for`}
        </strong>{' '}
        ({usd(paid)}); their results are in the library.
      </p>
      <ul>
        {repeats.slice(0, LISTED).map((r) => (
          <li key={r.index}>
            Request {r.index + 1} ({where(r)}) —{' '}
            {new Date(r.paid.paidAt).toLocaleDateString(undefined, { dateStyle: 'medium' })}{' '}
            <button type="button" className="ghost" onClick={() => openPaidResult(r.paid)}>
              Open it
            </button>
          </li>
        ))}
      </ul>
      <label className="checkbox">
        <input type="checkbox" checked={drop} onChange={(e) => onDrop(e.target.checked)} />
        Leave them out (the batch is priced again without them)
      </label>
    </section>
  )
}
