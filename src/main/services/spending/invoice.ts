import { LEDGER_STATUSES, type LedgerEntryView, type LedgerStatus } from '@shared/spending/types'

import { csvField } from './csv'

/** The request lines' columns, in order. */
export const INVOICE_COLUMNS = [
  'date',
  'time',
  'kind',
  'model',
  'amount_usd',
  'basis',
  'status',
  'task_id',
] as const

/** What the header says about every amount: the app never knew an actual charge. */
export const INVOICE_BASIS_NOTE =
  'Amounts are estimates from the published price tables or workbench quotes the user accepted; ' +
  'the service publishes no actual charge. The total counts pending and settled requests; ' +
  'failed and never-sent requests are listed but not counted.'

export interface InvoiceInput {
  project: string | null
  from: string
  to: string
  /** ms since epoch. */
  generatedAt: number
  /** The project's requests in the range, oldest first. */
  rows: Iterable<LedgerEntryView>
}

const pad = (n: number): string => String(n).padStart(2, '0')
/** Local HH:MM:SS (the date column is the request's local day, as the Spending screen groups). */
const timeOf = (ms: number): string => {
  const d = new Date(ms)
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
}
const micros = (usd: number | null): number => (usd === null ? 0 : Math.round(usd * 1_000_000))
/** USD as a plain decimal a spreadsheet reads as a number: 2 to 6 decimals, no sign or comma. */
export const amountText = (m: number): string => (m / 1_000_000).toFixed(6).replace(/0{1,4}$/, '')

const line = (cells: ReadonlyArray<string | number | null>): string =>
  cells.map((c) => csvField(typeof c === 'number' ? String(c) : c)).join(',')

/**
 * An invoice-style CSV for one project and period (issue #29): a header block (project, period,
 * when it was made, currency, what the amounts are), one line per request, subtotals by status
 * and the total of what budgets count (pending + settled). RFC 4180 with CRLF line ends; every
 * text cell goes through `csvField`, so a model or project name that starts like a formula is
 * never run as one.
 */
export function invoiceCsvOf(input: InvoiceInput): { text: string; rows: number } {
  const lines = [
    line(['Invoice', 'Gen Studio spending by project']),
    line(['Project', input.project ?? 'No project']),
    line(['Period', `${input.from} to ${input.to}`]),
    line(['Generated at', new Date(input.generatedAt).toISOString()]),
    line(['Currency', 'USD']),
    line(['Basis', INVOICE_BASIS_NOTE]),
    '',
    INVOICE_COLUMNS.join(','),
  ]
  const byStatus = new Map<LedgerStatus, { m: number; n: number }>(
    LEDGER_STATUSES.map((s) => [s, { m: 0, n: 0 }]),
  )
  let rows = 0
  for (const r of input.rows) {
    rows++
    const sub = byStatus.get(r.status)!
    sub.m += micros(r.amountUsd)
    sub.n++
    lines.push(
      line([
        r.day,
        timeOf(r.createdAt),
        r.kind,
        r.model,
        r.amountUsd === null ? null : amountText(micros(r.amountUsd)),
        r.basis,
        r.status,
        r.taskId,
      ]),
    )
  }
  lines.push('', line(['Subtotal', 'status', 'requests', 'amount_usd']))
  for (const [status, sub] of byStatus)
    lines.push(line(['Subtotal', status, sub.n, amountText(sub.m)]))
  const settled = byStatus.get('settled')!
  const pending = byStatus.get('pending')!
  lines.push(
    line(['Total', 'pending + settled', settled.n + pending.n, amountText(settled.m + pending.m)]),
  )
  return { text: `${lines.join('\r\n')}\r\n`, rows }
}
