import type { SpendKind, SpendSummary, SpendTotals } from '@shared/spending/types'

import { SPEND_KIND_LABELS, totalsLabel } from '../../components/spendFormat'

interface Row extends SpendTotals {
  key: string
  name: string
  kind: SpendKind
}

/**
 * One breakdown table (by model or by kind) with a bar per row scaled to the largest amount.
 * Models with no published rate (text) show their count and "no published rate", never a figure.
 */
function BreakdownTable({
  caption,
  rows,
  testId,
  showKind,
}: {
  caption: string
  rows: Row[]
  testId: string
  showKind: boolean
}) {
  const max = Math.max(0, ...rows.map((r) => r.usd))
  return (
    <table className="spend-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{showKind ? 'Model' : 'Kind'}</th>
          {showKind ? <th scope="col">Kind</th> : null}
          <th scope="col" className="num">
            Requests
          </th>
          <th scope="col" className="num">
            Estimated spend
          </th>
          <th scope="col" aria-hidden="true" className="spend-bar-col" />
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => {
          const unpricedOnly = r.count > 0 && r.unpriced === r.count
          return (
            <tr key={r.key} data-testid={testId} data-name={r.name}>
              <th scope="row" className={showKind ? 'mono' : undefined}>
                {r.name}
              </th>
              {showKind ? <td>{SPEND_KIND_LABELS[r.kind]}</td> : null}
              <td className="num">{r.count}</td>
              <td className={unpricedOnly ? 'num muted' : 'num'}>{totalsLabel(r)}</td>
              <td aria-hidden="true" className="spend-bar-col">
                <span
                  className="spend-hbar"
                  style={{ width: max > 0 && !unpricedOnly ? `${(r.usd / max) * 100}%` : 0 }}
                />
              </td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}

/** Where the range's money went: by model (most first) and by kind. */
export function Breakdown({ summary }: { summary: SpendSummary }) {
  const byUsd = (a: Row, b: Row) =>
    b.usd - a.usd || b.count - a.count || a.name.localeCompare(b.name)
  const models: Row[] = summary.byModel
    .filter((m) => m.count > 0)
    .map((m) => ({ ...m, key: `${m.kind}:${m.model}`, name: m.model }))
    .sort(byUsd)
  const kinds: Row[] = summary.byKind
    .filter((k) => k.count > 0)
    .map((k) => ({ ...k, key: k.kind, name: SPEND_KIND_LABELS[k.kind] }))
    .sort(byUsd)
  return (
    <div className="spend-breakdown">
      <BreakdownTable caption="By model" rows={models} testId="model-row" showKind />
      <BreakdownTable caption="By kind" rows={kinds} testId="kind-row" showKind={false} />
    </div>
  )
}
