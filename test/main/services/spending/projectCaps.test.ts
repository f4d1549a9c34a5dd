import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { ManualClock } from '@main/adapters/clock/ManualClock'
import { Journal } from '@main/services/journal/Journal'
import type { LedgerOpen } from '@main/services/journal/SpendLedger'
import { budgetState, crossedCap, refuseOverBudget } from '@main/services/spending/budgetCheck'
import { BudgetGate } from '@main/services/spending/BudgetGate'
import { AppFailure } from '@shared/result'
import { budgetsSchema } from '@shared/spending/schemas'
import { type Budgets, NO_BUDGETS } from '@shared/spending/types'
import type { SubmitTaskInput } from '@shared/tasks/submit'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

// Caps per project (issue #29), over a real ledger: a project's own caps count what was committed
// in that project (pending and settled, real activity), across every kind, and refuse a request
// of that project that would cross them; other projects and no project are not held by them.

/** Local noon on 12 March 2025 (local time: the test holds in any time zone). */
const NOW = new Date(2025, 2, 12, 12, 0).getTime()
const EARLIER_THIS_MONTH = new Date(2025, 2, 2, 9, 0).getTime()
const LAST_MONTH = new Date(2025, 1, 28, 23, 0).getTime()

let dir: string
let journal: Journal
let project: string | null
let gate: BudgetGate
let seq = 0

const budgets = (perProject: Budgets['perProject'], over: Partial<Budgets> = {}): Budgets => ({
  ...NO_BUDGETS,
  perProject,
  ...over,
})

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gen-studio-project-caps-'))
  journal = new Journal(join(dir, 'tasks.sqlite'))
  project = null
  gate = new BudgetGate({
    ledger: journal.ledger,
    budgets: async () => budgets({ 'Client X': { dailyUsd: 1, monthlyUsd: 3 } }),
    project: async () => project,
    clock: new ManualClock(NOW),
  })
})
afterEach(() => {
  journal.close()
  rmSync(dir, { recursive: true, force: true })
})

function spent(over: Partial<LedgerOpen> & { status?: 'settled' | 'failed' | 'void' }): void {
  seq++
  const { status, ...rest } = over
  const row: LedgerOpen = {
    id: `t${seq}`,
    taskId: `t${seq}`,
    batchId: null,
    kind: 'image',
    taskKind: 'image',
    model: 'std-image-2',
    amountUsd: 0.5,
    basis: 'estimate',
    createdAt: NOW - 60_000,
    demo: false,
    prompt: 'p',
    project: 'Client X',
    ...rest,
  }
  journal.ledger.open(row)
  if (status) journal.ledger.setStatus(row.id, status, row.createdAt + 1)
}

const input = (kind: SubmitTaskInput['kind'], request: Record<string, unknown>) =>
  ({ kind, request }) as SubmitTaskInput
/** $0.01 (std-image-2's published price at the default size and quality). */
const image = input('image', { model: 'std-image-2', prompt: 'a' })
const video = input('video', { model: 'motion-2.0', prompt: 'c', resolution: '720p' })

const refusalOf = (run: () => void): AppFailure => {
  try {
    run()
  } catch (e) {
    if (e instanceof AppFailure) return e
    throw e
  }
  throw new Error('not refused')
}

