import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { Journal } from '@main/services/journal/Journal'
import type { SpendLedger } from '@main/services/journal/SpendLedger'
import type { LedgerStatus } from '@shared/spending/types'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { openLedgerRow } from '../../../support/ledgerRows'

// A `*.zone.test.ts` file: vitest.config.ts starts its process in Pacific/Auckland (UTC+13 in
// March), far from UTC, so a day or month taken in UTC instead of local time shows: 00:30 on
// 1 April there is still 31 March in UTC. The zone is fixed when the process starts, whatever
// worker or order the file runs in; the first test below checks it.

let dir: string
let journal: Journal
let ledger: SpendLedger
let changes: number

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gen-studio-ledger-'))
  journal = new Journal(join(dir, 'tasks.sqlite'))
  changes = 0
  ledger = journal.ledger
  ledger.subscribe(() => changes++)
})

afterEach(() => {
  journal.close()
  rmSync(dir, { recursive: true, force: true })
})

/** Local time: `at(2025, 3, 12, 9)` is 09:00 on 12 March 2025 in the machine's time zone. */
const at = (y: number, month: number, d: number, h = 12, min = 0): number =>
  new Date(y, month - 1, d, h, min).getTime()

/** Opens a row (and optionally moves it to `status`), returning its id (the task's id by default). */
const row = (over: Parameters<typeof openLedgerRow>[1] = {}): string => openLedgerRow(ledger, over)

