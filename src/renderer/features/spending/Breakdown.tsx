import type { SpendKind, SpendSummary, SpendTotals } from '@shared/spending/types'
import { useTranslation } from 'react-i18next'

import { formatNumber } from '../../i18n/format'
import { KIND_LABELS, totalsText } from './spendWords'

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
  const { t } = useTranslation('spending')
  const max = Math.max(0, ...rows.map((r) => r.usd))
  return (
    <table className="spend-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{showKind ? t('model') : t('kind')}</th>
          {showKind ? <th scope="col">{t('kind')}</th> : null}
          <th scope="col" className="num">
            {t('requests')}
          </th>
          <th scope="col" className="num">
            {t('estimatedSpend')}
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
              {showKind ? <td>{t(KIND_LABELS[r.kind])}</td> : null}
              <td className="num">{formatNumber(r.count)}</td>
              <td className={unpricedOnly ? 'num muted' : 'num'}>{totalsText(r)}</td>
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
  const { t } = useTranslation('spending')
  const byUsd = (a: Row, b: Row) =>
    b.usd - a.usd || b.count - a.count || a.name.localeCompare(b.name)
  const models: Row[] = summary.byModel
    .filter((m) => m.count > 0)
    .map((m) => ({ ...m, key: `${m.kind}:${m.model}`, name: m.model }))
    .sort(byUsd)
  const kinds: Row[] = summary.byKind
    .filter((k) => k.count > 0)
    .map((k) => ({ ...k, key: k.kind, name: t(KIND_LABELS[k.kind]) }))
    .sort(byUsd)
  return (
    <div className="spend-breakdown">
      <BreakdownTable caption={t('byModel')} rows={models} testId="model-row" showKind />
      <BreakdownTable caption={t('byKind')} rows={kinds} testId="kind-row" showKind={false} />
    </div>
  )
}
