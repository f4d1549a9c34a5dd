import { csvField, csvOf } from '@main/services/spending/csv'
import type { LedgerEntryView } from '@shared/spending/types'
import { describe, expect, it } from 'vitest'

const HEADER = 'created,day,kind,model,amount_usd,basis,status,batch_id,task_id,demo,prompt'

const entry = (over: Partial<LedgerEntryView & { demo: boolean }> = {}) => ({
  id: 't1',
  taskId: 't1',
  batchId: null,
  kind: 'image' as const,
  model: 'std-image-2',
  amountUsd: 0.04,
  basis: 'estimate' as const,
  status: 'settled' as const,
  createdAt: Date.UTC(2025, 2, 12, 9, 30, 0),
  day: '2025-03-12',
  prompt: 'a lighthouse at dusk',
  libraryIds: [],
  demo: false,
  ...over,
})

describe('csvField', () => {
  it.each([
    ['plain', 'plain'],
    ['', ''],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['"', '""""'],
    ['line one\nline two', '"line one\nline two"'],
    ['cr\rlf', '"cr\rlf"'],
    ['crlf\r\nend', '"crlf\r\nend"'],
    // Formula guard: a spreadsheet would run these.
    ['=SUM(A1)', "'=SUM(A1)"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@x', "'@x"],
    ['\tcmd', "'\tcmd"],
    ['=1,2', `"'=1,2"`],
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    // Only at the start.
    ['a=b', 'a=b'],
    ['1+1', '1+1'],
    [' =x', ' =x'],
  ])('%j → %j', (value, out) => {
    expect(csvField(value)).toBe(out)
  })

  it.each([
    [null, ''],
    [0.04, '0.04'],
    [-0.5, '-0.5'],
    [0, '0'],
    [true, 'true'],
    [false, 'false'],
  ])('%j → %j (numbers are not guarded, null is empty)', (value, out) => {
    expect(csvField(value)).toBe(out)
  })
})

describe('csvOf', () => {
  it('is a header row and one CRLF-ended line per row', () => {
    const { text, rows } = csvOf([
      entry(),
      entry({
        id: 't2',
        taskId: 't2',
        batchId: 'b1',
        kind: 'video',
        model: 'motion-2.0',
        amountUsd: 0.9072,
        status: 'pending',
        demo: true,
        prompt: 'waves, at night',
        createdAt: Date.UTC(2025, 2, 13, 23, 5, 7),
        day: '2025-03-14',
      }),
      entry({
        id: 'm1',
        taskId: null,
        kind: 'text',
        model: 'chat-large',
        amountUsd: null,
        basis: 'none',
        prompt: '=cmd|"/c calc"!A1\nsecond line',
      }),
    ])
    expect(rows).toBe(3)
    expect(text).toBe(
      [
        HEADER,
        '2025-03-12T09:30:00.000Z,2025-03-12,image,std-image-2,0.04,estimate,settled,,t1,false,a lighthouse at dusk',
        '2025-03-13T23:05:07.000Z,2025-03-14,video,motion-2.0,0.9072,estimate,pending,b1,t2,true,"waves, at night"',
        `2025-03-12T09:30:00.000Z,2025-03-12,text,chat-large,,none,settled,,,false,"'=cmd|""/c calc""!A1\nsecond line"`,
        '',
      ].join('\r\n'),
    )
  })

  it('an empty range is the header alone', () => {
    expect(csvOf([])).toEqual({ text: `${HEADER}\r\n`, rows: 0 })
  })

  it('takes any iterable (the ledger’s generator), row by row', () => {
    function* gen() {
      for (let i = 0; i < 3; i++) yield entry({ id: `t${i}`, taskId: `t${i}` })
    }
    const { text, rows } = csvOf(gen())
    expect(rows).toBe(3)
    expect(text.split('\r\n')).toHaveLength(5)
    expect(text.endsWith('\r\n')).toBe(true)
    // No bare LF outside a quoted field.
    expect(text.replace(/\r\n/g, '')).not.toContain('\n')
  })
})
