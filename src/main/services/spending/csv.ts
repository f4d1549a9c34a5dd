import type { LedgerEntryView } from '@shared/spending/types'

const HEADER = [
  'created',
  'day',
  'kind',
  'model',
  'amount_usd',
  'basis',
  'status',
  'batch_id',
  'task_id',
  'demo',
  'prompt',
]

/**
 * One CSV field: quoted when it holds a comma, quote or line break; a text that a spreadsheet
 * would run as a formula (= + - @, tab, CR at the start) gets a leading apostrophe.
 */
export function csvField(value: string | number | boolean | null): string {
  if (value === null) return ''
  let text = String(value)
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** The ledger rows as CSV (RFC 4180, CRLF line ends), with a header row. */
export function csvOf(rows: Iterable<LedgerEntryView & { demo: boolean }>): {
  text: string
  rows: number
} {
  const lines = [HEADER.join(',')]
  for (const r of rows) {
    lines.push(
      [
        new Date(r.createdAt).toISOString(),
        r.day,
        r.kind,
        r.model,
        r.amountUsd,
        r.basis,
        r.status,
        r.batchId,
        r.taskId,
        r.demo,
        r.prompt,
      ]
        .map(csvField)
        .join(','),
    )
  }
  return { text: `${lines.join('\r\n')}\r\n`, rows: lines.length - 1 }
}
