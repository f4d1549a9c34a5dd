import { randomUUID } from 'node:crypto'
import { promises as fs } from 'node:fs'
import { join } from 'node:path'

import type { BatchCell } from '@shared/batch/types'
import { type AppFailure, fail, isAppFailure, type PaidRepeat } from '@shared/result'
import { taskActions } from '@shared/tasks/actions'
import type { SubmitTaskInput } from '@shared/tasks/submit'
import type { TaskView } from '@shared/tasks/views'

import { type Clock, systemClock } from '../../adapters/clock/Clock'
import { t } from '../../i18n'
import type { BatchJournal, BatchRecord } from '../journal/BatchJournal'
import type { Journal, JournalTransaction } from '../journal/Journal'
import type { SpendLedger } from '../journal/SpendLedger'
import type { TaskJournal } from '../journal/TaskJournal'
import { ledgerRowOf } from '../journal/taskLedger'
import type { TaskFiles, TaskRecord } from '../journal/taskRecord'
import type { TaskRequests } from '../journal/TaskRequests'
import type { BudgetGate } from '../spending/BudgetGate'
import { prepareFiles } from './files'
import { inputOfTask, type Origin, recordOf } from './newTask'
import { editedRequest, ledgerAmountOf, notUnsent, parseEdit, type QueuedEdit } from './queuedEdit'
import { canonicalHashOf, canonicalHashSync, hashReferences, refuseRepeat } from './repeats'
import { TextAdmission } from './TextAdmission'
import { validateSubmission } from './validate'

/** Where admitted tasks go to be sent: the task engine (TaskService), which admission never builds. */
export interface TaskIntake {
  /** Starts driving tasks that were just journaled; answers their views. */
  accept(records: readonly TaskRecord[]): Promise<TaskView[]>
  /** The view of a task already journaled (the same requestId again). */
  view(record: TaskRecord): Promise<TaskView>
  /** A journaled task changed outside the engine (an edit): its view goes out to every screen. */
  changed?(id: string): void
}

export interface AdmissionOptions {
  /** Each task's own folder (userData/tasks/<id>) holds copies of the files it sends. */
  userDataDir: string
  tasks: TaskJournal
  ledger: SpendLedger
  batches: BatchJournal
  /** Each request's canonical form, to catch a paid repeat before it is sent (issue #29). */
  requests: TaskRequests
  /** One transaction over the journal's repositories (journal/Journal.ts). */
  transaction: JournalTransaction
  gate: BudgetGate
  intake: TaskIntake
  /** Whether the app is in the offline demo (its tasks are never charged, never refused). */
  connection(): Promise<{ demo: boolean } | null>
  /** The active project, recorded on every ledger row admitted while it is active (issue #29). */
  project?: () => Promise<string | null>
  clock?: Clock
}

/** One request of a batch: its input, its cell, and how a refusal of it is worded. */
export interface BatchEntry {
  input: SubmitTaskInput
  cell: Omit<BatchCell, 'batchId'>
  /** Rewords a validation failure of this request (which cell, which axis value). */
  relabel?: (e: AppFailure) => never
}

/** A whole batch to admit: its requests, and its row, built once its id and demo flag are known. */
export interface BatchAdmission {
  requestId: string
  entries: readonly BatchEntry[]
  override: boolean
  record(id: string, demo: boolean, now: number): BatchRecord
}

interface Admit {
  input: SubmitTaskInput
  origin: Origin
  relabel?: ((e: AppFailure) => never) | undefined
  /** The user chose to pay again for a request already paid for (or a batch listed it). */
  allowRepeat?: boolean
}

/**
 * The one way in for every charge-bearing request (issue #26): a single generation, a native
 * submission, a retry-as-new, every request of a batch, and a chat reply. The path is always the
 * same: validate (the catalog's per-model rules, references through the one reference check) →
 * copy the files it sends into its own folder → a paid repeat is refused unless the user chose to
 * pay again → the budget gate → the journal (task rows, ledger rows, canonical forms and the batch
 * row in one transaction, each task with a new key) → the engine. Nothing is
 * sent before the journal holds it, and nothing is journaled that the gate refused.
 */
export class Admission {
  private readonly clock: Clock
  /** A chat reply request's way in: its ledger row (text: counted, never priced). */
  readonly text: TextAdmission

