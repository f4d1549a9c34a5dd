import type { BatchRepeatView } from '@shared/batch/types'
import { Trans, useTranslation } from 'react-i18next'

import { openPaidResult } from '../../forms/RepeatNotice'
import { formatDateTime } from '../../i18n/format'
import { money } from './batchWords'

/** "X 30, repeat 1": where a request sits in the plan ("none" for an axis not used). */
const placeOf = (r: BatchRepeatView) => ({
  x: r.x ?? 'none',
  y: r.y ?? 'none',
  repeat: r.repeat,
})
const DATE_ONLY: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }

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
  const { t } = useTranslation('batch')
  if (repeats.length === 0) return null
  const paid = repeats.reduce((sum, r) => sum + (r.paid.amountUsd ?? 0), 0)
  return (
    <section className="batch-repeats" aria-label={t('repeatsLabel')} data-testid="batch-repeats">
      <p>
        <Trans
          t={t}
          i18nKey="repeatsIntro"
          values={{ count: repeats.length, amount: money(paid) }}
          components={{ b: <strong /> }}
        />
      </p>
      <ul>
        {repeats.slice(0, LISTED).map((r) => (
          <li key={r.index}>
            {t('repeatRow', {
              number: r.index + 1,
              ...placeOf(r),
              date: formatDateTime(r.paid.paidAt, DATE_ONLY),
            })}{' '}
            <button type="button" className="ghost" onClick={() => openPaidResult(r.paid)}>
              {t('openIt')}
            </button>
          </li>
        ))}
      </ul>
      <label className="checkbox">
        <input type="checkbox" checked={drop} onChange={(e) => onDrop(e.target.checked)} />
        {t('repeatsDrop')}
      </label>
    </section>
  )
}
