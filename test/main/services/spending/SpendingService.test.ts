/**
 * The Spending screen's service (spending/SpendingService.ts) with a fake ledger and gate: a
 * range's summary links its top requests to what they saved and prices a kept image from image
 * and art spend only; the CSV export writes what the ledger holds; ledger changes reach the
 * renderer coalesced; and each cap past the warning threshold is notified once per period.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { MainEvents } from '@main/events'
import type { SpendLedger } from '@main/services/journal/SpendLedger'
import { SpendingService } from '@main/services/spending/SpendingService'
import type { BudgetState, BudgetUse, SpendSummary } from '@shared/spending/types'
import { entry } from '@test/support/spendingFakes'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

const use = (over: Partial<BudgetUse>): BudgetUse => ({
  period: 'day',
  kind: null,
  capUsd: 10,
  spentUsd: 8,
  remainingUsd: 2,
  fraction: 0.8,
  ...over,
})

const stateWith = (uses: BudgetUse[], day = '2026-11-20'): BudgetState => ({
  budgets: { dailyUsd: 10, monthlyUsd: null, perKind: {}, warnAt: 0.8 },
  day,
  month: day.slice(0, 7),
  spentTodayUsd: 8,
  spentMonthUsd: 8,
  uses,
})

const summaryOf = (over: Partial<SpendSummary> = {}): SpendSummary =>
  ({
    from: '2026-11-01',
    to: '2026-11-20',
    includeDemo: false,
    total: {} as SpendSummary['total'],
    byDay: [],
    byModel: [],
    byKind: [
      { kind: 'image', usd: 1.5, n: 3 },
      { kind: 'art', usd: 0.5, n: 1 },
      { kind: 'video', usd: 9, n: 1 },
    ],
    byProject: [],
    top: [
      { id: 'a', taskId: 't1', libraryIds: [] },
      { id: 'b', taskId: null, libraryIds: [] },
    ],
    ...over,
  }) as unknown as SpendSummary

let dir: string
let events: MainEvents
let emitted: Array<{ event: string; payload: unknown }>
let notes: Array<{ title: string; body: string; taskId: string }>
let ledgerListener: () => void
let state: BudgetState | Error
let kept: number | Error
let asked: { summary?: unknown[]; rows?: unknown[]; kept?: unknown[] }
let spending: SpendingService

function service(changeIntervalMs = 200) {
  const ledger = {
    subscribe: (l: () => void) => {
      ledgerListener = l
      return () => (ledgerListener = () => {})
    },
    summary: (...args: unknown[]) => {
      asked.summary = args
      return summaryOf()
    },
    rows: (...args: unknown[]) => {
      asked.rows = args
      return [
        {
          ...entry({ id: 'r', amountUsd: 0.04, prompt: 'fox', day: '2026-11-20' }),
          createdAt: Date.UTC(2026, 10, 20, 9),
          demo: false,
        },
      ]
    },
  } as unknown as SpendLedger
  return new SpendingService({
    ledger,
    tasks: {
      results: (id) => (id === 't1' ? [{ index: 0, libraryId: 'lib-1', relPath: 'x' }] : []),
    },
    gate: { state: async () => (state instanceof Error ? Promise.reject(state) : state) },
    settings: {
      setBudgets: async (b) => b,
      setActiveProject: async (name) => ({ activeProject: name }) as never,
    },
    keptImages: async (...args) => {
      asked.kept = args
      if (kept instanceof Error) throw kept
      return kept
    },
    events,
    notifier: { notify: (m) => notes.push(m) },
    changeIntervalMs,
  })
}

beforeEach(() => {
  vi.useFakeTimers()
  dir = mkdtempSync(join(tmpdir(), 'gen-studio-spending-'))
  events = new MainEvents()
  emitted = []
  events.forward((event, payload) => emitted.push({ event, payload }))
  notes = []
  state = stateWith([])
  kept = 4
  asked = {}
  spending = service()
})

afterEach(() => {
  spending.close()
  vi.useRealTimers()
  rmSync(dir, { recursive: true, force: true })
})

const changes = () => emitted.filter((e) => e.event === 'spending:changed')

describe('the summary of a range', () => {
  it('links the top requests to what their task saved, and prices a kept image', async () => {
    const s = await spending.summary({ from: '2026-11-01', to: '2026-11-20' })
    expect(asked.summary).toEqual(['2026-11-01', '2026-11-20', false])
    expect(s.top.map((e) => e.libraryIds)).toEqual([['lib-1'], []])
    // Images and art only: 1.5 + 0.5 over 4 favourites.
    expect(s.kept).toEqual({ images: 4, imageUsd: 2, perKeptUsd: 0.5 })
    // From local midnight of the first day to local midnight after the last.
    expect(asked.kept).toEqual([new Date(2026, 10, 1).getTime(), new Date(2026, 10, 21).getTime()])
  })

  it('includes the demo only when asked with true', async () => {
    await spending.summary({ from: '2026-11-01', to: '2026-11-20', includeDemo: true })
    expect(asked.summary).toEqual(['2026-11-01', '2026-11-20', true])
  })

  it('shows no price per kept image when nothing was kept, or when the count fails', async () => {
    kept = 0
    expect((await spending.summary({ from: '2026-11-01', to: '2026-11-20' })).kept).toEqual({
      images: 0,
      imageUsd: 2,
      perKeptUsd: null,
    })
    kept = new Error('library closed')
    expect((await spending.summary({ from: '2026-11-01', to: '2026-11-20' })).kept.images).toBe(0)
  })
})

describe('the CSV export', () => {
  it('writes the range as CSV and answers how many rows', async () => {
    const path = join(dir, 'spend.csv')
    const out = await spending.exportCsv({ from: '2026-11-20', to: '2026-11-20' }, path)
    expect(out).toEqual({ path, rows: 1 })
    expect(asked.rows).toEqual(['2026-11-20', '2026-11-20', false])
    const text = readFileSync(path, 'utf8')
    expect(text.split('\r\n')[1]).toBe(
      '2026-11-20T09:00:00.000Z,2026-11-20,image,std-image-2,0.04,estimate,settled,,t1,false,fox',
    )
  })
})

describe('budgets and the active project', () => {
  it('saves the caps, then tells the renderer the new state', async () => {
    state = stateWith([use({})])
    const answer = await spending.setBudgets(state.budgets)
    expect(answer).toBe(state)
    expect(changes().map((e) => e.payload)).toEqual([state])
  })

  it('chooses the active project, then tells the renderer', async () => {
    const view = await spending.setActiveProject('Client X')
    expect(view).toEqual({ activeProject: 'Client X' })
    expect(changes()).toHaveLength(1)
  })
})

describe('ledger changes', () => {
  it('reach the renderer once per interval, however many rows changed', async () => {
    ledgerListener()
    ledgerListener()
    ledgerListener()
    await vi.advanceTimersByTimeAsync(199)
    expect(changes()).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(changes()).toHaveLength(1)
    ledgerListener()
    await vi.advanceTimersByTimeAsync(200)
    expect(changes()).toHaveLength(2)
  })

  it('use 200 ms unless told otherwise', async () => {
    spending.close()
    spending = service(1_000)
    ledgerListener()
    await vi.advanceTimersByTimeAsync(999)
    expect(changes()).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(changes()).toHaveLength(1)
  })

  it('stop after close, and nothing is sent when the state cannot be read', async () => {
    state = new Error('settings unreadable')
    ledgerListener()
    await vi.advanceTimersByTimeAsync(200)
    expect(changes()).toHaveLength(0)
    state = stateWith([])
    ledgerListener()
    spending.close()
    await vi.advanceTimersByTimeAsync(200)
    ledgerListener()
    await vi.advanceTimersByTimeAsync(200)
    expect(changes()).toHaveLength(0)
  })
})

describe('warnings', () => {
  const flush = async () => {
    ledgerListener()
    await vi.advanceTimersByTimeAsync(200)
  }

  it('notify a cap at the threshold once, with what is used and left', async () => {
    state = stateWith([use({ fraction: 0.8, spentUsd: 8, capUsd: 10, remainingUsd: 2 })])
    await flush()
    await flush()
    expect(notes).toEqual([
      {
        taskId: '',
        title: "80% of today's cap used",
        body: '$8.00 of $10.00 committed; $2.00 left.',
      },
    ])
  })

  it('stay quiet below the threshold', async () => {
    state = stateWith([use({ fraction: 0.79 })])
    await flush()
    expect(notes).toEqual([])
  })

  it('notify each cap on its own: a kind, a project and the month', async () => {
    state = stateWith([
      use({ fraction: 0.95 }),
      use({ kind: 'video', fraction: 0.9 }),
      use({ project: 'Client X', fraction: 1.2, spentUsd: 12, remainingUsd: 0 }),
      use({ period: 'month', fraction: 0.85 }),
    ])
    await flush()
    expect(notes.map((n) => n.title)).toEqual([
      "95% of today's cap used",
      "90% of today's video cap used",
      "120% of today's cap for project “Client X” used",
      "85% of this month's cap used",
    ])
  })

  it('notify again on a new day, not again the same day', async () => {
    state = stateWith([use({})], '2026-11-20')
    await flush()
    state = stateWith([use({ fraction: 0.9 })], '2026-11-20')
    await flush()
    state = stateWith([use({})], '2026-11-21')
    await flush()
    expect(notes).toHaveLength(2)
  })

  it('notify a month cap again in a new month only', async () => {
    state = stateWith([use({ period: 'month' })], '2026-11-20')
    await flush()
    state = stateWith([use({ period: 'month' })], '2026-11-21')
    await flush()
    state = stateWith([use({ period: 'month' })], '2026-12-01')
    await flush()
    expect(notes).toHaveLength(2)
  })
})

describe('the edges mutation testing found (issue #32)', () => {
  const flush = async () => {
    ledgerListener()
    await vi.advanceTimersByTimeAsync(200)
  }

  it('exports the demo rows too when asked with true', async () => {
    await spending.exportCsv(
      { from: '2026-11-20', to: '2026-11-20', includeDemo: true },
      join(dir, 'a.csv'),
    )
    expect(asked.rows).toEqual(['2026-11-20', '2026-11-20', true])
  })

  it('sends nothing after close, even when asked directly', async () => {
    spending.close()
    spending.changed()
    await vi.advanceTimersByTimeAsync(1_000)
    expect(changes()).toHaveLength(0)
  })

  it('warns once for each of two projects, and once for each of two kinds, past the threshold', async () => {
    state = stateWith([
      use({ project: 'A', fraction: 0.9 }),
      use({ project: 'B', fraction: 0.9 }),
      use({ kind: 'image', fraction: 0.9 }),
      use({ kind: 'video', fraction: 0.9 }),
    ])
    await flush()
    expect(notes).toHaveLength(4)
  })

  it('without a notifier, still tells the renderer and throws nothing', async () => {
    const quiet = new SpendingService({
      ledger: { subscribe: () => () => {} } as unknown as SpendLedger,
      tasks: { results: () => [] },
      gate: { state: async () => stateWith([use({ fraction: 0.95 })]) },
      settings: { setBudgets: async (b) => b, setActiveProject: async () => ({}) as never },
      keptImages: async () => 0,
      events,
    })
    const failures: unknown[] = []
    const onRejection = (e: unknown) => failures.push(e)
    process.on('unhandledRejection', onRejection)
    quiet.changed()
    await vi.advanceTimersByTimeAsync(200)
    await Promise.resolve()
    process.off('unhandledRejection', onRejection)
    quiet.close()
    expect(failures).toEqual([])
    expect(changes()).toHaveLength(1)
  })
})