  constructor(private readonly o: AdmissionOptions) {
    this.clock = o.clock ?? systemClock
    this.text = new TextAdmission({
      ledger: o.ledger,
      demo: () => this.isDemo(),
      project: () => this.project(),
      now: () => this.clock.now(),
    })
  }

  /**
   * A single generation. With a `requestId` already used, answers that task instead of a second
   * one (a form submitted twice charges once).
   */
  async submit(input: SubmitTaskInput): Promise<TaskView> {
    const existing = input.requestId ? this.o.tasks.byRequestId(input.requestId) : null
    if (existing) return this.o.intake.view(existing)
    const admitted = await this.admit(
      [{ input, origin: { retryOf: null, batch: null }, allowRepeat: input.allowRepeat === true }],
      // Stryker disable next-line StringLiteral: '' words the refusal as 'request' too (budgetRefused's ICU select: anything but 'batch' is a request)
      { override: input.overrideBudget === true, what: 'request' },
      () => {
        const again = input.requestId ? this.o.tasks.byRequestId(input.requestId) : null
        return again ? [again] : null
      },
    )
    if (admitted.existing) return this.o.intake.view(admitted.records[0]!)
    return (await this.o.intake.accept(admitted.records))[0]!
  }

  /**
   * The same request again as a NEW generation: new task, new key, so a new charge, checked
   * against the budget like any other. The references are copied again from the old task's
   * copies, and a workbench task gets a fresh quote.
   */
  async retryAsNew(id: string, options: { allowRepeat?: boolean } = {}): Promise<TaskView> {
    const task = this.o.tasks.get(id)
    if (!task || task.dismissed)
      return fail('not_found', t('taskGone'), {
        action: t('taskGoneAction'),
      })
    const results = this.o.tasks.results(id)
    if (!taskActions({ ...task, results }).retryAsNew) {
      return fail('validation', t('runAgainOnlyEnded'), {
        action: t('runAgainOnlyEndedAction'),
      })
    }
    const input = inputOfTask(task)
    const admitted = await this.admit(
      [
        {
          input,
          origin: { retryOf: task.id, batch: null },
          allowRepeat: options.allowRepeat === true,
        },
      ],
      // Stryker disable next-line StringLiteral: '' words the refusal as 'request' too (budgetRefused's ICU select: anything but 'batch' is a request)
      { override: false, what: 'request', demo: task.demo },
    )
    return (await this.o.intake.accept(admitted.records))[0]!
  }

  /** Validates a batch's requests as its submission will (a plan shows what would be refused). */
  async check(entries: readonly BatchEntry[]): Promise<void> {
    for (const e of entries) await this.validate(e)
  }

  /**
   * Every request of a batch, each its own task with its own key, journaled with the batch row in
   * one transaction after the gate passed the whole batch's estimate. The same requestId twice
   * answers the batch already admitted.
   */
  async submitBatch(batch: BatchAdmission): Promise<{ batchId: string }> {
    const existing = this.o.batches.byRequestId(batch.requestId)
    if (existing) return { batchId: existing.id }
    const id = randomUUID()
    const admitted = await this.admit(
      batch.entries.map((e) => ({
        input: e.input,
        origin: { retryOf: null, batch: { batchId: id, ...e.cell } },
        relabel: e.relabel,
        // The plan listed the batch's repeats, and the user kept or dropped them there.
        allowRepeat: true,
      })),
      { override: batch.override, what: 'batch' },
      // Stryker disable next-line ArrayDeclaration: equivalent, only that it is not null is read (the batch's id is looked up again)
      () => (this.o.batches.byRequestId(batch.requestId) ? [] : null),
      (demo, now) => this.o.batches.insert(batch.record(id, demo, now)),
    )
    if (admitted.existing) return { batchId: this.o.batches.byRequestId(batch.requestId)!.id }
    await this.o.intake.accept(admitted.records)
    return { batchId: id }
  }

  /** Resolves when every chat ledger write asked for so far is done (shutdown, tests). */
  idle(): Promise<void> {
    return this.text.idle()
  }

  private async project(): Promise<string | null> {
    // Stryker disable next-line ArrowFunction: equivalent, an undefined answer falls to `?? null` as null does
    return (await this.o.project?.().catch(() => null)) ?? null
  }

  private async isDemo(): Promise<boolean> {
    // Stryker disable next-line ArrowFunction: equivalent, an undefined answer reads as not the demo, as null does
    return (await this.o.connection().catch(() => null))?.demo ?? false
  }