describe('summary', () => {
  it('groups a range of days by day, model and kind; days with nothing are zeros, oldest first', () => {
    // Outside the range on both sides: never counted.
    row({ createdAt: at(2025, 3, 9, 23, 59), amountUsd: 9 })
    row({ createdAt: at(2025, 3, 15, 0, 0), amountUsd: 9 })
    // 10th: two images, settled.
    row({ createdAt: at(2025, 3, 10, 0, 0), status: 'settled' })
    row({ createdAt: at(2025, 3, 10, 23, 59), status: 'settled' })
    // 12th: a pending video, a pending image of another model, a failed and a void image.
    row({
      createdAt: at(2025, 3, 12, 8),
      kind: 'video',
      taskKind: 'video',
      model: 'motion-2.0',
      amountUsd: 0.5,
    })
    row({ createdAt: at(2025, 3, 12, 9), model: 'std-image-3', amountUsd: 0.07 })
    row({ createdAt: at(2025, 3, 12, 10), amountUsd: 1, status: 'failed' })
    row({ createdAt: at(2025, 3, 12, 11), amountUsd: 2, status: 'void' })
    // 14th: an accepted workbench quote, settled.
    row({
      createdAt: at(2025, 3, 14, 18),
      kind: 'art',
      taskKind: 'workbench',
      model: 'art-v4.5',
      amountUsd: 0.003,
      basis: 'quote',
      status: 'settled',
    })

    const s = ledger.summary('2025-03-10', '2025-03-14', false)

    expect(s).toMatchObject({ from: '2025-03-10', to: '2025-03-14', includeDemo: false })
    expect(s.byDay).toEqual([
      { day: '2025-03-10', usd: 0.08, count: 2, unpriced: 0 },
      { day: '2025-03-11', usd: 0, count: 0, unpriced: 0 },
      { day: '2025-03-12', usd: 0.57, count: 2, unpriced: 0 },
      { day: '2025-03-13', usd: 0, count: 0, unpriced: 0 },
      { day: '2025-03-14', usd: 0.003, count: 1, unpriced: 0 },
    ])
    expect(s.byModel).toEqual([
      { model: 'motion-2.0', kind: 'video', usd: 0.5, count: 1, unpriced: 0 },
      { model: 'std-image-2', kind: 'image', usd: 0.08, count: 2, unpriced: 0 },
      { model: 'std-image-3', kind: 'image', usd: 0.07, count: 1, unpriced: 0 },
      { model: 'art-v4.5', kind: 'art', usd: 0.003, count: 1, unpriced: 0 },
    ])
    expect(s.byKind).toEqual([
      { kind: 'video', usd: 0.5, count: 1, unpriced: 0 },
      { kind: 'image', usd: 0.15, count: 3, unpriced: 0 },
      { kind: 'art', usd: 0.003, count: 1, unpriced: 0 },
    ])
    expect(s.total).toEqual({
      usd: 0.653,
      count: 5,
      unpriced: 0,
      settledUsd: 0.083,
      pendingUsd: 0.57,
      failed: 1,
      quotedUsd: 0.003,
    })
  })

  it.each([
    ['pending', true],
    ['settled', true],
    ['failed', false],
    ['void', false],
  ] as const)('a %s row counts towards usd and count: %s', (status, counts) => {
    row({ amountUsd: 0.25, status })
    const s = ledger.summary('2025-03-12', '2025-03-12', false)
    expect(s.total.usd).toBe(counts ? 0.25 : 0)
    expect(s.total.count).toBe(counts ? 1 : 0)
    expect(s.byDay[0]).toEqual({
      day: '2025-03-12',
      usd: counts ? 0.25 : 0,
      count: counts ? 1 : 0,
      unpriced: 0,
    })
    expect(s.byKind).toHaveLength(counts ? 1 : 0)
    expect(s.byModel).toHaveLength(counts ? 1 : 0)
    expect(s.top).toHaveLength(counts ? 1 : 0)
    expect(s.total.failed).toBe(status === 'failed' ? 1 : 0)
    expect(s.total.settledUsd).toBe(status === 'settled' ? 0.25 : 0)
    expect(s.total.pendingUsd).toBe(status === 'pending' ? 0.25 : 0)
  })

  it('leaves the demo’s rows out unless asked for them', () => {
    row({ amountUsd: 0.1 })
    row({ amountUsd: 0.2, demo: true, model: 'demo-model' })
    row({ amountUsd: 0.4, demo: true, model: 'demo-model', status: 'failed' })

    const real = ledger.summary('2025-03-12', '2025-03-12', false)
    expect(real.total).toMatchObject({ usd: 0.1, count: 1, failed: 0 })
    expect(real.byModel.map((m) => m.model)).toEqual(['std-image-2'])
    expect(real.top.map((t) => t.amountUsd)).toEqual([0.1])

    const all = ledger.summary('2025-03-12', '2025-03-12', true)
    expect(all.includeDemo).toBe(true)
    expect(all.total).toMatchObject({ usd: 0.3, count: 2, failed: 1 })
    expect(all.byModel.map((m) => m.model)).toEqual(['demo-model', 'std-image-2'])
    expect(all.top.map((t) => t.amountUsd)).toEqual([0.2, 0.1])
  })

  it('gives the same totals over short and long ranges, with and without the demo, as a tally of the rows', () => {
    // 120 days of rows over three kinds, four models, every status, real and demo: ranges of
    // 59 days and more than 60 read their groups by different indexes (GROUPS_BY_INDEX_FROM).
    const kinds = [
      { kind: 'image', model: 'std-image-2' },
      { kind: 'image', model: 'pro-image-1' },
      { kind: 'video', model: 'motion-2.0' },
      { kind: 'art', model: 'art-v4.5' },
    ] as const
    const statuses: LedgerStatus[] = ['pending', 'settled', 'failed', 'void']
    const made: Array<{
      day: number
      demo: boolean
      status: LedgerStatus
      kind: string
      model: string
      usd: number
    }> = []
    for (let i = 0; i < 600; i++) {
      const day = (i * 7) % 120
      const { kind, model } = kinds[i % kinds.length]!
      const status = statuses[(i >> 2) % statuses.length]!
      const demo = i % 5 === 0
      const usd = ((i % 9) + 1) / 100
      row({ createdAt: at(2025, 1, 1 + day), kind, model, status, demo, amountUsd: usd })
      made.push({ day, demo, status, kind, model, usd })
    }
    const dayKey = (d: number) => {
      const t = new Date(2025, 0, 1 + d)
      return `${t.getFullYear()}-${String(t.getMonth() + 1).padStart(2, '0')}-${String(t.getDate()).padStart(2, '0')}`
    }
    for (const [first, last] of [
      [10, 68],
      [0, 119],
      [30, 95],
    ] as const)
      for (const includeDemo of [false, true]) {
        const inRange = made.filter(
          (m) =>
            m.day >= first &&
            m.day <= last &&
            (includeDemo || !m.demo) &&
            (m.status === 'pending' || m.status === 'settled'),
        )
        const cents = (rows: typeof made) => rows.reduce((n, m) => n + Math.round(m.usd * 100), 0)
        const summary = ledger.summary(dayKey(first), dayKey(last), includeDemo)
        expect(summary.total.count).toBe(inRange.length)
        expect(Math.round(summary.total.usd * 100)).toBe(cents(inRange))
        expect(summary.total.failed).toBe(
          made.filter(
            (m) =>
              m.day >= first && m.day <= last && (includeDemo || !m.demo) && m.status === 'failed',
          ).length,
        )
        const byModel = Object.fromEntries(
          summary.byModel.map((m) => [m.model, [m.count, Math.round(m.usd * 100)]]),
        )
        expect(byModel).toEqual(
          Object.fromEntries(
            kinds.map(({ model }) => {
              const rows = inRange.filter((m) => m.model === model)
              return [model, [rows.length, cents(rows)]]
            }),
          ),
        )
        expect(Object.fromEntries(summary.byKind.map((k) => [k.kind, k.count]))).toEqual({
          image: inRange.filter((m) => m.kind === 'image').length,
          video: inRange.filter((m) => m.kind === 'video').length,
          art: inRange.filter((m) => m.kind === 'art').length,
        })
        expect(summary.byDay).toHaveLength(last - first + 1)
        for (const d of summary.byDay) {
          const rows = inRange.filter((m) => dayKey(m.day) === d.day)
          expect([d.count, Math.round(d.usd * 100)]).toEqual([rows.length, cents(rows)])
        }
      }
  })

  it('counts text replies (no published rate) in count and unpriced, never in usd or top', () => {
    row({ amountUsd: 0.04 })
    for (let i = 0; i < 3; i++)
      row({
        kind: 'text',
        taskKind: 'text',
        taskId: null,
        id: `chat-${i}`,
        model: 'chat-large',
        amountUsd: null,
        basis: 'none',
      })

    const s = ledger.summary('2025-03-12', '2025-03-12', false)
    expect(s.total).toMatchObject({ usd: 0.04, count: 4, unpriced: 3 })
    expect(s.byDay).toEqual([{ day: '2025-03-12', usd: 0.04, count: 4, unpriced: 3 }])
    expect(s.byKind).toEqual([
      { kind: 'image', usd: 0.04, count: 1, unpriced: 0 },
      { kind: 'text', usd: 0, count: 3, unpriced: 3 },
    ])
    expect(s.byModel).toContainEqual({
      model: 'chat-large',
      kind: 'text',
      usd: 0,
      count: 3,
      unpriced: 3,
    })
    expect(s.top.map((t) => t.kind)).toEqual(['image'])
    // Text is not a budget kind: it adds nothing to committed amounts.
    expect(ledger.committed('day', at(2025, 3, 12))).toEqual({
      total: 0.04,
      byKind: { image: 0.04, video: 0, art: 0 },
    })
  })

  it('lists the ten most expensive committed requests, highest first, newest first on a tie', () => {
    const amounts = [0.3, 0.01, 0.12, 0.5, 0.07, 0.2, 0.09, 0.15, 0.4, 0.02, 0.11, 0.6]
    amounts.forEach((amountUsd, i) => row({ amountUsd, createdAt: at(2025, 3, 12, 8, i) }))
    row({ amountUsd: 5, status: 'failed' })
    row({ amountUsd: 4, status: 'void' })
    const tieOld = row({ amountUsd: 0.3, createdAt: at(2025, 3, 12, 7) })
    const tieNew = row({ amountUsd: 0.3, createdAt: at(2025, 3, 12, 9) })

    const top = ledger.summary('2025-03-12', '2025-03-12', false).top
    expect(top).toHaveLength(10)
    expect(top.map((t) => t.amountUsd)).toEqual([
      0.6, 0.5, 0.4, 0.3, 0.3, 0.3, 0.2, 0.15, 0.12, 0.11,
    ])
    const ties = top.filter((t) => t.amountUsd === 0.3).map((t) => t.taskId)
    expect(ties[0]).toBe(tieNew)
    expect(ties[2]).toBe(tieOld)
    expect(top[0]).toMatchObject({
      kind: 'image',
      model: 'std-image-2',
      basis: 'estimate',
      status: 'pending',
      day: '2025-03-12',
      libraryIds: [],
    })
  })

  it('adds amounts exactly, in micro-dollars (3 × 0.1 is 0.3, not 0.30000000000000004)', () => {
    for (let i = 0; i < 3; i++) row({ amountUsd: 0.1 })
    row({ amountUsd: 0.2, kind: 'video', taskKind: 'video', model: 'motion-2.0' })
    row({ amountUsd: 0.1, kind: 'video', taskKind: 'video', model: 'motion-2.0' })
    for (let i = 0; i < 10; i++) row({ amountUsd: 0.001, model: 'tiny', status: 'settled' })

    const s = ledger.summary('2025-03-12', '2025-03-12', false)
    expect(s.byModel.find((m) => m.model === 'std-image-2')!.usd).toBe(0.3)
    expect(s.byModel.find((m) => m.model === 'motion-2.0')!.usd).toBe(0.3)
    expect(s.byModel.find((m) => m.model === 'tiny')!.usd).toBe(0.01)
    expect(s.byKind.find((k) => k.kind === 'image')!.usd).toBe(0.31)
    expect(s.total.usd).toBe(0.61)
    expect(s.total.pendingUsd).toBe(0.6)
    expect(s.total.settledUsd).toBe(0.01)
    expect(s.byDay[0]!.usd).toBe(0.61)

    const c = ledger.committed('day', at(2025, 3, 12))
    expect(c).toEqual({ total: 0.61, byKind: { image: 0.31, video: 0.3, art: 0 } })
  })

  it('is empty (every day zero) for a range with no rows', () => {
    const s = ledger.summary('2025-02-27', '2025-03-02', true)
    expect(s.byDay.map((d) => d.day)).toEqual([
      '2025-02-27',
      '2025-02-28',
      '2025-03-01',
      '2025-03-02',
    ])
    expect(s.byDay.every((d) => d.usd === 0 && d.count === 0)).toBe(true)
    expect(s.total).toEqual({
      usd: 0,
      count: 0,
      unpriced: 0,
      settledUsd: 0,
      pendingUsd: 0,
      failed: 0,
      quotedUsd: 0,
    })
    expect([s.byModel, s.byKind, s.top]).toEqual([[], [], []])
  })
})

