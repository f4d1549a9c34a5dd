/**
 * spending: the spending ledger (issue #15) at the size of a heavy year. 200,000 rows spread over
 * the last 365 local days, written through `SpendLedger.open` in transactions of 1,000 into a
 * real task journal (SQLite, WAL, the journal's migrations and indexes): four kinds, eleven
 * models, some demo (≈ 10 %), some failed (≈ 5 %) or void (≈ 2 %), some text replies (no price).
 *
 * Measures what the Spending screen asks, `summary()` over today / this week / this month /
 * the last 90 days / the whole year (real activity; the year also with the demo included), and
 * what every submission pays before anything is sent, `committed('day')` and
 * `committed('month')`. 30 timed runs each after a warm-up run. Goal: p95 of every summary
 * ≤ 20 ms.
 *
 * Projects (issue #29): half the rows belong to one of six projects (the rest to none); the
 * summary's per-project sums are part of `summary()`, and `projects.totals` (those sums alone) and
 * `projects.committed` (what a project's caps are checked against) are timed on their own.
 *
 * Control, same run, same ranges: a bare query over the per-day table the summary reads
 * (`SELECT COUNT(*), SUM(n) FROM ledger_days WHERE demo … AND day BETWEEN ? AND ?`: every row of
 * the range visited, no grouping), the floor of any summary built on it (issue #32). For one release the old
 * control, `SELECT COUNT(*) FROM ledger WHERE day BETWEEN ? AND ?` over the raw rows, is printed
 * beside it, so the change in the ratio shows.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import Database from 'better-sqlite3'

import { Journal } from '../src/main/services/journal/Journal'
import { addDays, dayKeyOf, namedRange } from '../src/shared/spending/days'
import type { LedgerStatus, SpendKind } from '../src/shared/spending/types'
import { median, pct, runBench } from './support/stats'

const ROWS = 200_000
const DAYS = 365
const BATCH = 1_000
const RUNS = 30
const GOAL_MS = 20
const PROJECTS = ['Client A', 'Client B', 'Zine', 'Portfolio', 'Game jam', 'Wedding']

const MODELS: ReadonlyArray<{
  kind: SpendKind
  taskKind: string
  model: string
  usd: number | null
}> = [
  { kind: 'image', taskKind: 'image', model: 'std-image-2', usd: 0.01 },
  { kind: 'image', taskKind: 'image', model: 'std-image-3', usd: 0.04 },
  { kind: 'image', taskKind: 'edit', model: 'std-image-2', usd: 0.015 },
  { kind: 'image', taskKind: 'image', model: 'pro-image-1', usd: 0.12 },
  { kind: 'video', taskKind: 'video', model: 'motion-2.0', usd: 0.9072 },
  { kind: 'video', taskKind: 'video', model: 'motion-2.0-fast', usd: 0.3375 },
  { kind: 'video', taskKind: 'video', model: 'motion-3.0', usd: 2.2454 },
  { kind: 'art', taskKind: 'native', model: 'art-diffusion-4-5-full', usd: 0.0034 },
  { kind: 'art', taskKind: 'workbench', model: 'art-v4.5', usd: 0.003 },
  { kind: 'text', taskKind: 'text', model: 'chat-large', usd: null },
  { kind: 'text', taskKind: 'text', model: 'chat-small', usd: null },
]

/** xorshift32: the same ledger every run. */
function rng(seed: number): () => number {
  let x = seed >>> 0 || 1
  return () => {
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    x >>>= 0
    return x / 0x1_0000_0000
  }
}

interface Range {
  name: string
  from: string
  to: string
  includeDemo: boolean
}

interface Timing {
  name: string
  p50: number
  p95: number
  max: number
  rows: number
}

function time(name: string, rows: number, run: () => unknown): Timing {
  run()
  const ms: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now()
    run()
    ms.push(performance.now() - t0)
  }
  return { name, p50: median(ms), p95: pct(ms, 0.95), max: Math.max(...ms), rows }
}