  private async validate(a: Pick<Admit, 'input' | 'relabel'>): Promise<void> {
    try {
      await validateSubmission(a.input)
    } catch (e) {
      if (a.relabel && isAppFailure(e)) a.relabel(e)
      throw e
    }
  }

  /**
   * The path itself. `again` looks, after the last await, for what a concurrent call admitted
   * under the same requestId (then nothing is journaled); `alongside` writes in the same
   * transaction (the batch row).
   */
  private async admit(
    items: readonly Admit[],
    at: { override: boolean; what: 'request' | 'batch'; demo?: boolean },
    again?: () => TaskRecord[] | null,
    alongside?: (demo: boolean, now: number) => void,
  ): Promise<{ records: TaskRecord[]; existing: boolean }> {
    for (const item of items) await this.validate(item)
    const demo = at.demo ?? (await this.isDemo())
    const prepared: Array<{ item: Admit; id: string; dir: string }> = items.map((item) => {
      const id = randomUUID()
      return { item, id, dir: join(this.o.userDataDir, 'tasks', id) }
    })
    try {
      const files: TaskFiles[] = []
      for (const p of prepared) files.push(await prepareFiles(p.dir, p.item.input))
      const hashes = new Map<string, string>()
      const canonical: Array<string | null> = []
      for (const p of prepared) canonical.push(await canonicalHashOf(p.item.input, hashes))
      const budgets = await this.o.gate.budgets()
      const project = await this.project()
      // From here to the commit: no await, so nothing else can spend in between.
      const existing = again?.()
      if (existing) {
        await this.discard(prepared)
        return { records: existing, existing: true }
      }
      if (!demo) {
        for (const [i, item] of items.entries()) {
          const paid = item.allowRepeat || !canonical[i] ? null : this.o.requests.paid(canonical[i])
          if (paid) refuseRepeat(paid)
        }
      }
      const inputs = items.map((i) => i.input)
      this.o.gate.check(budgets, inputs, { demo, override: at.override, what: at.what, project })
      const now = this.clock.now()
      const records = prepared.map((p, i) =>
        recordOf(p.item.input, p.id, files[i]!, demo, p.item.origin, now),
      )
      this.o.transaction(() => {
        alongside?.(demo, now)
        for (const [i, r] of records.entries()) {
          this.o.tasks.insert(r)
          this.o.ledger.open(ledgerRowOf(r, project))
          const form = canonical[i]
          if (form) this.o.requests.record(r.id, form)
        }
      })
      return { records, existing: false }
    } catch (e) {
      await this.discard(prepared)
      throw e
    }
  }

  /**
   * For each request, the paid request it repeats exactly (its result in the library), or null:
   * a batch's plan lists them so the user can drop them before it is priced. Demo requests were
   * never paid for, so in the demo nothing is a repeat.
   */
  async repeats(inputs: readonly SubmitTaskInput[]): Promise<Array<PaidRepeat | null>> {
    if (await this.isDemo()) return inputs.map(() => null)
    const hashes = new Map<string, string>()
    for (const input of inputs) await hashReferences(input, hashes)
    return inputs.map((input) => {
      const form = canonicalHashSync(input, hashes)
      return form ? this.o.requests.paid(form) : null
    })
  }

  /** Removes the copies made for tasks that were never journaled (refused, or already there). */
  private async discard(prepared: ReadonlyArray<{ dir: string }>): Promise<void> {
    await Promise.all(prepared.map((p) => fs.rm(p.dir, { recursive: true, force: true })))
  }