describe('committed', () => {
  // Around the end of March: the day and the month both turn over at local midnight.
  beforeEach(() => {
    row({ createdAt: at(2025, 3, 1, 0, 0), amountUsd: 0.01, status: 'settled' })
    row({ createdAt: at(2025, 3, 31, 23, 59), amountUsd: 0.02 })
    row({
      createdAt: at(2025, 3, 31, 22),
      amountUsd: 0.04,
      kind: 'video',
      taskKind: 'video',
      status: 'settled',
    })
    row({ createdAt: at(2025, 4, 1, 0, 0), amountUsd: 0.1 })
    row({ createdAt: at(2025, 4, 1, 0, 30), amountUsd: 0.2, kind: 'art', taskKind: 'native' })
    // Never counted: failed, void, demo.
    row({ createdAt: at(2025, 3, 31, 12), amountUsd: 7, status: 'failed' })
    row({ createdAt: at(2025, 4, 1, 12), amountUsd: 7, status: 'void' })
    row({ createdAt: at(2025, 4, 1, 12), amountUsd: 7, demo: true })
    row({ createdAt: at(2025, 3, 31, 12), amountUsd: 7, demo: true, status: 'settled' })
  })

  it.each([
    ['day', at(2025, 3, 31, 0, 0), 0.06, { image: 0.02, video: 0.04, art: 0 }],
    ['day', at(2025, 3, 31, 23, 59), 0.06, { image: 0.02, video: 0.04, art: 0 }],
    ['day', at(2025, 4, 1, 0, 0), 0.3, { image: 0.1, video: 0, art: 0.2 }],
    ['day', at(2025, 4, 1, 23, 59), 0.3, { image: 0.1, video: 0, art: 0.2 }],
    ['day', at(2025, 4, 2, 0, 0), 0, { image: 0, video: 0, art: 0 }],
    ['day', at(2025, 3, 1, 0, 0), 0.01, { image: 0.01, video: 0, art: 0 }],
    ['day', at(2025, 2, 28, 23, 59), 0, { image: 0, video: 0, art: 0 }],
    ['month', at(2025, 3, 1, 0, 0), 0.07, { image: 0.03, video: 0.04, art: 0 }],
    ['month', at(2025, 3, 31, 23, 59), 0.07, { image: 0.03, video: 0.04, art: 0 }],
    ['month', at(2025, 4, 1, 0, 0), 0.3, { image: 0.1, video: 0, art: 0.2 }],
    ['month', at(2025, 4, 30, 23, 59), 0.3, { image: 0.1, video: 0, art: 0.2 }],
    ['month', at(2025, 5, 1, 0, 0), 0, { image: 0, video: 0, art: 0 }],
  ] as const)('%s containing %d: %d', (period, now, total, byKind) => {
    expect(ledger.committed(period, now)).toEqual({ total, byKind })
  })

  it('runs in a zone where the local and the UTC day differ (else the table proves less)', () => {
    expect(new Date(at(2025, 4, 1, 0, 30)).toISOString()).toBe('2025-03-31T11:30:00.000Z')
  })

  it('follows status changes: a failed row stops counting, a settled one keeps counting and never moves again', () => {
    const a = row({ createdAt: at(2025, 4, 1, 13), amountUsd: 0.5 })
    const b = row({ createdAt: at(2025, 4, 1, 13), amountUsd: 0.25 })
    const now = at(2025, 4, 1, 14)
    expect(ledger.committed('day', now).total).toBe(1.05)
    ledger.setStatus(a, 'failed', now)
    expect(ledger.committed('day', now).total).toBe(0.55)
    ledger.setStatus(b, 'settled', now)
    expect(ledger.committed('day', now).total).toBe(0.55)
    // An ended request never changes again (only pending rows move).
    ledger.setStatus(b, 'void', now)
    ledger.setStatus(a, 'settled', now)
    expect(ledger.committed('day', now).total).toBe(0.55)
    expect(ledger.forTask(b)!.status).toBe('settled')
    expect(ledger.forTask(a)!.status).toBe('failed')
  })
})

