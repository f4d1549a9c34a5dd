import type { SpendSummary } from '@shared/spending/types'
import { FileSpreadsheet } from 'lucide-react'
import { useTranslation } from 'react-i18next'

import { formatNumber } from '../../i18n/format'
import { useSpendingStore } from '../../stores/spending'
import { totalsText } from './spendWords'

/**
 * The range's spend by project (the project active when each request was admitted), the largest
 * first, with "No project" for the rest; each row exports its invoice CSV for the range shown.
 */
export function ProjectBreakdown({ summary }: { summary: SpendSummary }) {
  const { t } = useTranslation('spending')
  const exporting = useSpendingStore((s) => s.exporting)
  const exportInvoice = useSpendingStore((s) => s.exportInvoice)
  const rows = summary.byProject.filter((p) => p.count > 0)
  if (rows.length === 0) return <p className="muted">{t('noRequests')}</p>
  return (
    <table className="spend-table" data-testid="project-table">
      <caption>{t('byProject')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('project')}</th>
          <th scope="col" className="num">
            {t('requests')}
          </th>
          <th scope="col" className="num">
            {t('estimatedSpend')}
          </th>
          <th scope="col">
            <span className="spend-hidden">{t('invoice')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((p) => {
          const name = p.project ?? t('noProject')
          return (
            <tr key={p.project ?? '\u0000none'} data-testid="project-row" data-name={name}>
              <th scope="row" className={p.project === null ? 'muted' : undefined}>
                {name}
              </th>
              <td className="num">{formatNumber(p.count)}</td>
              <td className="num">{totalsText(p)}</td>
              <td>
                <button
                  type="button"
                  className="ghost"
                  disabled={exporting}
                  aria-label={t('invoiceExport', { project: name })}
                  onClick={() => void exportInvoice(p.project)}
                >
                  <FileSpreadsheet aria-hidden />
                  {t('invoice')}
                </button>
              </td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}
