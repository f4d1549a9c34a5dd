import { join } from 'node:path'

import { Journal } from '@main/services/journal/Journal'
import type { LedgerStatus } from '@shared/spending/types'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { openLedgerRow } from '../../../support/ledgerRows'
import { tempFolderPerTest } from '../../../support/tempFolderPerTest'

/**
 * ProjectLedger.totals (issue #29): a project's committed sums over a range whose past days are
 * read once and kept, and whose days from `today` on are read live. Days here are local (noon),
 * so any zone gives the same days.
 */
const dir = tempFolderPerTest('gen-studio-projects-')
let journal: Journal

beforeEach(() => {
  journal = new Journal(join(dir.path, 'tasks.sqlite'))
})
afterEach(() => journal.close())

const noon = (day: string): number => new Date(`${day}T12:00:00`).getTime()

/** Opens a committed row of `project` on `day` (or in `status`), through the journal `j`. */
const row = (
  project: string,
  day: string,
  amountUsd: number | null,
  status: LedgerStatus = 'pending',
  j: Journal = journal,
): string => openLedgerRow(j.ledger, { project, createdAt: noon(day), amountUsd, status })

const totals = (from: string, to: string, today: string) =>
  journal.ledger.projects
    .totals(from, to, [0], today)
    .map((t) => [t.project, t.n, t.unpriced, t.m])
    .sort()

describe('ProjectLedger.totals', () => {
  it('adds a project’s past days and today, each row once', () => {
    row('P', '2025-03-10', 1)
    row('P', '2025-03-11', 2)
    row('P', '2025-03-12', 4)
    row('P', '2025-03-12', null)
    row('Q', '2025-03-12', 8, 'failed')
    // Today is the 12th: the 10th and 11th come from the kept days, the 12th is read live.
    expect(totals('2025-03-10', '2025-03-12', '2025-03-12')).toEqual([['P', 4, 1, 7_000_000]])
    // Asked again: the kept days answer the same.
    expect(totals('2025-03-10', '2025-03-12', '2025-03-12')).toEqual([['P', 4, 1, 7_000_000]])
    // A range wholly past, and one that ends before today.
    expect(totals('2025-03-10', '2025-03-12', '2025-03-20')).toEqual([['P', 4, 1, 7_000_000]])
    expect(totals('2025-03-10', '2025-03-11', '2025-03-12')).toEqual([['P', 2, 0, 3_000_000]])
  })

  it('reads a range that starts after today from its own first day, not from today', () => {
    row('P', '2025-03-05', 1)
    row('P', '2025-03-12', 2)
    expect(totals('2025-03-11', '2025-03-12', '2025-03-01')).toEqual([['P', 1, 0, 2_000_000]])
  })

  it('reads each past day once, until the ledger says a past day changed', () => {
    row('P', '2025-03-10', 1)
    expect(totals('2025-03-10', '2025-03-11', '2025-03-20')).toEqual([['P', 1, 0, 1_000_000]])
    // Another connection writes a past day behind this ledger's back: the kept days stand…
    const other = new Journal(join(dir.path, 'tasks.sqlite'))
    try {
      row('P', '2025-03-11', 2, 'pending', other)
    } finally {
      other.close()
    }
    expect(totals('2025-03-10', '2025-03-11', '2025-03-20')).toEqual([['P', 1, 0, 1_000_000]])
    // …until they are dropped (SpendLedger does so on every change of a past day), or the day turns.
    expect(totals('2025-03-10', '2025-03-11', '2025-03-21')).toEqual([['P', 2, 0, 3_000_000]])
    journal.ledger.projects.invalidate()
    expect(totals('2025-03-10', '2025-03-11', '2025-03-20')).toEqual([['P', 2, 0, 3_000_000]])
  })
})