describe('a project cap', () => {
  it('counts the project’s committed spend only: pending and settled, real, every kind, this day or month', () => {
    spent({}) // pending image
    spent({ kind: 'video', taskKind: 'video', model: 'motion-2.0', status: 'settled' })
    spent({ status: 'failed' })
    spent({ status: 'void' })
    spent({ demo: true })
    spent({ project: 'Other' })
    spent({ project: null })
    spent({ createdAt: EARLIER_THIS_MONTH, amountUsd: 0.25 })
    spent({ createdAt: LAST_MONTH, amountUsd: 7 })
    const ledger = journal.ledger.projects
    expect(ledger.committed('Client X', 'day', NOW)).toBe(1)
    expect(ledger.committed('Client X', 'month', NOW)).toBe(1.25)
    expect(ledger.committed('Other', 'day', NOW)).toBe(0.5)
    expect(ledger.committed('Nobody', 'month', NOW)).toBe(0)

    const state = budgetState(
      budgets({ 'Client X': { dailyUsd: 1, monthlyUsd: 3 } }, { dailyUsd: 10 }),
      journal.ledger,
      NOW,
      'Client X',
    )
    // The overall cap first, then the project's own, the day before the month.
    expect(state.uses).toEqual([
      // Today overall: the project's $1, Other's $0.50 and the $0.50 with no project.
      { period: 'day', kind: null, capUsd: 10, spentUsd: 2, remainingUsd: 8, fraction: 0.2 },
      {
        period: 'day',
        kind: null,
        project: 'Client X',
        capUsd: 1,
        spentUsd: 1,
        remainingUsd: 0,
        fraction: 1,
      },
      {
        period: 'month',
        kind: null,
        project: 'Client X',
        capUsd: 3,
        spentUsd: 1.25,
        remainingUsd: 1.75,
        fraction: 1.25 / 3,
      },
    ])
    // Without a project, or in a project with no caps, no project cap is listed.
    for (const p of [null, 'Other'])
      expect(
        budgetState(budgets({ 'Client X': { dailyUsd: 1, monthlyUsd: 3 } }), journal.ledger, NOW, p)
          .uses,
      ).toEqual([])
  })

  it('refuses a request of its project that would cross it, naming the cap; nothing else is held', async () => {
    spent({ amountUsd: 0.995 })
    const b = await gate.budgets()
    const ctx = { demo: false, override: false, what: 'request' as const }
    const e = refusalOf(() => gate.check(b, [image], { ...ctx, project: 'Client X' }))
    expect(e.error.code).toBe('over_budget')
    expect(e.error.message).toBe(
      "This request ($0.01) would go over today's cap for project “Client X” of $1.00: $0.995 already committed, $0.005 left. Nothing was sent.",
    )
    expect(e.error.budget).toEqual({
      period: 'day',
      kind: null,
      project: 'Client X',
      capUsd: 1,
      spentUsd: 0.995,
      requestUsd: 0.01,
      remainingUsd: 0.005,
    })
    // The same request with no project, in another project, in the demo, or gone over once: passes.
    expect(() => gate.check(b, [image], ctx)).not.toThrow()
    expect(() => gate.check(b, [image], { ...ctx, project: null })).not.toThrow()
    expect(() => gate.check(b, [image], { ...ctx, project: 'Other' })).not.toThrow()
    expect(() => gate.check(b, [image], { ...ctx, demo: true, project: 'Client X' })).not.toThrow()
    expect(() =>
      gate.check(b, [image], { ...ctx, override: true, project: 'Client X' }),
    ).not.toThrow()
    // A batch's plan previews the same refusal the check makes.
    expect(gate.refusal(b, [image], false, 'Client X')).toEqual(e.error.budget)
    expect(gate.refusal(b, [image], false, null)).toBeNull()
  })

  it('an edit of a queued request is weighed against the caps of the project its row is in', async () => {
    // A queued $0.01 image already committed in Client X, with $0.985 settled before it.
    spent({ amountUsd: 0.985 })
    spent({ amountUsd: 0.01, project: 'Client X' })
    const b = await gate.budgets()
    const ctx = { demo: false, override: false, what: 'request' as const }
    expect(journal.ledger.projects.projectOf(`t${seq}`)).toBe('Client X')
    expect(journal.ledger.projects.projectOf('no-such-row')).toBeNull()
    // Edited into a video: only what it adds beyond the $0.01 counts, and it crosses the $1 day.
    const e = refusalOf(() =>
      gate.checkReplacing(b, video, 0.01, {
        ...ctx,
        project: journal.ledger.projects.projectOf(`t${seq}`),
      }),
    )
    expect(e.error.budget).toMatchObject({ project: 'Client X', period: 'day' })
    // The same edit of a row with no project is not held by Client X's caps.
    expect(() => gate.checkReplacing(b, video, 0.01, { ...ctx, project: null })).not.toThrow()
  })

  it('weighs every kind a request adds, and the month once the day fits', async () => {
    spent({ createdAt: EARLIER_THIS_MONTH, amountUsd: 2.5 })
    const b = await gate.budgets()
    // A video ($0.9072 at 720p) fits today's $1 but not the month's $3 with $2.50 committed.
    const r = gate.refusal(b, [video], false, 'Client X')
    expect(r).toMatchObject({ period: 'month', project: 'Client X', spentUsd: 2.5, capUsd: 3 })
    expect(() => refuseOverBudget(r!, 'request')).toThrow(/this month's cap for project “Client X”/)
    const batch = crossedCap(budgetState(b, journal.ledger, NOW, 'Client X'), {
      image: 0.3,
      video: 0,
      art: 0.3,
    })
    expect(batch).toMatchObject({ period: 'month', requestUsd: 0.6 })
  })

  it('shows in the gate’s state for the active project only', async () => {
    spent({ amountUsd: 0.9 })
    expect((await gate.state()).uses).toEqual([])
    project = 'Client X'
    const uses = (await gate.state()).uses
    expect(uses.map((u) => [u.period, u.project, u.spentUsd])).toEqual([
      ['day', 'Client X', 0.9],
      ['month', 'Client X', 0.9],
    ])
  })
})

describe('budgetsSchema: project caps', () => {
  it('takes caps by trimmed project name and refuses bad names and amounts', () => {
    const ok = budgetsSchema.safeParse(budgets({ ' Client X ': { dailyUsd: 1, monthlyUsd: null } }))
    expect(ok.success && ok.data.perProject).toEqual({
      'Client X': { dailyUsd: 1, monthlyUsd: null },
    })
    expect(budgetsSchema.safeParse({ ...NO_BUDGETS }).success).toBe(true)
    for (const bad of [
      { '': { dailyUsd: 1, monthlyUsd: null } },
      { 'a\nb': { dailyUsd: 1, monthlyUsd: null } },
      { ['x'.repeat(81)]: { dailyUsd: 1, monthlyUsd: null } },
      { P: { dailyUsd: 0, monthlyUsd: null } },
      { P: { dailyUsd: 1 } },
    ])
      expect(budgetsSchema.safeParse(budgets(bad as Budgets['perProject'])).success).toBe(false)
    const many = Object.fromEntries(
      Array.from({ length: 101 }, (_, i) => [`P${i}`, { dailyUsd: 1, monthlyUsd: null }]),
    )
    expect(budgetsSchema.safeParse(budgets(many)).success).toBe(false)
  })
})
