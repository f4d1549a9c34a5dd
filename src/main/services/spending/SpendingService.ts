import type { SettingsView } from '@shared/ipc/contract'
import { formatUsdMicros } from '@shared/pricing'
import { addDays, dayKeyOf } from '@shared/spending/days'
import type { Budgets, BudgetState, DayKey, KeptCost, SpendSummary } from '@shared/spending/types'

import type { Clock } from '../../adapters/clock/Clock'
import { writeFileAtomic } from '../../adapters/fs/JsonFile'
import type { MainEvents } from '../../events'
import { t } from '../../i18n'
import type { SpendLedger } from '../journal/SpendLedger'
import type { TaskJournal } from '../journal/TaskJournal'
import { capParams } from './budgetCheck'
import type { BudgetGate } from './BudgetGate'
import { csvOf } from './csv'
import { invoiceCsvOf } from './invoice'

export interface SpendingServiceOptions {
  ledger: SpendLedger
  /** What each task saved (the top list links to the library). */
  tasks: Pick<TaskJournal, 'results'>
  /** The caps and how far each is used: the same rule every request is admitted by. */
  gate: Pick<BudgetGate, 'state'>
  settings: {
    setBudgets(b: Budgets): Promise<Budgets>
    setActiveProject(name: string | null): Promise<SettingsView>
  }
  /** Favourite images made in a range of time (of one model, if given): the "kept" images. */
  keptImages(fromMs: number, toMs: number, model?: string): Promise<number>
  events: MainEvents
  notifier?: { notify(m: { title: string; body: string; taskId: string }): void }
  /** When an invoice was generated (its header says). */
  clock?: Clock
  /** Spacing of `spending:changed` (a batch settles many rows at once). */
  changeIntervalMs?: number
}

/** How far back "cost per kept image" beside Generate looks. */
export const KEPT_COST_DAYS = 30

export interface SpendRange {
  from: DayKey
  to: DayKey
  includeDemo?: boolean | undefined
}

/** Local midnight at the start of `day`, ms since epoch. */
const startOf = (day: DayKey): number =>
  new Date(+day.slice(0, 4), +day.slice(5, 7) - 1, +day.slice(8, 10)).getTime()

/**
 * The Spending screen and the budgets (issue #15): range summaries over the ledger, CSV export,
 * the caps, and an OS notification the first time a cap passes the warning threshold in its
 * period. Every amount is an estimate or an accepted quote; the service publishes no actual
 * charge, and nothing here says otherwise.
 */
export class SpendingService {
  private timer: ReturnType<typeof setTimeout> | null = null
  private readonly warned = new Set<string>()
  private closed = false
  private readonly unsubscribe: () => void
  /** Cost per kept image by model, until the ledger changes (see costPerKept). */
  private readonly keptCosts = new Map<string, Promise<KeptCost>>()

  constructor(private readonly o: SpendingServiceOptions) {
    this.unsubscribe = o.ledger.subscribe(() => {
      this.keptCosts.clear()
      this.changed()
    })
  }

  /**
   * What one kept image of `model` cost over the last KEPT_COST_DAYS days (issue #29): the settled
   * amounts of that model's requests over the favourites made from them. Shown beside Generate,
   * where the decision is made. Cached per model until the ledger changes (which is when
   * `spending:changed` goes out), so a form can ask on every render of its model.
   */
  costPerKept(model: string, now = Date.now()): Promise<KeptCost> {
    const cached = this.keptCosts.get(model)
    if (cached) return cached
    const answer = this.computeKeptCost(model, now)
    this.keptCosts.set(model, answer)
    answer.catch(() => this.keptCosts.delete(model))
    return answer
  }

  private async computeKeptCost(model: string, now: number): Promise<KeptCost> {
    const to = dayKeyOf(now)
    const from = addDays(to, -(KEPT_COST_DAYS - 1))
    // Settled only: a pending charge may still fail, a failed one was never charged.
    const spentUsd = this.o.ledger.settledUsd(model, from, to)
    const kept = await this.o.keptImages(startOf(from), startOf(addDays(to, 1)), model)
    return {
      model,
      days: KEPT_COST_DAYS,
      spentUsd,
      kept,
      perKeptUsd: kept > 0 && spentUsd > 0 ? spentUsd / kept : null,
    }
  }

