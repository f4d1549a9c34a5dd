/**
 * The task journal's database (userData/tasks.sqlite) as one unit: the container opens it once
 * and hands each repository to the services that need it, so no service opens, owns or passes on
 * another domain's store. Tasks, their ledger rows and batches live in one database so that
 * admission commits a task, its ledger row and its batch in one transaction.
 */
import { type Db, openDatabase, type SqliteOpener } from '../../adapters/sqlite/openDatabase'
import { BatchJournal } from './BatchJournal'
import { ClaimRows } from './ClaimRows'
import { JOURNAL_MIGRATIONS } from './migrations'
import { SpendLedger } from './SpendLedger'
import { TaskEvents } from './TaskEvents'
import { TaskJournal } from './TaskJournal'
import { TaskRequests } from './TaskRequests'

/** Runs work in one transaction of the journal's database (a task, its ledger row, its batch). */
export type JournalTransaction = <T>(work: () => T) => T

/**
 * Opens the journal (WAL, synchronous=FULL for money rows; a corrupt file is never replaced,
 * since it holds keys of requests that may have been charged) and its three repositories.
 */
export class Journal {
  readonly tasks: TaskJournal
  readonly ledger: SpendLedger
  readonly batches: BatchJournal
  /** Each request's canonical form, to find a paid repeat (issue #29). */
  readonly requests: TaskRequests
  /** Each task's history (state changes with the service's words, unusable reports): claims. */
  readonly events: TaskEvents
  /** The requests a claim may be about (failed, pending too long, reported unusable). */
  readonly claims: ClaimRows
  private readonly db: Db

  constructor(path: string, open: SqliteOpener = openDatabase) {
    this.db = open({
      path,
      migrations: JOURNAL_MIGRATIONS,
      synchronous: 'FULL',
      onCorrupt: 'throw',
      cacheKiB: 4096,
    })
    this.tasks = new TaskJournal(this.db)
    this.ledger = new SpendLedger(this.db)
    this.batches = new BatchJournal(this.db)
    this.requests = new TaskRequests(this.db)
    this.events = new TaskEvents(this.db)
    this.claims = new ClaimRows(this.db)
  }

  /** One transaction over every repository (see JournalTransaction). */
  readonly transaction: JournalTransaction = (work) => this.db.transaction(work)()

  close(): void {
    if (this.db.open) this.db.close()
  }
}