describe('writes', () => {
  it('open twice for the same task changes nothing', () => {
    const id = row({ id: 'first', taskId: 'T', amountUsd: 0.04, prompt: 'first' })
    ledger.setStatus(id, 'settled', at(2025, 3, 12, 13))
    row({
      id: 'second',
      taskId: 'T',
      amountUsd: 9,
      prompt: 'second',
      createdAt: at(2025, 3, 13),
    })
    row({ id: 'first', taskId: 'other', amountUsd: 9, prompt: 'third' })
    expect(ledger.count()).toBe(1)
    expect(ledger.forTask('T')).toMatchObject({
      id: 'first',
      amountUsd: 0.04,
      status: 'settled',
      prompt: 'first',
      day: '2025-03-12',
    })
    expect(ledger.forTask('other')).toBeNull()
  })

  it.each([
    ['pending', 0.0045, 'quote'],
    ['settled', 0.003, 'estimate'],
    ['failed', 0.003, 'estimate'],
    ['void', 0.003, 'estimate'],
  ] as const)('setQuote on a %s row leaves amount %d with basis %s', (status, amount, basis) => {
    const id = row({ amountUsd: 0.003, kind: 'art', taskKind: 'workbench', status })
    const before = changes
    ledger.setQuote(id, 0.0045)
    expect(ledger.forTask(id)).toMatchObject({ amountUsd: amount, basis, status })
    expect(changes - before).toBe(status === 'pending' ? 1 : 0)
  })

  it('setStatus to the same status again is not a change', () => {
    const id = row()
    const before = changes
    ledger.setStatus(id, 'settled', 1)
    ledger.setStatus(id, 'settled', 2)
    ledger.setStatus('no-such-task', 'settled', 3)
    expect(changes - before).toBe(1)
  })

  it('keeps the prompt to 120 characters and the day/month in local time', () => {
    const id = row({ prompt: 'x'.repeat(500), createdAt: at(2025, 12, 31, 23, 59) })
    const r = ledger.forTask(id)!
    expect(r.prompt).toHaveLength(120)
    expect(r.day).toBe('2025-12-31')
    expect(ledger.committed('month', at(2025, 12, 1)).total).toBe(0.04)
    expect(ledger.committed('month', at(2026, 1, 1)).total).toBe(0)
  })

  it('rows() yields a range oldest first, with the demo flag, demo only when asked', () => {
    row({ taskId: 'late', createdAt: at(2025, 3, 12, 18) })
    row({ taskId: 'early', createdAt: at(2025, 3, 11, 6) })
    row({ taskId: 'demo', createdAt: at(2025, 3, 11, 9), demo: true })
    row({ taskId: 'outside', createdAt: at(2025, 3, 13, 0) })
    expect([...ledger.rows('2025-03-11', '2025-03-12', false)].map((r) => r.taskId)).toEqual([
      'early',
      'late',
    ])
    const all = [...ledger.rows('2025-03-11', '2025-03-12', true)]
    expect(all.map((r) => [r.taskId, r.demo])).toEqual([
      ['early', false],
      ['demo', true],
      ['late', false],
    ])
  })
})