  async summary(range: SpendRange): Promise<SpendSummary> {
    const summary = this.o.ledger.summary(range.from, range.to, range.includeDemo === true)
    // The ledger knows the task, the task journal what it saved: the top list links to it.
    const base = {
      ...summary,
      top: summary.top.map((e) =>
        e.taskId ? { ...e, libraryIds: this.o.tasks.results(e.taskId).map((r) => r.libraryId) } : e,
      ),
    }
    const images = await this.o
      .keptImages(startOf(range.from), startOf(addDays(range.to, 1)))
      .catch(() => 0)
    const imageUsd = base.byKind
      .filter((k) => k.kind === 'image' || k.kind === 'art')
      .reduce((s, k) => s + k.usd, 0)
    return {
      ...base,
      kept: { images, imageUsd, perKeptUsd: images > 0 ? imageUsd / images : null },
    }
  }

  /**
   * Writes one project's invoice for a range (null: the requests made with no project) to `path`,
   * atomically: real activity only; answers how many request lines it holds.
   */
  async exportInvoice(
    range: { from: DayKey; to: DayKey; project: string | null },
    path: string,
  ): Promise<{ path: string; rows: number }> {
    const { text, rows } = invoiceCsvOf({
      ...range,
      generatedAt: this.o.clock?.now() ?? Date.now(),
      rows: this.o.ledger.projects.rows(range.from, range.to, range.project),
    })
    await writeFileAtomic(path, text)
    return { path, rows }
  }

  /**
   * Chooses the project new requests are recorded under (Settings keeps it); the budget badges
   * hear at once, since the project's own caps now apply.
   */
  async setActiveProject(name: string | null): Promise<SettingsView> {
    const view = await this.o.settings.setActiveProject(name)
    this.o.events.emit('spending:changed', await this.state())
    return view
  }

  /** Writes the range's rows as CSV to `path` (atomically); answers how many rows. */
  async exportCsv(range: SpendRange, path: string): Promise<{ path: string; rows: number }> {
    const { text, rows } = csvOf(
      this.o.ledger.rows(range.from, range.to, range.includeDemo === true),
    )
    await writeFileAtomic(path, text)
    return { path, rows }
  }

  state(): Promise<BudgetState> {
    return this.o.gate.state()
  }

  async setBudgets(budgets: Budgets): Promise<BudgetState> {
    await this.o.settings.setBudgets(budgets)
    const state = await this.state()
    this.o.events.emit('spending:changed', state)
    return state
  }

  /** The ledger changed: tell the renderer (coalesced) and warn about caps past the threshold. */
  changed(): void {
    if (this.timer || this.closed) return
    this.timer = setTimeout(() => {
      this.timer = null
      void this.flush()
    }, this.o.changeIntervalMs ?? 200)
    // Stryker disable next-line OptionalChaining: equivalent under Node, whose timers always have unref
    this.timer.unref?.()
  }

  close(): void {
    this.closed = true
    this.unsubscribe()
    // Stryker disable next-line ConditionalExpression: equivalent, clearTimeout(null) is a no-op and flush checks `closed`
    if (this.timer) clearTimeout(this.timer)
  }

  private async flush(): Promise<void> {
    // Stryker disable next-line ConditionalExpression: equivalent while close() clears the timer (kept as a second guard)
    if (this.closed) return
    // Stryker disable next-line ArrowFunction: equivalent, undefined is as falsy as null below
    const state = await this.state().catch(() => null)
    if (!state) return
    this.o.events.emit('spending:changed', state)
    for (const u of state.uses) {
      if (u.fraction < state.budgets.warnAt) continue
      const cap = u.project !== undefined ? `project=${u.project}` : (u.kind ?? 'all')
      const key = `${u.period}:${cap}:${u.period === 'day' ? state.day : state.month}`
      if (this.warned.has(key)) continue
      this.warned.add(key)
      const m = (usd: number) => formatUsdMicros(Math.round(usd * 1_000_000))
      this.o.notifier?.notify({
        taskId: '',
        title: t('budgetWarnTitle', { percent: Math.floor(u.fraction * 100), ...capParams(u) }),
        body: t('budgetWarnBody', {
          spent: m(u.spentUsd),
          cap: m(u.capUsd),
          left: m(u.remainingUsd),
        }),
      })
    }
  }
}
