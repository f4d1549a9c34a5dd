import type { SpendSummary } from '@shared/spending/types'
import { useTranslation } from 'react-i18next'

import { formatNumber } from '../../i18n/format'
import { dayText, longDay, money } from './spendWords'

const W = 700
const H = 160
/** Widest bar (viewBox units), so a range of one or a few days does not fill the chart. */
const BAR_MAX = 56

/**
 * Estimated spend per day as plain SVG bars (no chart library for a dozen rectangles). Screen
 * readers get the summary as the image's label and every day in a visually hidden table; a
 * pointer gets each bar's figures as its tooltip (`<title>`).
 */
export function DayChart({ summary }: { summary: SpendSummary }) {
  const { t } = useTranslation('spending')
  const days = summary.byDay
  const max = Math.max(0, ...days.map((d) => d.usd))
  const peak = days.find((d) => d.usd === max && max > 0)
  const slot = W / Math.max(1, days.length)
  const gap = slot > 6 ? Math.min(4, slot * 0.2) : 0
  // A bar is at most BAR_MAX wide, centred in its day's slot: one day is a bar, not a block.
  const bar = Math.max(0.5, Math.min(BAR_MAX, slot - gap))
  const range = {
    from: dayText(summary.from, 'long'),
    to: dayText(summary.to, 'long'),
    total: money(summary.total.usd),
  }
  const label = peak
    ? t('chartLabelPeak', { ...range, peak: money(peak.usd), peakDay: dayText(peak.day, 'long') })
    : t('chartLabel', range)

  return (
    <figure className="spend-chart">
      <div className="spend-chart-scale" aria-hidden="true">
        <span>{money(max)}</span>
        <span>{money(0)}</span>
      </div>
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${W} ${H}`}
        preserveAspectRatio="none"
        data-testid="day-chart"
      >
        <line className="spend-axis" x1={0} y1={H - 0.5} x2={W} y2={H - 0.5} />
        {days.map((d, i) => {
          const h = max > 0 ? Math.max(d.usd > 0 ? 2 : 0, (d.usd / max) * (H - 8)) : 0
          return (
            <rect
              key={d.day}
              className={d.day === summary.to ? 'spend-bar today' : 'spend-bar'}
              data-testid="day-bar"
              data-day={d.day}
              x={i * slot + (slot - bar) / 2}
              y={H - h}
              width={bar}
              height={h}
            >
              <title>
                {t('barTitle', {
                  day: dayText(d.day, 'long'),
                  amount: money(d.usd),
                  count: d.count,
                })}
              </title>
            </rect>
          )
        })}
      </svg>
      <figcaption className="spend-chart-days" aria-hidden="true">
        <span>{dayText(summary.from)}</span>
        {summary.from !== summary.to ? <span>{dayText(summary.to)}</span> : null}
      </figcaption>
      <table className="spend-hidden">
        <caption>{t('chartCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('day')}</th>
            <th scope="col">{t('estimatedSpend')}</th>
            <th scope="col">{t('requests')}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <th scope="row">{longDay(d.day)}</th>
              <td>{money(d.usd)}</td>
              <td>{formatNumber(d.count)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  )
}
