import { planBatch, type PlannedRequest, priceRequests } from '@shared/batch/plan'
import type {
  BatchGridView,
  BatchPlanView,
  BatchRepeatView,
  BatchSpec,
  BatchView,
} from '@shared/batch/types'
import type { SettingsView } from '@shared/ipc/contract'
import { fail } from '@shared/result'
import { CONCURRENCY_KEY, isActive, type TaskState } from '@shared/tasks/states'
import type { SubmitTaskInput } from '@shared/tasks/submit'

import { type Clock, systemClock } from '../../adapters/clock/Clock'
import type { MainEvents } from '../../events'
import { t } from '../../i18n'
import type { Admission } from '../admission/Admission'
import type { BatchJournal, BatchRecord } from '../journal/BatchJournal'
import type { TaskJournal } from '../journal/TaskJournal'
import type { composeGrid } from '../library/files/composeGrid'
import type { BudgetGate } from '../spending/BudgetGate'
import type { TaskService } from '../tasks/TaskService'
import { defaultTitle, entryOf, viewOf } from './plannedRequests'
import type { WildcardStore } from './WildcardStore'

export interface BatchServiceOptions {
  /** The one way in for paid requests: a batch's requests are admitted as a whole. */
  admission: Pick<Admission, 'check' | 'submitBatch' | 'repeats'>
  /** The budget rule a plan is shown against (the same one admission applies). */
  gate: Pick<BudgetGate, 'budgets' | 'refusal'>
  /** Steers the batch's tasks (cancel what was never sent, wake a resumed batch's queue). */
  tasks: Pick<TaskService, 'cancel' | 'wake' | 'onBatchesChanged' | 'queueChanged'>
  /** The batches' rows and their tasks' rows, read here and written only by admission. */
  batches: BatchJournal
  journal: Pick<TaskJournal, 'byBatch' | 'results' | 'typicalSeconds'>
  wildcards: WildcardStore
  settings: {
    settings(): Promise<{ concurrency: SettingsView['concurrency'] }>
    connection(): Promise<{ demo: boolean } | null>
    /** The project the batch would be admitted into: its own caps are shown with the plan. */
    activeProject(): Promise<string | null>
  }
  events: MainEvents
  clock?: Clock
  /** Where a library item's file is (the grid export reads the saved results). */
  library: { absolutePath(id: string): Promise<string> }
  /** Draws the labelled grid image (sharp; see library/files/composeGrid.ts). */
  composeGrid: typeof composeGrid
}

/** Most rows the plan's answer lists (the total and the count cover every request). */
const LISTED = 1000

/**
 * Batches (issue #15): a form's request expanded (wildcards, X/Y axes, repeats), validated and
 * priced in full before anything is sent; journaled as ordinary tasks, each with its own key, in
 * one transaction with the batch row after the budget check; paused (nothing new is sent),
 * resumed and cancelled (only what was never sent) as a whole.
 */
export class BatchService {
  private readonly clock: Clock

  constructor(private readonly o: BatchServiceOptions) {
    this.clock = o.clock ?? systemClock
    o.tasks.onBatchesChanged((ids) => void this.touched(ids))
  }

  /** Expands, validates and prices a batch; nothing is journaled or sent. */
  async plan(base: SubmitTaskInput, spec: BatchSpec): Promise<BatchPlanView> {
    const expanded = await this.expand(base, spec)
    await this.o.admission.check(expanded.requests.map(entryOf))
    const { requests, repeats } = await this.withoutRepeats(expanded.requests, spec)
    const { xValues, yValues } = expanded
    const price = priceRequests(requests)
    const refusal = this.o.gate.refusal(
      await this.o.gate.budgets(),
      requests.map((r) => r.input),
      await this.isDemo(),
      await this.o.settings.activeProject(),
    )
    const { concurrency } = await this.o.settings.settings()
    const perTask = this.o.journal.typicalSeconds(base.kind)
    const lanes = Math.max(1, concurrency[CONCURRENCY_KEY[base.kind]])
    return {
      kind: base.kind,
      count: requests.length,
      // Stryker disable next-line MethodExpression: planBatch refuses a batch over MAX_BATCH (1000 = LISTED), so the slice never cuts today; it keeps the answer bounded if MAX_BATCH grows
      requests: requests.slice(0, LISTED).map((r, i) => viewOf(r, price.perRequest[i]!)),
      totalUsd: price.totalUsd,
      approximate: price.approximate,
      unpriced: price.unpriced,
      expectedSeconds: Math.ceil(requests.length / lanes) * perTask,
      budget: { fits: refusal === null, refusal },
      xValues,
      yValues,
      missingLists: [],
      repeats,
    }
  }