describe('by project', () => {
  it('sums the range by project, the rest as "no project": committed, real unless asked', () => {
    // In the range (local days 10 to 12 March).
    row({ project: 'Client X', amountUsd: 0.04, status: 'settled' })
    row({ project: 'Client X', amountUsd: 0.5 }) // pending
    row({ project: 'Client X', amountUsd: 9, status: 'failed' })
    row({ project: 'Client X', amountUsd: 9, status: 'void' })
    row({ project: 'Client X', kind: 'text', taskKind: 'text', model: 'chat', amountUsd: null })
    row({ project: 'Beta', amountUsd: 0.25, createdAt: at(2025, 3, 10, 0, 0) })
    row({ project: null, amountUsd: 0.1, status: 'settled' })
    row({ project: null, amountUsd: 0.2, createdAt: at(2025, 3, 11, 23, 59) })
    row({ project: 'Demo only', amountUsd: 1, demo: true })
    row({ project: null, amountUsd: 2, demo: true })
    // Outside the range on both sides.
    row({ project: 'Client X', amountUsd: 5, createdAt: at(2025, 3, 9, 23, 59) })
    row({ project: 'Late', amountUsd: 5, createdAt: at(2025, 3, 13, 0, 0) })

    expect(ledger.summary('2025-03-10', '2025-03-12', false).byProject).toEqual([
      { project: 'Client X', usd: 0.54, count: 3, unpriced: 1 },
      { project: null, usd: 0.3, count: 2, unpriced: 0 },
      { project: 'Beta', usd: 0.25, count: 1, unpriced: 0 },
    ])
    expect(ledger.summary('2025-03-10', '2025-03-12', true).byProject).toEqual([
      { project: null, usd: 2.3, count: 3, unpriced: 0 },
      { project: 'Demo only', usd: 1, count: 1, unpriced: 0 },
      { project: 'Client X', usd: 0.54, count: 3, unpriced: 1 },
      { project: 'Beta', usd: 0.25, count: 1, unpriced: 0 },
    ])
    // The groups add up to the range's total.
    const s = ledger.summary('2025-03-10', '2025-03-12', false)
    expect(s.byProject.reduce((n, p) => n + p.count, 0)).toBe(s.total.count)
    expect(Math.round(s.byProject.reduce((n, p) => n + p.usd, 0) * 1e6)).toBe(
      Math.round(s.total.usd * 1e6),
    )
    // A day with requests in projects only: no "no project" line.
    expect(ledger.summary('2025-03-13', '2025-03-13', false).byProject).toEqual([
      { project: 'Late', usd: 5, count: 1, unpriced: 0 },
    ])
    expect(ledger.summary('2025-04-01', '2025-04-30', false).byProject).toEqual([])
  })

  it('lists one project’s rows of a range for its invoice, oldest first, real activity only', () => {
    const b = row({ project: 'Client X', createdAt: at(2025, 3, 12, 10) })
    const a = row({ project: 'Client X', createdAt: at(2025, 3, 11, 10), status: 'failed' })
    row({ project: 'Client X', createdAt: at(2025, 3, 12, 11), demo: true })
    row({ project: 'Client X', createdAt: at(2025, 3, 13, 0, 0) })
    row({ project: 'Other', createdAt: at(2025, 3, 12, 9) })
    const none = row({ project: null, createdAt: at(2025, 3, 12, 8) })
    const ids = (p: string | null) =>
      [...ledger.projects.rows('2025-03-11', '2025-03-12', p)].map((r) => r.id)
    expect(ids('Client X')).toEqual([a, b])
    expect(ids(null)).toEqual([none])
    expect(ids('Nobody')).toEqual([])
    expect([...ledger.projects.rows('2025-03-11', '2025-03-12', 'Client X')][0]).toMatchObject({
      status: 'failed',
      day: '2025-03-11',
    })
  })

  it('sums a project’s committed spend for the day and the local month (its caps)', () => {
    row({ project: 'P', amountUsd: 1, createdAt: at(2025, 3, 31, 23, 59) })
    row({ project: 'P', amountUsd: 2, createdAt: at(2025, 4, 1, 0, 0) })
    row({ project: 'P', amountUsd: 4, createdAt: at(2025, 4, 30, 23, 59), status: 'settled' })
    row({ project: 'P', amountUsd: 8, createdAt: at(2025, 4, 2), status: 'failed' })
    row({ project: 'P', amountUsd: 16, createdAt: at(2025, 4, 2), demo: true })
    row({ project: 'Q', amountUsd: 32, createdAt: at(2025, 4, 2) })
    expect(ledger.projects.committed('P', 'day', at(2025, 4, 1, 12))).toBe(2)
    expect(ledger.projects.committed('P', 'month', at(2025, 4, 15))).toBe(6)
    expect(ledger.projects.committed('P', 'month', at(2025, 3, 15))).toBe(1)
    expect(ledger.projects.committed('Q', 'month', at(2025, 4, 15))).toBe(32)
  })
})