const r2 = (n: number): number => Math.round(n * 100) / 100

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'gen-studio-bench-spending-'))
  const journal = new Journal(join(dir, 'tasks.sqlite'))
  try {
    const ledger = journal.ledger
    // A second connection for the checkpoint and the query plans (the journal keeps its own).
    const db = new Database(join(dir, 'tasks.sqlite'))
    const now = Date.now()
    const today = dayKeyOf(now)
    const random = rng(15)

    // ───── fill ─────
    const fillStart = performance.now()
    const statuses: Array<{ id: string; status: Exclude<LedgerStatus, 'pending'> }> = []
    for (let done = 0; done < ROWS; done += BATCH) {
      journal.transaction(() => {
        for (let i = done; i < Math.min(ROWS, done + BATCH); i++) {
          const m = MODELS[Math.floor(random() * MODELS.length)]!
          // Local noon of a day in the last year, moved by up to ±11 h: every hour of the day.
          const [y, mo, d] = addDays(today, -Math.floor(random() * DAYS))
            .split('-')
            .map(Number) as [number, number, number]
          const createdAt =
            new Date(y, mo - 1, d, 12).getTime() + Math.floor((random() - 0.5) * 22 * 3_600_000)
          const id = `row-${i}`
          ledger.open({
            id,
            taskId: m.kind === 'text' ? null : id,
            batchId: random() < 0.3 ? `batch-${Math.floor(i / 50)}` : null,
            kind: m.kind,
            taskKind: m.taskKind,
            model: m.model,
            amountUsd: m.usd === null ? null : m.usd * (1 + Math.floor(random() * 4)),
            basis: m.usd === null ? 'none' : m.taskKind === 'workbench' ? 'quote' : 'estimate',
            createdAt,
            demo: random() < 0.1,
            prompt: `a prompt of some length for request ${i}, with words in it`,
            project: random() < 0.5 ? PROJECTS[Math.floor(random() * PROJECTS.length)]! : null,
          })
          const s = random()
          // Older rows have ended; the last day's are partly still pending.
          if (s < 0.05) statuses.push({ id, status: 'failed' })
          else if (s < 0.07) statuses.push({ id, status: 'void' })
          else if (s < 0.95 || createdAt < now - 86_400_000)
            statuses.push({ id, status: 'settled' })
        }
      })
    }
    for (let i = 0; i < statuses.length; i += BATCH) {
      journal.transaction(() => {
        for (const { id, status } of statuses.slice(i, i + BATCH)) ledger.setStatus(id, status, now)
      })
    }
    db.pragma('wal_checkpoint(TRUNCATE)')
    const fillMs = performance.now() - fillStart

    // ───── measure ─────
    const week = namedRange('week', today)
    const month = namedRange('month', today)
    const ranges: Range[] = [
      { name: 'today', from: today, to: today, includeDemo: false },
      { name: 'week', ...week, includeDemo: false },
      { name: 'month', ...month, includeDemo: false },
      { name: '90 days', from: addDays(today, -89), to: today, includeDemo: false },
      { name: 'year', from: addDays(today, -(DAYS - 1)), to: today, includeDemo: false },
      { name: 'year + demo', from: addDays(today, -(DAYS - 1)), to: today, includeDemo: true },
    ]
    const countStmt = db.prepare('SELECT COUNT(*) AS n FROM ledger WHERE day BETWEEN ? AND ?')
    const inRange = (r: Range) => (countStmt.get(r.from, r.to) as { n: number }).n

    // The floor: one bare pass over the same per-day rows the summary reads (every row visited
    // in SQLite, one column summed, one row back; no grouping, no per-group results).
    const dayRows = {
      real: db.prepare(
        'SELECT COUNT(*) AS rows, SUM(n) AS n FROM ledger_days WHERE demo = 0 AND day BETWEEN ? AND ?',
      ),
      withDemo: db.prepare(
        'SELECT COUNT(*) AS rows, SUM(n) AS n FROM ledger_days WHERE demo IN (0, 1) AND day BETWEEN ? AND ?',
      ),
    }
    const readDays = (r: Range) =>
      ((r.includeDemo ? dayRows.withDemo : dayRows.real).get(r.from, r.to) as { rows: number }).rows

    const summaries: Timing[] = []
    const controls: Timing[] = []
    const oldControls: Timing[] = []
    const dayRowCounts: number[] = []
    for (const r of ranges) {
      const rows = inRange(r)
      summaries.push(time(r.name, rows, () => ledger.summary(r.from, r.to, r.includeDemo)))
      controls.push(time(r.name, rows, () => readDays(r)))
      oldControls.push(time(r.name, rows, () => countStmt.get(r.from, r.to)))
      dayRowCounts.push(readDays(r))
    }
    const byProject: Timing[] = ranges.map((r) =>
      time(r.name, inRange(r), () =>
        ledger.projects.totals(r.from, r.to, r.includeDemo ? [0, 1] : [0]),
      ),
    )
    const projectDay = time("project 'day'", 0, () =>
      ledger.projects.committed('Client A', 'day', now),
    )
    const projectMonth = time("project 'month'", 0, () =>
      ledger.projects.committed('Client A', 'month', now),
    )
    const committedDay = time("committed('day')", 0, () => ledger.committed('day', now))
    const committedMonth = time("committed('month')", 0, () => ledger.committed('month', now))

    const plans: Record<string, string[]> = {}
    const year = ranges[4]!
    const explain = (sql: string, ...args: unknown[]) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as Array<{ detail: string }>).map(
        (p) => p.detail,
      )
    plans.summaryGroups = explain(
      `SELECT day, kind, model, status, COUNT(*), SUM(amount_usd IS NULL), SUM(amount_usd),
              SUM(CASE WHEN basis = 'quote' THEN amount_usd END)
         FROM ledger WHERE day BETWEEN ? AND ? AND demo = 0 GROUP BY day, kind, model, status`,
      year.from,
      year.to,
    )
    plans.summaryGroupsDemo = explain(
      `SELECT day, kind, model, status, COUNT(*), SUM(amount_usd IS NULL), SUM(amount_usd),
              SUM(CASE WHEN basis = 'quote' THEN amount_usd END)
         FROM ledger WHERE day BETWEEN ? AND ? AND demo IN (0, 1) GROUP BY day, kind, model, status`,
      year.from,
      year.to,
    )
    plans.top = explain(
      `SELECT id FROM ledger WHERE day BETWEEN ? AND ? AND demo = 0
          AND status IN ('pending', 'settled') AND amount_usd IS NOT NULL
        ORDER BY amount_usd DESC, created_at DESC LIMIT 10`,
      year.from,
      year.to,
    )
    plans.committedDay = explain(
      `SELECT kind, SUM(amount_usd) FROM ledger WHERE demo = 0 AND day = ?
          AND status IN ('pending', 'settled') GROUP BY kind`,
      today,
    )
    plans.control = explain(
      'SELECT COUNT(*), SUM(n) FROM ledger_days WHERE demo = 0 AND day BETWEEN ? AND ?',
      year.from,
      year.to,
    )
    plans.oldControl = explain(
      'SELECT COUNT(*) FROM ledger WHERE day BETWEEN ? AND ?',
      year.from,
      year.to,
    )

    // ───── report ─────
    const f = (n: number) => n.toFixed(2).padStart(8)
    console.log(
      `ledger: ${ROWS.toLocaleString('en')} rows over ${DAYS} days, filled in ${Math.round(fillMs)} ms`,
    )
    console.log(
      'range          rows  day rows   summary p50  summary p95  summary max  control p95   ratio   old control p95  old ratio',
    )
    const ratioOf = (a: number, b: number) => `${(a / Math.max(b, 0.001)).toFixed(1).padStart(7)}×`
    summaries.forEach((s, i) => {
      const c = controls[i]!
      const o = oldControls[i]!
      console.log(
        `${s.name.padEnd(12)} ${String(s.rows).padStart(7)} ${String(dayRowCounts[i]).padStart(9)}   ${f(s.p50)} ms  ${f(s.p95)} ms  ${f(s.max)} ms  ${f(c.p95)} ms ${ratioOf(s.p95, c.p95)}   ${f(o.p95)} ms    ${ratioOf(s.p95, o.p95)}`,
      )
    })
    console.log(
      'control: a bare query over the same ledger_days rows (issue #32); old control: COUNT(*) of the raw ledger rows, shown for one release',
    )
    for (const b of byProject)
      console.log(`by project ${b.name.padEnd(12)} p50 ${f(b.p50)} ms  p95 ${f(b.p95)} ms`)
    for (const c of [committedDay, committedMonth, projectDay, projectMonth])
      console.log(`${c.name.padEnd(20)} p50 ${f(c.p50)} ms  p95 ${f(c.p95)} ms`)
    for (const [name, plan] of Object.entries(plans))
      console.log(`plan ${name}: ${plan.join(' | ')}`)
    const overall = Math.max(...summaries.map((s) => s.p95))
    const overallControl = Math.max(...controls.map((c) => c.p95))
    const overallOldControl = Math.max(...oldControls.map((c) => c.p95))
    console.log(`goal: every summary p95 ≤ ${GOAL_MS} ms — worst ${overall.toFixed(2)} ms`)

    const byRange = (list: Timing[]) => Object.fromEntries(list.map((t) => [t.name, r2(t.p95)]))
    console.log(
      JSON.stringify({
        bench: 'spending',
        rows: ROWS,
        days: DAYS,
        runs: RUNS,
        goalMs: GOAL_MS,
        summary_p95_ms: r2(overall),
        summary_p95_ms_by_range: byRange(summaries),
        committed_p95_ms: r2(Math.max(committedDay.p95, committedMonth.p95)),
        committed_day_p95_ms: r2(committedDay.p95),
        committed_month_p95_ms: r2(committedMonth.p95),
        by_project_p95_ms_by_range: byRange(byProject),
        project_committed_day_p95_ms: r2(projectDay.p95),
        project_committed_month_p95_ms: r2(projectMonth.p95),
        control_p95_ms: r2(overallControl),
        control_p95_ms_by_range: byRange(controls),
        ratio: r2(overall / Math.max(overallControl, 0.001)),
        old_control_p95_ms: r2(overallOldControl),
        old_control_p95_ms_by_range: byRange(oldControls),
        old_ratio: r2(overall / Math.max(overallOldControl, 0.001)),
        day_rows_by_range: Object.fromEntries(summaries.map((s, i) => [s.name, dayRowCounts[i]])),
        rows_by_range: Object.fromEntries(summaries.map((s) => [s.name, s.rows])),
        meetsGoal: overall <= GOAL_MS,
        fillMs: Math.round(fillMs),
      }),
    )
    db.close()
  } finally {
    journal.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

runBench(main)
