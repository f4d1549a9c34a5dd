import { useTranslation } from 'react-i18next'

import { isCostSorted, monthStarts, useLibraryStore } from '../../stores/library'
import { formatCount, formatMonth } from './format'

/**
 * Months newest first with their counts; choosing one scrolls the grid to its first item. Hidden
 * in a cost order, where a month's items are spread over the whole grid.
 */
export function MonthScrubber() {
  const { t } = useTranslation('library')
  const months = useLibraryStore((s) => s.months)
  const visible = useLibraryStore((s) => s.visibleMonth)
  const scrollTo = useLibraryStore((s) => s.scrollTo)
  const costSorted = useLibraryStore((s) => isCostSorted(s.filter))
  if (months.length < 2 || costSorted) return null
  const starts = monthStarts(months)
  return (
    <nav className="lib-scrubber" aria-label={t('monthsNav')}>
      <ol>
        {months.map((m, i) => (
          <li key={m.month}>
            <button
              type="button"
              className={i === visible ? 'current' : undefined}
              aria-current={i === visible ? 'true' : undefined}
              aria-label={t('monthLabel', { month: formatMonth(m.month), count: m.count })}
              onClick={() => scrollTo(starts[i]!)}
            >
              <span>{formatMonth(m.month)}</span>
              <span className="muted">{formatCount(m.count)}</span>
            </button>
          </li>
        ))}
      </ol>
    </nav>
  )
}
