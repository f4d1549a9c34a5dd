import { addDays, dayKeyOf, daysIn, monthKeyOf } from '@shared/spending/days'
import type { DayKey, LedgerEntryView } from '@shared/spending/types'
import type { Statement } from 'better-sqlite3'

import type { Db } from '../../adapters/sqlite/openDatabase'
import { type LedgerRow, toEntry } from './ledgerRows'

/** What budgets count: everything that may be or was charged. */
const COMMITTED = `status IN ('pending', 'settled')`
/** A row's amount in integer micro-dollars, so many small amounts sum exactly. */
const MICROS = `CAST(ROUND(COALESCE(amount_usd, 0) * 1000000) AS INTEGER)`

/** One project's committed totals in a range, in micro-dollars (`m`). */
export interface ProjectTotals {
  project: string
  n: number
  unpriced: number
  m: number
}

/**
 * The ledger by project (issue #29): each row carries the project active when it was admitted
 * (`ledger.project`, NULL for none). Every read goes through the partial index ledger_project
 * (demo, project, day, status): the projects of a demo flag are found one by one along the index
 * (a seek each, never a scan of the rows), then each project's days are one range of it. Rows
 * with no project are not in that index: their sums are the whole ledger's (ledger_days) minus
 * the projects', which the caller has.
 */
export class ProjectLedger {
  private readonly firstStmt: Statement
  private readonly nextStmt: Statement
  private readonly totalsStmt: Statement
  private readonly committedStmt: Statement
  private readonly byDayStmt: Statement
  /**
   * Each past day's committed totals by project (key `demo|day`; [] for a day with none), read
   * on demand and kept, so a year's summary reads its ~365 days once, not on every ledger change.
   * A past day's committed sums move only when a pending row fails, is voided or re-quoted (or a
   * row is opened with a past date): each drops the whole cache (`invalidate`). New rows are
   * today's, and today is always read live. Dropped, too, when the day changes.
   */
  private past: { today: DayKey; days: Map<string, ProjectTotals[]> } | null = null

  constructor(private readonly db: Db) {
    this.firstStmt = db.prepare(
      `SELECT MIN(project) AS p FROM ledger INDEXED BY ledger_project
        WHERE demo = ? AND project IS NOT NULL`,
    )
    this.nextStmt = db.prepare(
      `SELECT MIN(project) AS p FROM ledger INDEXED BY ledger_project
        WHERE demo = ? AND project > ?`,
    )
    this.totalsStmt = db.prepare(
      `SELECT COUNT(*) AS n, COALESCE(SUM(amount_usd IS NULL), 0) AS unpriced,
              COALESCE(SUM(${MICROS}), 0) AS m
         FROM ledger INDEXED BY ledger_project
        WHERE demo = ? AND project = ? AND day BETWEEN ? AND ? AND ${COMMITTED}`,
    )
    this.byDayStmt = db.prepare(
      `SELECT day, COUNT(*) AS n, COALESCE(SUM(amount_usd IS NULL), 0) AS unpriced,
              COALESCE(SUM(${MICROS}), 0) AS m
         FROM ledger INDEXED BY ledger_project
        WHERE demo = ? AND project = ? AND day BETWEEN ? AND ? AND ${COMMITTED}
        GROUP BY day`,
    )
    this.committedStmt = db.prepare(
      `SELECT COALESCE(SUM(${MICROS}), 0) AS m FROM ledger INDEXED BY ledger_project
        WHERE demo = 0 AND project = ? AND day BETWEEN ? AND ? AND ${COMMITTED}`,
    )
  }

  /** Every project name with a row of this demo flag, in index order (one seek per project). */
  private names(demo: 0 | 1): string[] {
    // Stryker disable next-line ArrayDeclaration: equivalent, a name with no rows adds nothing (its live sums have n = 0 and are left out; its past days read no rows)
    const out: string[] = []
    let p = (this.firstStmt.get(demo) as { p: string | null }).p
    while (p !== null) {
      out.push(p)
      p = (this.nextStmt.get(demo, p) as { p: string | null }).p
    }
    return out
  }

