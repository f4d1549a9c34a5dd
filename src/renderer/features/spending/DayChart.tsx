import type { SpendSummary } from '@shared/spending/types'

import { dayLabel, plural, usd } from '../../components/spendFormat'

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
  const days = summary.byDay
  const max = Math.max(0, ...days.map((d) => d.usd))
  const peak = days.find((d) => d.usd === max && max > 0)
  const slot = W / Math.max(1, days.length)
  const gap = slot > 6 ? Math.min(4, slot * 0.2) : 0
  // A bar is at most BAR_MAX wide, centred in its day's slot: one day is a bar, not a block.
  const bar = Math.max(0.5, Math.min(BAR_MAX, slot - gap))
  const label =
    `Estimated spend per day, ${dayLabel(summary.from, 'long')} to ${dayLabel(summary.to, 'long')}: ` +
    `${usd(summary.total.usd)} in total` +
    (peak ? `, highest ${usd(peak.usd)} on ${dayLabel(peak.day, 'long')}.` : '.')

  return (
    <figure className="spend-chart">
      <div className="spend-chart-scale" aria-hidden="true">
        <span>{usd(max)}</span>
        <span>$0</span>
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
              <title>{`${dayLabel(d.day, 'long')}: ${usd(d.usd)} estimated, ${plural(d.count, 'request')}`}</title>
            </rect>
          )
        })}
      </svg>
      <figcaption className="spend-chart-days" aria-hidden="true">
        <span>{dayLabel(summary.from)}</span>
        {summary.from !== summary.to ? <span>{dayLabel(summary.to)}</span> : null}
      </figcaption>
      <table className="spend-hidden">
        <caption>Estimated spend per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Estimated spend</th>
            <th scope="col">Requests</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <th scope="row">{dayLabel(d.day, 'long')}</th>
              <td>{usd(d.usd)}</td>
              <td>{d.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  )
}