  /**
   * Admits every request of the batch (the plan is made again here, so what runs is what was
   * priced): validated, budget-checked as a whole and journaled with the batch row in one
   * transaction by admission, then run. The same requestId twice answers the existing batch.
   */
  async submit(
    base: SubmitTaskInput,
    spec: BatchSpec,
    requestId: string,
    override: boolean,
  ): Promise<BatchView> {
    const existing = this.o.batches.byRequestId(requestId)
    if (existing) return this.view(existing)
    const expanded = await this.expand(base, spec)
    const { requests } = await this.withoutRepeats(expanded.requests, spec)
    const { xValues, yValues } = expanded
    if (requests.length === 0)
      fail('validation', t('batchAllRepeats'), { action: t('batchAllRepeatsAction') })
    const price = priceRequests(requests)
    const { batchId } = await this.o.admission.submitBatch({
      requestId,
      entries: requests.map(entryOf),
      override,
      record: (id, demo, now) => ({
        id,
        requestId,
        title: spec.title || defaultTitle(base, requests.length),
        kind: base.kind,
        model: String((base.request as { model?: unknown }).model ?? ''),
        state: 'running',
        createdAt: now,
        updatedAt: now,
        total: requests.length,
        estimateUsd: price.totalUsd,
        axes: {
          xField: spec.x?.field ?? null,
          yField: spec.y?.field ?? null,
          xValues,
          yValues,
        },
        demo,
      }),
    })
    return this.emit(batchId)
  }

  async list(): Promise<BatchView[]> {
    return this.o.batches.list().map((b) => this.view(b))
  }

  async get(id: string): Promise<BatchView> {
    return this.view(this.record(id))
  }

  /** The batch's cells in plan order with their tasks' states and saved results. */
  async grid(id: string): Promise<BatchGridView> {
    const batch = this.view(this.record(id))
    const cells = this.o.journal.byBatch(id).map((t) => {
      const results = this.o.journal.results(t.id)
      // Stryker disable OptionalChaining: byBatch reads the rows of this batch_id, so each has its batch cell
      return {
        index: t.batch?.index ?? 0,
        x: t.batch?.x ?? null,
        y: t.batch?.y ?? null,
        repeat: t.batch?.repeat ?? 1,
        // Stryker restore OptionalChaining
        taskId: t.id,
        state: t.state,
        libraryIds: results.map((r) => r.libraryId),
        relPaths: results.map((r) => r.relPath),
      }
    })
    return { batch, cells }
  }

  /**
   * Draws the batch's X/Y grid (each cell's first saved image, from the first of its repeats
   * that has one) with its labels into one PNG at `dest`.
   */
  async exportGrid(id: string, dest: string): Promise<{ path: string }> {
    const { batch, cells } = await this.grid(id)
    if (!batch.xField && !batch.yField)
      fail('validation', t('batchNoGrid'), {
        action: t('batchNoGridAction'),
      })
    const xValues = batch.xValues.length ? batch.xValues : [null]
    const yValues = batch.yValues.length ? batch.yValues : [null]
    const drawn = []
    for (const y of yValues) {
      for (const x of xValues) {
        const cell = cells.find((c) => c.x === x && c.y === y && c.libraryIds.length > 0)
        const path = cell
          ? await this.o.library.absolutePath(cell.libraryIds[0]!).catch(() => null)
          : null
        drawn.push({ x, y, path })
      }
    }
    await this.o.composeGrid({
      cells: drawn,
      xValues: batch.xValues,
      yValues: batch.yValues,
      out: dest,
    })
    return { path: dest }
  }

  /** Nothing new is sent; requests already sent finish and are saved. */
  async pause(id: string): Promise<BatchView> {
    const b = this.record(id)
    if (b.state === 'cancelled')
      fail('validation', t('batchCancelledNoPause'), {
        action: t('batchCancelledNoPauseAction'),
      })
    this.o.batches.setState(id, 'paused', this.clock.now())
    return this.emit(id)
  }

  async resume(id: string): Promise<BatchView> {
    const b = this.record(id)
    if (b.state !== 'paused')
      fail('validation', t('batchOnlyPausedResume'), {
        action: t('taskGoneAction'),
      })
    this.o.batches.setState(id, 'running', this.clock.now())
    await this.o.tasks.wake(
      this.o.journal
        .byBatch(id)
        .filter((t) => t.state === 'queued')
        .map((t) => t.id),
    )
    return this.emit(id)
  }

