import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { ManualClock } from '@main/adapters/clock/ManualClock'
import { MainEvents } from '@main/events'
import {
  type Admission,
  type AdmissionOptions,
  admissionOver,
} from '@main/services/admission/Admission'
import { Journal } from '@main/services/journal/Journal'
import { BudgetGate } from '@main/services/spending/BudgetGate'
import { TaskService } from '@main/services/tasks/TaskService'
import { type Budgets, NO_BUDGETS } from '@shared/spending/types'
import type { TasksUpdate } from '@shared/tasks/views'

import { guardTaskJournal } from './guardedTaskJournal'
import { FakeGateway, FakeSink } from './taskFakes'

export interface TaskServiceRig {
  dir: string
  clock: ManualClock
  gateway: FakeGateway
  sink: FakeSink
  journal: Journal
  svc: TaskService
  admission: Admission
  gate: BudgetGate
  events: MainEvents
  /** Every `tasks:updated` event, with the virtual time it was sent at. */
  updates: Array<{ at: number; update: TasksUpdate }>
  /** The caps the gate reads (change them between submissions). */
  budgets: Budgets
  close(): Promise<void>
}

/**
 * The tasks domain as the container wires it (journal, budget gate, TaskService as admission's
 * intake, admission) over the scripted gateway and sink on a virtual clock, in a temp userData
 * folder. `ledger` replaces the ledger admission writes to (a fault in the middle of a commit).
 */
export function taskServiceRig(
  opts: {
    concurrency?: Partial<Record<string, number>>
    demo?: boolean
    ledger?: (real: Journal['ledger']) => AdmissionOptions['ledger']
  } = {},
): TaskServiceRig {
  const dir = mkdtempSync(join(tmpdir(), 'gen-studio-tasksvc-'))
  const clock = new ManualClock()
  const gateway = new FakeGateway(clock)
  const sink = new FakeSink()
  const events = new MainEvents()
  const journal = new Journal(join(dir, 'tasks.sqlite'))
  const updates: TaskServiceRig['updates'] = []
  events.forward((name, payload) => {
    if (name === 'tasks:updated') updates.push({ at: clock.now(), update: payload as TasksUpdate })
  })
  // A driver that spins fails the test at close (guardedTaskJournal.ts), not at a timeout.
  const spins: string[] = []
  const svc = new TaskService({
    userDataDir: dir,
    journal: guardTaskJournal(journal.tasks, clock, { spins, fault: null }),
    ledger: journal.ledger,
    history: journal.events,
    batches: journal.batches,
    gateway,
    sink,
    events,
    clock,
    settings: {
      settings: async () => ({
        concurrency: { image: 4, video: 8, art: 2, workbench: 2, ...opts.concurrency },
      }),
    },
  })
  const rig: TaskServiceRig = {
    dir,
    clock,
    gateway,
    sink,
    journal,
    svc,
    admission: null as unknown as Admission,
    gate: null as unknown as BudgetGate,
    events,
    updates,
    budgets: NO_BUDGETS,
    async close() {
      await svc.dispose()
      await rig.admission.idle()
      journal.close()
      rmSync(dir, { recursive: true, force: true })
      if (spins.length > 0) throw new Error(`drivers spun without end: ${spins.join(', ')}`)
    },
  }
  const gate = new BudgetGate({ ledger: journal.ledger, budgets: async () => rig.budgets, clock })
  rig.gate = gate
  const parts = opts.ledger ? { ...journal, ledger: opts.ledger(journal.ledger) } : journal
  rig.admission = admissionOver(parts, {
    userDataDir: dir,
    gate,
    intake: svc,
    connection: async () => ({ demo: opts.demo ?? true }),
    clock,
  })
  return rig
}