  /**
   * Edits a queued task that was never sent (issue #29). The new request takes the path of a new
   * one: its shape, the catalog's validators, the paid-repeat check, then the budget gate, which
   * weighs only what it costs beyond the amount already committed for this task (the ledger row
   * is replaced, not added to). The task row (request, estimate, a NEW key: it is a different
   * request, and the old key was never sent, so no charge can be lost) and its ledger row
   * (amount, basis) change in one transaction before anything is sent; the task keeps its id and
   * place. The unsent check and the write run with no await between them on main's one thread, and
   * the engine re-reads the row once a task has its slot, so a send either came first (the edit
   * is refused, nothing written) or carries the edit.
   */
  async editQueued(id: string, edit: QueuedEdit): Promise<TaskView> {
    const before = this.unsentQueued(id)
    if (before.kind === 'workbench') {
      return fail('validation', t('quotedNotEditable'), { action: t('quotedNotEditableAction') })
    }
    const input = parseEdit(inputOfTask(before, edit.request))
    await this.validate({ input })
    const canonical = await canonicalHashOf(input)
    const budgets = await this.o.gate.budgets()
    // From here to the commit: no await, so the engine cannot send it in between.
    const task = this.unsentQueued(id)
    if (!task.demo && !edit.allowRepeat && canonical) {
      const paid = this.o.requests.paid(canonical)
      if (paid) refuseRepeat(paid)
    }
    this.o.gate.checkReplacing(budgets, input, task.quote?.priceUsd ?? task.costUsd, {
      demo: task.demo,
      override: edit.overrideBudget === true,
      // Stryker disable next-line StringLiteral: '' words the refusal as 'request' too (budgetRefused's ICU select: anything but 'batch' is a request)
      what: 'request',
      project: this.o.ledger.projects.projectOf(id),
    })
    const next = editedRequest(input)
    this.o.transaction(() => {
      if (!this.o.tasks.replaceQueuedRequest(id, next, this.clock.now())) notUnsent()
      this.o.ledger.reprice(id, ledgerAmountOf(next))
      if (canonical) this.o.requests.record(id, canonical)
    })
    this.o.intake.changed?.(id)
    return this.o.intake.view(this.o.tasks.get(id)!)
  }

  /**
   * Undoes the removal of a queued task that was never sent (tasks:restore): its request is
   * admitted again as a new task by the same path as any request (validated, priced, the budget
   * checked: the removed task's ledger row was voided, so it no longer counts), with a new key,
   * and takes the removed task's place in the queue. Asking twice restores it once. The paid-repeat
   * question is not asked again: it was answered when the request was first admitted.
   */
  async restoreRemoved(id: string): Promise<TaskView> {
    const task = this.o.tasks.get(id)
    if (
      !task ||
      !task.dismissed ||
      task.state !== 'cancelled' ||
      task.attempts > 0 ||
      task.startedAt !== null
    ) {
      return fail('validation', t('restoreOnlyUnsent'), {
        action: t('restoreOnlyUnsentAction'),
      })
    }
    const input = { ...inputOfTask(task), requestId: `restore-${task.id}` }
    const existing = this.o.tasks.byRequestId(input.requestId)
    if (existing) return this.o.intake.view(existing)
    const place = this.o.tasks.queuePosition(id)
    const admitted = await this.admit(
      [{ input, origin: { retryOf: task.retryOf, batch: task.batch }, allowRepeat: true }],
      // Stryker disable next-line StringLiteral: '' words the refusal as 'request' too (budgetRefused's ICU select: anything but 'batch' is a request)
      { override: false, what: 'request', demo: task.demo },
      () => {
        const again = this.o.tasks.byRequestId(input.requestId)
        return again ? [again] : null
      },
    )
    const record = admitted.records[0]!
    if (admitted.existing) return this.o.intake.view(record)
    // Stryker disable next-line ConditionalExpression: equivalent, a task just read always has a place (its position, or its creation time)
    if (place !== null) this.o.tasks.placeAt(record.id, place)
    // The new task has its own copies now: the removed one's folder is no longer needed.
    await this.discard([{ dir: join(this.o.userDataDir, 'tasks', id) }])
    return (await this.o.intake.accept(admitted.records))[0]!
  }

  /** The task, if it is still queued and was never sent; a clear refusal otherwise. */
  private unsentQueued(id: string): TaskRecord {
    const task = this.o.tasks.get(id)
    if (!task || task.dismissed)
      return fail('not_found', t('taskGone'), {
        action: t('taskGoneAction'),
      })
    if (task.state !== 'queued' || task.attempts > 0) notUnsent()
    return task
  }
}

/** The journal's repositories admission writes to (the whole journal, or a test's stand-ins). */
type JournalParts = Pick<Journal, 'tasks' | 'ledger' | 'batches' | 'requests' | 'transaction'>

/** Admission over one journal: its repositories and its transaction, handed on in one place. */
export function admissionOver(
  journal: JournalParts,
  options: Omit<AdmissionOptions, keyof JournalParts>,
): Admission {
  const { tasks, ledger, batches, requests, transaction } = journal
  return new Admission({ ...options, tasks, ledger, batches, requests, transaction })
}