  /** Cancels what was never sent (queued, or waiting on a price); sent requests finish and save. */
  async cancel(id: string): Promise<BatchView> {
    this.record(id)
    this.o.batches.setState(id, 'cancelled', this.clock.now())
    for (const t of this.o.journal.byBatch(id)) {
      const waitsOnPrice =
        t.state === 'needs_attention' &&
        (t.attention === 'quote_changed' || t.attention === 'price_above_estimate')
      // Stryker disable next-line ArrowFunction: equivalent, the caught value is discarded (null or undefined alike)
      if (t.state === 'queued' || waitsOnPrice) await this.o.tasks.cancel(t.id).catch(() => null)
    }
    return this.emit(id)
  }

  /**
   * "Run first" (or back to the usual order): the batch's queued tasks go before every other
   * batch's and every single task (see TaskJournal's run order); the slots follow it as they
   * free up. Its queued tasks' places are sent to the Tasks screen.
   */
  async prioritize(id: string, first: boolean): Promise<BatchView> {
    this.record(id)
    this.o.batches.setPriority(id, first, this.clock.now())
    await this.o.tasks.queueChanged()
    return this.emit(id)
  }

  /** Tells the renderer that these batches changed (their tasks moved on). */
  async touched(ids: readonly string[]): Promise<void> {
    // Stryker disable next-line ArrowFunction: equivalent, the caught value is discarded (null or undefined alike)
    for (const id of ids) await this.emit(id).catch(() => null)
  }

  private async emit(id: string): Promise<BatchView> {
    const view = await this.get(id)
    this.o.events.emit('batch:updated', view)
    return view
  }

  private record(id: string): BatchRecord {
    const b = this.o.batches.get(id)
    if (!b) fail('not_found', t('batchGone'), { action: t('taskGoneAction') })
    return b!
  }

  private view(b: BatchRecord): BatchView {
    const counts = this.o.batches.counts(b.id)
    // A running batch with nothing left to send or hear back from (no task queued or at the
    // server: counts lists only states that have tasks) is done; any other shows as set.
    const pending = Object.keys(counts).some((state) => isActive(state as TaskState))
    const state = b.state === 'running' && !pending ? 'done' : b.state
    return {
      id: b.id,
      title: b.title,
      kind: b.kind,
      model: b.model,
      createdAt: b.createdAt,
      state,
      total: b.total,
      counts,
      estimateUsd: b.estimateUsd,
      xField: b.axes.xField,
      yField: b.axes.yField,
      xValues: b.axes.xValues,
      yValues: b.axes.yValues,
      demo: b.demo,
      priority: this.o.batches.priority(b.id),
    }
  }

  private async isDemo(): Promise<boolean> {
    // Stryker disable next-line ArrowFunction: equivalent, `?.demo ?? false` reads null and undefined alike
    return (await this.o.settings.connection().catch(() => null))?.demo ?? false
  }

  /**
   * The requests already paid for (their results in the library), listed for the plan, and the
   * requests left to run: without them when the user chose to drop them.
   */
  private async withoutRepeats(requests: PlannedRequest[], spec: BatchSpec) {
    const paid = await this.o.admission.repeats(requests.map((r) => r.input))
    const drop = spec.dropRepeats === true
    const repeats: BatchRepeatView[] = []
    for (const [i, r] of requests.entries()) {
      const p = paid[i]
      if (p)
        repeats.push({
          index: r.cell.index,
          x: r.cell.x,
          y: r.cell.y,
          repeat: r.cell.repeat,
          paid: p,
          dropped: drop,
        })
    }
    return { requests: drop ? requests.filter((_, i) => !paid[i]) : requests, repeats }
  }

  /** The plan (wildcards, axes, repeats); admission validates each of its requests. */
  private async expand(base: SubmitTaskInput, spec: BatchSpec) {
    const plan = planBatch(base, spec, await this.o.wildcards.map())
    if (!plan.ok) {
      const message = plan.missingLists.length
        ? t('batchPlanMissingLists', {
            problem: plan.message,
            lists: plan.missingLists.map((n) => `__${n}__`).join(', '),
          })
        : plan.message
      return fail('validation', message, {
        fields: plan.fields,
        action: t('batchFixAction'),
      })
    }
    return plan
  }
}
