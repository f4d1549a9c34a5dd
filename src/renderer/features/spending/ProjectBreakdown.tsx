import type { SpendSummary } from '@shared/spending/types'
import { FileSpreadsheet } from 'lucide-react'

import { totalsLabel } from '../../components/spendFormat'
import { useSpendingStore } from '../../stores/spending'

/** What the table calls the requests made with no project active. */
export const NO_PROJECT = 'No project'

/**
 * The range's spend by project (the project active when each request was admitted), the largest
 * first, with "No project" for the rest; each row exports its invoice CSV for the range shown.
 */
export function ProjectBreakdown({ summary }: { summary: SpendSummary }) {
  const exporting = useSpendingStore((s) => s.exporting)
  const exportInvoice = useSpendingStore((s) => s.exportInvoice)
  const rows = summary.byProject.filter((p) => p.count > 0)
  if (rows.length === 0) return <p className="muted">No requests in this range.</p>
  return (
    <table className="spend-table" data-testid="project-table">
      <caption>By project</caption>
      <thead>
        <tr>
          <th scope="col">Project</th>
          <th scope="col" className="num">
            Requests
          </th>
          <th scope="col" className="num">
            Estimated spend
          </th>
          <th scope="col">
            <span className="spend-hidden">Invoice</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((p) => {
          const name = p.project ?? NO_PROJECT
          return (
            <tr key={p.project ?? '\u0000none'} data-testid="project-row" data-name={name}>
              <th scope="row" className={p.project === null ? 'muted' : undefined}>
                {name}
              </th>
              <td className="num">{p.count}</td>
              <td className="num">{totalsLabel(p)}</td>
              <td>
                <button
                  type="button"
                  className="ghost"
                  disabled={exporting}
                  aria-label={`Export invoice CSV for ${name}`}
                  onClick={() => void exportInvoice(p.project)}
                >
                  <FileSpreadsheet aria-hidden />
                  Invoice
                </button>
              </td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}