  /**
   * Committed totals (pending and settled) of each project with a request in the range, for the
   * demo flags given; projects with nothing committed in the range are left out. Past days come
   * from the cache (read once), today and later live.
   */
  totals(
    from: DayKey,
    to: DayKey,
    flags: ReadonlyArray<0 | 1>,
    today: DayKey = dayKeyOf(Date.now()),
  ): ProjectTotals[] {
    if (this.past?.today !== today) this.past = { today, days: new Map() }
    const days = this.past.days
    const sums = new Map<string, ProjectTotals>()
    const add = (t: ProjectTotals) => {
      const seen = sums.get(t.project)
      if (!seen) sums.set(t.project, { ...t })
      else {
        seen.n += t.n
        seen.unpriced += t.unpriced
        seen.m += t.m
      }
    }
    const lastPast = to < today ? to : addDays(today, -1)
    // No past day in the range (it starts today or later): daysIn gives [].
    const pastDays = daysIn(from, lastPast)
    for (const demo of flags) {
      const missing = pastDays.filter((d) => !days.has(`${demo}|${d}`))
      // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent, with nothing missing fill reads the empty range between no days, which holds no rows
      if (missing.length > 0) this.fill(demo, missing[0]!, missing[missing.length - 1]!)
      for (const d of pastDays) for (const t of days.get(`${demo}|${d}`)!) add(t)
      // Stryker disable next-line EqualityOperator: equivalent, when from equals today both branches give the same day
      const liveFrom = from > today ? from : today
      // Stryker disable next-line ConditionalExpression: equivalent, a range that ends before it starts reads no rows, and rows with n = 0 are left out
      if (liveFrom <= to)
        for (const project of this.names(demo)) {
          const t = this.totalsStmt.get(demo, project, liveFrom, to) as Omit<
            ProjectTotals,
            'project'
          >
          if (t.n > 0) add({ project, ...t })
        }
    }
    return [...sums.values()]
  }

  /** Reads the past days `from`..`to` of one demo flag into the cache (each project's days). */
  private fill(demo: 0 | 1, from: DayKey, to: DayKey): void {
    const days = this.past!.days
    for (const d of daysIn(from, to)) days.set(`${demo}|${d}`, [])
    for (const project of this.names(demo))
      for (const r of this.byDayStmt.all(demo, project, from, to) as Array<
        Omit<ProjectTotals, 'project'> & { day: DayKey }
      >)
        // Stryker disable next-line OptionalChaining: equivalent, every day of the range was given its list just above, and the query returns no other day
        days.get(`${demo}|${r.day}`)?.push({ project, n: r.n, unpriced: r.unpriced, m: r.m })
  }

  /** The project a row was admitted into (null: none, or no such row): its caps still apply. */
  projectOf(id: string): string | null {
    const row = this.db.prepare('SELECT project FROM ledger WHERE id = ?').get(id) as
      { project: string | null } | undefined
    return row?.project ?? null
  }

  /** A past day's committed sums may have moved: forget every cached day. */
  invalidate(): void {
    this.past = null
  }

  /**
   * Committed USD of real activity in `project` in the day or the month containing `now` (what
   * that project's caps are checked against).
   */
  committed(project: string, period: 'day' | 'month', now: number): number {
    const day = dayKeyOf(now)
    const month = monthKeyOf(now)
    const [from, to] = period === 'day' ? [day, day] : [`${month}-01`, `${month}-31`]
    return (this.committedStmt.get(project, from, to) as { m: number }).m / 1_000_000
  }

  /**
   * Every row of real activity in a range for one project (null: the rows with no project),
   * oldest first; iterated, never all in memory at once (the invoice).
   */
  *rows(from: DayKey, to: DayKey, project: string | null): Generator<LedgerEntryView> {
    const stmt = this.db.prepare(
      `SELECT id, task_id, batch_id, kind, model, amount_usd, basis, status, created_at, day, prompt
         FROM ledger
        WHERE demo = 0 AND day BETWEEN ? AND ? AND ${project === null ? 'project IS NULL' : 'project = ?'}
        ORDER BY created_at, id`,
    )
    const args = project === null ? [from, to] : [from, to, project]
    for (const r of stmt.iterate(...args) as Iterable<LedgerRow>) yield toEntry(r)
  }
}