describe('by project: past days read once', () => {
  it('follows every change of a past day after the sums were read (fail, void, quote, late row)', () => {
    const a = row({ project: 'P', amountUsd: 1 })
    const b = row({ project: 'P', amountUsd: 2 })
    const c = row({ project: 'P', amountUsd: 4, kind: 'art', taskKind: 'workbench' })
    const sums = () =>
      ledger
        .summary('2025-03-01', '2025-03-31', false)
        .byProject.map((p) => [p.project, p.usd, p.count])
    expect(sums()).toEqual([['P', 7, 3]])
    ledger.setStatus(a, 'settled', at(2025, 3, 12, 13))
    expect(sums()).toEqual([['P', 7, 3]])
    ledger.setStatus(a, 'failed', at(2025, 3, 12, 13)) // settled stays settled
    expect(sums()).toEqual([['P', 7, 3]])
    ledger.setStatus(b, 'void', at(2025, 3, 12, 13))
    expect(sums()).toEqual([['P', 5, 2]])
    ledger.setQuote(c, 0.5)
    expect(sums()).toEqual([['P', 1.5, 2]])
    row({ project: 'Q', amountUsd: 3, createdAt: at(2025, 3, 5) })
    expect(sums()).toEqual([
      ['Q', 3, 1],
      ['P', 1.5, 2],
    ])
    // The same answers as reading the ledger afresh (a new day: nothing kept).
    expect(
      ledger.projects
        .totals('2025-03-01', '2025-03-31', [0], '2025-04-02')
        .map((t) => [t.project, t.m / 1e6, t.n])
        .sort(),
    ).toEqual([
      ['P', 1.5, 2],
      ['Q', 3, 1],
    ])
  })

  it('reads today live: rows of today are counted as they come', () => {
    const today = new Date()
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`
    const sums = () => ledger.projects.totals(day, day, [0]).map((t) => [t.project, t.n])
    expect(sums()).toEqual([])
    row({ project: 'Now', createdAt: Date.now() })
    expect(sums()).toEqual([['Now', 1]])
    row({ project: 'Now', createdAt: Date.now() })
    expect(sums()).toEqual([['Now', 2]])
  })
})

describe('the edges mutation testing found (issue #32)', () => {
  it('a listener hears each real change once, and nothing after it unsubscribes', () => {
    let heard = 0
    const off = ledger.subscribe(() => heard++)
    const id = row({ id: 'L', taskId: 'L' })
    expect(heard).toBe(1)
    row({ id: 'L', taskId: 'L' }) // the same task again: no change, nothing heard
    expect(heard).toBe(1)
    off()
    ledger.setStatus(id, 'failed', at(2025, 3, 12, 13))
    expect(heard).toBe(1)
    expect(changes).toBe(2) // the other listener still hears
  })

  it('reprice changes a pending row (prompt cut to 120), is heard, and refuses an ended one', () => {
    const pending = row()
    const before = changes
    const long = 'p'.repeat(300)
    expect(
      ledger.reprice(pending, { amountUsd: 0.5, basis: 'estimate', model: 'm2', prompt: long }),
    ).toBe(true)
    expect(changes - before).toBe(1)
    expect(ledger.forTask(pending)).toMatchObject({
      amountUsd: 0.5,
      model: 'm2',
      prompt: long.slice(0, 120),
    })
    const ended = row({ status: 'settled' })
    const mid = changes
    expect(
      ledger.reprice(ended, { amountUsd: 9, basis: 'estimate', model: 'm3', prompt: 'x' }),
    ).toBe(false)
    expect(changes).toBe(mid)
    expect(ledger.forTask(ended)).toMatchObject({ amountUsd: 0.04, model: 'std-image-2' })
  })

  it('with the demo, a day, model and status that both have rows add up: count, unpriced, amount and quoted', () => {
    row({ amountUsd: 0.1, status: 'settled' })
    row({ amountUsd: 0.2, demo: true, status: 'settled' })
    row({ amountUsd: null, kind: 'text', taskKind: 'text', model: 'chat' })
    row({ amountUsd: null, kind: 'text', taskKind: 'text', model: 'chat', demo: true })
    const wq = row({ amountUsd: 0.003, kind: 'art', taskKind: 'workbench', model: 'w' })
    const wqDemo = row({
      amountUsd: 0.003,
      kind: 'art',
      taskKind: 'workbench',
      model: 'w',
      demo: true,
    })
    ledger.setQuote(wq, 0.01)
    ledger.setQuote(wqDemo, 0.02)
    const s = ledger.summary('2025-03-12', '2025-03-12', true)
    expect(s.byDay).toEqual([{ day: '2025-03-12', count: 6, unpriced: 2, usd: 0.33 }])
    expect(s.total).toMatchObject({ count: 6, unpriced: 2, usd: 0.33, quotedUsd: 0.03 })
    expect(s.byModel.find((m) => m.model === 'std-image-2')).toMatchObject({ count: 2, usd: 0.3 })
    expect(s.byModel.find((m) => m.model === 'chat')).toMatchObject({
      count: 2,
      unpriced: 2,
      usd: 0,
    })
  })

  it('orders models, kinds and projects of equal spend by how many requests they hold', () => {
    // $0.60 each; inserted in no order that a sort which ignored the count could keep or reverse.
    const spend = (kind: 'image' | 'video' | 'art', model: string, n: number, project: string) => {
      for (let i = 0; i < n; i++) row({ kind, taskKind: kind, model, amountUsd: 0.6 / n, project })
    }
    spend('art', 'a', 2, 'P2')
    spend('image', 'i', 1, 'P1')
    spend('video', 'v', 3, 'P3')
    const s = ledger.summary('2025-03-12', '2025-03-12', false)
    expect(s.byModel.map((m) => [m.model, m.count])).toEqual([
      ['v', 3],
      ['a', 2],
      ['i', 1],
    ])
    expect(s.byKind.map((k) => [k.kind, k.count])).toEqual([
      ['video', 3],
      ['art', 2],
      ['image', 1],
    ])
    expect(s.byProject.map((p) => [p.project, p.count])).toEqual([
      ['P3', 3],
      ['P2', 2],
      ['P1', 1],
    ])
  })

  it('top leaves the demo out unless asked', () => {
    row({ amountUsd: 5, demo: true })
    row({ amountUsd: 1 })
    expect(ledger.summary('2025-03-12', '2025-03-12', false).top.map((t) => t.amountUsd)).toEqual([
      1,
    ])
  })
})
