import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { Journal } from '@main/services/journal/Journal'
import { JOURNAL_MIGRATIONS } from '@main/services/journal/migrations'
import type { TaskRecord } from '@main/services/journal/TaskJournal'
import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

function journalPath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gen-studio-journal-'))
  dirs.push(dir)
  return join(dir, 'tasks.sqlite')
}

const record = (id: string, key: string, extra: Partial<TaskRecord> = {}): TaskRecord => ({
  id,
  requestId: null,
  kind: 'video',
  state: 'queued',
  idempotencyKey: key,
  model: 'motion-2.0',
  prompt: 'a wave',
  request: { model: 'motion-2.0', prompt: 'a wave', duration: 5 },
  files: { images: [] },
  costUsd: 0.4219,
  costLabel: '$0.4219',
  createdAt: 1,
  updatedAt: 1,
  startedAt: null,
  finishedAt: null,
  attempts: 0,
  serverId: null,
  serverStatus: null,
  progress: null,
  quote: null,
  pendingQuote: null,
  outputs: null,
  error: null,
  notice: null,
  attention: null,
  retryOf: null,
  demo: false,
  dismissed: false,
  batch: null,
  ...extra,
})

/** The task repository of a journal opened at `path`, closed with its database. */
function openTaskJournal(path: string) {
  const journal = new Journal(path)
  return Object.assign(journal.tasks, { close: () => journal.close() })
}

describe('task journal', () => {
  it('is a WAL database that commits with synchronous=FULL, also after a soft (progress) write', () => {
    const path = journalPath()
    const j = openTaskJournal(path)
    j.insert(record('a', 'k-a'))
    expect(j.synchronousLevel()).toBe(2) // FULL
    j.updateSoft('a', { progress: 0.5 }, 2)
    expect(j.synchronousLevel()).toBe(2)
    j.close()
    const raw = new Database(path, { readonly: true })
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal')
    raw.close()
  })

  it('round-trips every field and survives reopening', () => {
    const path = journalPath()
    const j = openTaskJournal(path)
    const r = record('a', 'k-a', {
      requestId: 'req-12345678',
      quote: { quoteId: 'q', priceUsd: 0.003, quotedAt: 5 },
      outputs: [{ type: 'video', serverId: 'v' }],
      error: { code: 'server', message: 'x', serverCode: 'boom' },
      attention: 'blocked',
      demo: true,
      batch: { batchId: 'b-1', index: 4, x: '20', y: '5.5', repeat: 2, picks: ['red', 'cat'] },
    })
    j.insert(r)
    j.close()
    const again = openTaskJournal(path)
    expect(again.get('a')).toEqual(r)
    expect(again.byRequestId('req-12345678')?.id).toBe('a')
    expect(again.byKey('k-a')?.id).toBe('a')
    again.close()
  })

  it('upgrades a journal from before the ledger_days_groups index: the index is added, every row kept', () => {
    const path = journalPath()
    const j = openTaskJournal(path)
    j.insert(record('a', 'k-a'))
    j.close()
    // The schema as version 2 left it.
    const old = new Database(path)
    old.exec('DROP INDEX ledger_days_groups')
    // And what every later migration added (issue #29's tables and columns).
    old.exec(`
      DROP TABLE task_requests;
      DROP TABLE task_events;
      DROP INDEX ledger_project;
      ALTER TABLE tasks DROP COLUMN queue_pos;
      ALTER TABLE batches DROP COLUMN priority;
      ALTER TABLE ledger DROP COLUMN project;
    `)
    old.pragma('user_version = 2')
    old.close()

    const again = openTaskJournal(path)
    again.close()
    const raw = new Database(path, { readonly: true })
    expect(raw.pragma('user_version', { simple: true })).toBe(JOURNAL_MIGRATIONS.length)
    expect(
      raw
        .prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND name = ?`)
        .get('ledger_days_groups'),
    ).toEqual({ name: 'ledger_days_groups' })
    expect(raw.prepare('SELECT id FROM tasks').all()).toEqual([{ id: 'a' }])
    raw.close()
  })

  it('refuses a second task with the same key (one key, one generation)', () => {
    const j = openTaskJournal(journalPath())
    j.insert(record('a', 'same'))
    expect(() => j.insert(record('b', 'same'))).toThrow(/UNIQUE/)
    j.close()
  })

  it('lists active tasks oldest first and hides dismissed ones', () => {
    const j = openTaskJournal(journalPath())
    j.insert(record('old', 'k1', { createdAt: 1, state: 'running' }))
    j.insert(record('new', 'k2', { createdAt: 2, state: 'queued' }))
    j.insert(record('done', 'k3', { createdAt: 3, state: 'saved' }))
    j.insert(record('gone', 'k4', { createdAt: 4, state: 'running', dismissed: true }))
    expect(j.active().map((t) => t.id)).toEqual(['old', 'new'])
    expect(j.list().map((t) => t.id)).toEqual(['done', 'new', 'old'])
    j.update('done', { dismissed: true }, 9)
    expect(j.list().map((t) => t.id)).toEqual(['new', 'old'])
    j.close()
  })

  it('counts the paid requests in flight that an update waits for: sending, running, downloading, not dismissed', () => {
    const j = openTaskJournal(journalPath())
    expect(j.inFlight()).toBe(0)
    j.insert(record('send', 'k1', { state: 'submitting' }))
    j.insert(record('run', 'k2', { state: 'running' }))
    j.insert(record('fetch', 'k3', { state: 'downloading' }))
    j.insert(record('wait', 'k4', { state: 'queued' }))
    j.insert(record('done', 'k5', { state: 'saved' }))
    j.insert(record('hidden', 'k6', { state: 'running', dismissed: true }))
    expect(j.inFlight()).toBe(3)
    j.update('fetch', { state: 'saved' }, 9)
    expect(j.inFlight()).toBe(2)
    j.close()
  })

  it('writes only the fields a patch defines, and stamps the change with its time', () => {
    const j = openTaskJournal(journalPath())
    j.insert(record('a', 'k', { state: 'running', serverId: 'srv-1', progress: 0.1 }))
    // An undefined field leaves its column alone: the server id a retry must reuse stays.
    j.update('a', { progress: 0.5, serverId: undefined }, 7)
    expect(j.get('a')).toMatchObject({ serverId: 'srv-1', progress: 0.5, updatedAt: 7 })
    // A key that is not a column (a patch built from a wider object) is skipped, not an error
    // that would lose the durable change beside it.
    j.update('a', { state: 'downloading', createdAt: 99 } as never, 8)
    expect(j.get('a')).toMatchObject({ state: 'downloading', createdAt: 1, updatedAt: 8 })
    j.close()
  })

  it('records each saved output once', () => {
    const j = openTaskJournal(journalPath())
    j.insert(record('a', 'k'))
    j.addResult('a', { index: 1, libraryId: 'L1', relPath: 'p/1.png' }, 5)
    j.addResult('a', { index: 0, libraryId: 'L0', relPath: 'p/0.png' }, 5)
    j.addResult('a', { index: 0, libraryId: 'other', relPath: 'p/x.png' }, 6)
    expect(j.results('a')).toEqual([
      { index: 0, libraryId: 'L0', relPath: 'p/0.png' },
      { index: 1, libraryId: 'L1', relPath: 'p/1.png' },
    ])
    j.close()
  })
})
