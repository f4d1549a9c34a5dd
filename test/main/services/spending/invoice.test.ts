import {
  amountText,
  INVOICE_BASIS_NOTE,
  INVOICE_COLUMNS,
  invoiceCsvOf,
} from '@main/services/spending/invoice'
import { entry } from '@test/support/spendingFakes'
import { describe, expect, it } from 'vitest'

/** Local HH:MM:SS of `ms`, as the invoice writes it (the expectation follows the machine's zone). */
const time = (ms: number) => {
  const d = new Date(ms)
  return [d.getHours(), d.getMinutes(), d.getSeconds()]
    .map((n) => String(n).padStart(2, '0'))
    .join(':')
}

const AT = new Date(2025, 2, 12, 9, 5, 7).getTime()
const GENERATED = Date.UTC(2025, 2, 31, 18, 0, 0)

describe('invoiceCsvOf', () => {
  it('writes the header block, one line per request, subtotals by status and the total', () => {
    const { text, rows } = invoiceCsvOf({
      project: 'Client X',
      from: '2025-03-01',
      to: '2025-03-31',
      generatedAt: GENERATED,
      rows: [
        entry({ taskId: 't1', createdAt: AT, amountUsd: 0.04, status: 'settled' }),
        entry({
          taskId: 't2',
          createdAt: AT + 60_000,
          kind: 'video',
          model: 'motion-2.0',
          amountUsd: 0.9072,
          status: 'pending',
        }),
        entry({ taskId: 't3', createdAt: AT + 120_000, amountUsd: 0.12, status: 'failed' }),
        entry({ taskId: 't4', createdAt: AT + 180_000, amountUsd: 0.01, status: 'void' }),
        entry({
          taskId: 't5',
          createdAt: AT + 240_000,
          kind: 'art',
          model: 'art-v4.5',
          amountUsd: 0.003,
          basis: 'quote',
          status: 'settled',
        }),
        entry({
          taskId: null,
          createdAt: AT + 300_000,
          kind: 'text',
          model: 'chat-large',
          amountUsd: null,
          basis: 'none',
          status: 'settled',
        }),
      ],
    })
    expect(rows).toBe(6)
    expect(text.endsWith('\r\n')).toBe(true)
    expect(text.split('\r\n')).toEqual([
      'Invoice,Gen Studio spending by project',
      'Project,Client X',
      'Period,2025-03-01 to 2025-03-31',
      'Generated at,2025-03-31T18:00:00.000Z',
      'Currency,USD',
      `Basis,${INVOICE_BASIS_NOTE}`,
      '',
      'date,time,kind,model,amount_usd,basis,status,task_id',
      `2025-03-12,${time(AT)},image,std-image-2,0.04,estimate,settled,t1`,
      `2025-03-12,${time(AT + 60_000)},video,motion-2.0,0.9072,estimate,pending,t2`,
      `2025-03-12,${time(AT + 120_000)},image,std-image-2,0.12,estimate,failed,t3`,
      `2025-03-12,${time(AT + 180_000)},image,std-image-2,0.01,estimate,void,t4`,
      `2025-03-12,${time(AT + 240_000)},art,art-v4.5,0.003,quote,settled,t5`,
      `2025-03-12,${time(AT + 300_000)},text,chat-large,,none,settled,`,
      '',
      'Subtotal,status,requests,amount_usd',
      'Subtotal,pending,1,0.9072',
      'Subtotal,settled,3,0.043',
      'Subtotal,failed,1,0.12',
      'Subtotal,void,1,0.01',
      'Total,pending + settled,4,0.9502',
      '',
    ])
    expect(INVOICE_COLUMNS.join(',')).toBe('date,time,kind,model,amount_usd,basis,status,task_id')
  })

  it('names "No project", and quotes and defuses cells a spreadsheet would misread', () => {
    const lines = invoiceCsvOf({
      project: null,
      from: '2025-03-12',
      to: '2025-03-12',
      generatedAt: GENERATED,
      rows: [entry({ taskId: 't1', createdAt: AT, model: '=HYPERLINK("x"),1' })],
    }).text.split('\r\n')
    expect(lines[1]).toBe('Project,No project')
    expect(lines[8]).toBe(
      `2025-03-12,${time(AT)},image,"'=HYPERLINK(""x""),1",0.04,estimate,settled,t1`,
    )
    const project = invoiceCsvOf({
      project: '@Client, "X"',
      from: '2025-03-12',
      to: '2025-03-12',
      generatedAt: GENERATED,
      rows: [],
    }).text.split('\r\n')
    expect(project[1]).toBe(`Project,"'@Client, ""X"""`)
    // No requests: every subtotal and the total are zero.
    expect(project.slice(-3)).toEqual([
      'Subtotal,void,0,0.00',
      'Total,pending + settled,0,0.00',
      '',
    ])
  })

  it('sums in micro-dollars (no float drift) and prints 2 to 6 decimals', () => {
    const many = Array.from({ length: 10 }, (_, i) =>
      entry({ taskId: `t${i}`, createdAt: AT + i, amountUsd: 0.1 }),
    )
    const text = invoiceCsvOf({
      project: 'P',
      from: '2025-03-12',
      to: '2025-03-12',
      generatedAt: GENERATED,
      rows: many,
    }).text
    expect(text).toContain('\r\nTotal,pending + settled,10,1.00\r\n')
    expect([amountText(0), amountText(1_000_000), amountText(3_400), amountText(1)]).toEqual([
      '0.00',
      '1.00',
      '0.0034',
      '0.000001',
    ])
  })
})
