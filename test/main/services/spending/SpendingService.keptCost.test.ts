import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { MainEvents } from '@main/events'
import { Journal } from '@main/services/journal/Journal'
import type { LedgerOpen } from '@main/services/journal/SpendLedger'
import { SpendingService } from '@main/services/spending/SpendingService'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

const DAY = 86_400_000
const NOW = new Date(2026, 10, 20, 12).getTime()

let dir: string
let journal: Journal
let spending: SpendingService
let keptAsked: Array<{ from: number; to: number; model: string | undefined }>
let keptByModel: Record<string, number>
let seq = 0

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gen-studio-kept-'))
  journal = new Journal(join(dir, 'tasks.sqlite'))
  keptAsked = []
  keptByModel = {}
  spending = new SpendingService({
    ledger: journal.ledger,
    tasks: journal.tasks,
    gate: { state: async () => ({}) as never },
    settings: {
      setBudgets: async (b) => b,
      setActiveProject: async () => {
        throw new Error('not used')
      },
    },
    keptImages: async (from, to, model) => {
      keptAsked.push({ from, to, model })
      return keptByModel[model ?? ''] ?? 0
    },
    events: new MainEvents(),
    changeIntervalMs: 60_000,
  })
})

afterEach(() => {
  spending.close()
  journal.close()
  rmSync(dir, { recursive: true, force: true })
})

/** A ledger row of `model` made `daysAgo` before NOW, moved to `status`. */
function charge(
  model: string,
  amountUsd: number,
  status: 'settled' | 'pending' | 'failed',
  daysAgo = 1,
  over: Partial<LedgerOpen> = {},
) {
  seq++
  const createdAt = NOW - daysAgo * DAY
  journal.ledger.open({
    id: `r${seq}`,
    taskId: `r${seq}`,
    batchId: null,
    kind: 'image',
    taskKind: 'image',
    model,
    amountUsd,
    basis: 'estimate',
    createdAt,
    demo: false,
    prompt: 'p',
    ...over,
  })
  if (status !== 'pending') journal.ledger.setStatus(`r${seq}`, status, createdAt + 1000)
}

describe('cost per kept image, per model, over 30 days', () => {
  it('is the settled amounts of that model over its favourites (pending, failed, demo, older and other models left out)', async () => {
    charge('std-image-2', 0.04, 'settled')
    charge('std-image-2', 0.08, 'settled', 29)
    charge('std-image-2', 0.5, 'pending')
    charge('std-image-2', 0.5, 'failed')
    charge('std-image-2', 0.5, 'settled', 31)
    charge('std-image-2', 0.5, 'settled', 1, { demo: true })
    charge('art-v4.5', 0.5, 'settled')
    keptByModel['std-image-2'] = 4
    const cost = await spending.costPerKept('std-image-2', NOW)
    expect(cost).toEqual({
      model: 'std-image-2',
      days: 30,
      spentUsd: 0.12,
      kept: 4,
      perKeptUsd: 0.03,
    })
    // The favourites are counted over the same 30 local days, for that model.
    const day0 = new Date(2026, 9, 22).getTime()
    expect(keptAsked).toEqual([
      { from: day0, to: new Date(2026, 10, 21).getTime(), model: 'std-image-2' },
    ])
  })

  it('has no figure when nothing was kept', async () => {
    charge('std-image-2', 0.04, 'settled')
    expect((await spending.costPerKept('std-image-2', NOW)).perKeptUsd).toBeNull()
  })

  it('is cached per model until the ledger changes', async () => {
    charge('std-image-2', 0.04, 'settled')
    keptByModel['std-image-2'] = 2
    expect((await spending.costPerKept('std-image-2', NOW)).perKeptUsd).toBe(0.02)
    await spending.costPerKept('std-image-2', NOW)
    expect(keptAsked).toHaveLength(1)
    await spending.costPerKept('art-v4.5', NOW)
    expect(keptAsked).toHaveLength(2)
    charge('std-image-2', 0.04, 'settled')
    expect((await spending.costPerKept('std-image-2', NOW)).perKeptUsd).toBe(0.04)
    expect(keptAsked).toHaveLength(3)
  })
})

describe('the edges mutation testing found (issue #32)', () => {
  it('has no figure when the model spent nothing, however many were kept', async () => {
    keptByModel['std-image-2'] = 3
    expect(await spending.costPerKept('std-image-2', NOW)).toMatchObject({
      spentUsd: 0,
      kept: 3,
      perKeptUsd: null,
    })
  })

  it('does not keep a failed count: the next ask tries again', async () => {
    charge('std-image-2', 0.04, 'settled')
    let fail = true
    const calls: number[] = []
    const flaky = new SpendingService({
      ledger: journal.ledger,
      tasks: journal.tasks,
      gate: { state: async () => ({}) as never },
      settings: { setBudgets: async (b) => b, setActiveProject: async () => ({}) as never },
      keptImages: async () => {
        calls.push(calls.length)
        if (fail) throw new Error('library not open yet')
        return 2
      },
      events: new MainEvents(),
      changeIntervalMs: 60_000,
    })
    await expect(flaky.costPerKept('std-image-2', NOW)).rejects.toThrow('library not open yet')
    fail = false
    expect((await flaky.costPerKept('std-image-2', NOW)).perKeptUsd).toBe(0.02)
    expect(calls).toHaveLength(2)
    flaky.close()
  })

  it("writes a project's invoice with its rows, dated by the service's clock", async () => {
    charge('std-image-2', 0.04, 'settled', 1, { project: 'Client X' })
    charge('std-image-2', 0.5, 'settled', 1, { project: 'Other' })
    const clocked = new SpendingService({
      ledger: journal.ledger,
      tasks: journal.tasks,
      gate: { state: async () => ({}) as never },
      settings: { setBudgets: async (b) => b, setActiveProject: async () => ({}) as never },
      keptImages: async () => 0,
      events: new MainEvents(),
      clock: { now: () => Date.UTC(2026, 10, 21, 8, 30), sleep: async () => {}, random: () => 0.5 },
    })
    const path = join(dir, 'invoice.csv')
    const day = new Date(NOW - DAY)
    const key = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`
    expect(await clocked.exportInvoice({ from: key, to: key, project: 'Client X' }, path)).toEqual({
      path,
      rows: 1,
    })
    const text = readFileSync(path, 'utf8')
    expect(text).toContain('Generated at,2026-11-21T08:30:00.000Z')
    expect(text).toContain('Project,Client X')
    expect(text).not.toContain('Other')
    clocked.close()
  })
})
